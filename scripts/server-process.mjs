// How the production server's process is started: `npm start` (scripts/start.mjs), the measurements (scripts/perf-server.mjs,
// scripts/memory.mjs) and the systemd unit in docs/deploy.md use these, so that what is measured is what runs.
// Both are read only when a process starts, which is why `npm start` runs the server as a child process.

/**
 * glibc's allocator keeps many arenas and holds freed memory by default, so a busy server's memory only grows: two
 * arenas, and blocks over 128 KB (decoded images) handed back to the system when freed (docs/performance.md, "Memory").
 */
export const ALLOCATOR_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };

/**
 * V8's young generation at 4 MB per semi-space instead of Node 20's 16: short-lived garbage (each request's render)
 * is collected before it piles up. Under `npm run memory` the peak fell from 316 to 276 MB, with the same
 * requests per second as 8 MB (docs/decisions/0100-a-smaller-young-generation.md).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4"];

/**
 * The flags, less any the operator already set in NODE_OPTIONS (theirs win). V8 reads `-` and `_` in a flag's name
 * alike, and a flag on the command line comes after NODE_OPTIONS and would override it, so both spellings count.
 */
export function serverNodeFlags(env = process.env) {
  const own = (env.NODE_OPTIONS ?? "").replaceAll("_", "-");
  return SERVER_NODE_FLAGS.filter((flag) => !own.includes(flag.split("=")[0]));
}

/** The environment with the allocator settings added where the operator has not set their own. */
export function serverEnv(env = process.env) {
  return process.platform === "linux" ? { ...ALLOCATOR_ENV, ...env } : { ...env };
}
