// Types for scripts/server-process.mjs (plain JavaScript: `npm start` runs it with Node alone), for the browser test
// that starts the server as production does.
export declare const ALLOCATOR_ENV: Record<"MALLOC_ARENA_MAX" | "MALLOC_MMAP_THRESHOLD_", string>;
export declare const SERVER_NODE_FLAGS: string[];
export declare function serverNodeFlags(env?: NodeJS.ProcessEnv): string[];
export declare function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
