import { describe, expect, test } from "vitest";
import { ALLOCATOR_ENV, SERVER_NODE_FLAGS, serverEnv, serverNodeFlags } from "./server-process.mjs";

describe("the production server's process settings", () => {
  test("npm start passes the young-generation flag unless the operator set their own in NODE_OPTIONS", () => {
    expect(serverNodeFlags({})).toEqual(["--max-semi-space-size=4"]);
    expect(serverNodeFlags({ NODE_OPTIONS: "--max-old-space-size=512" })).toEqual(SERVER_NODE_FLAGS);
    expect(serverNodeFlags({ NODE_OPTIONS: "--max-old-space-size=512 --max-semi-space-size=16" })).toEqual([]);
    expect(serverNodeFlags({ NODE_OPTIONS: "--max_semi_space_size=16" })).toEqual([]);
  });

  test.runIf(process.platform === "linux")("the allocator settings are added on Linux, and the operator's own values win", () => {
    expect(serverEnv({ PORT: "3000" })).toEqual({ PORT: "3000", ...ALLOCATOR_ENV });
    expect(serverEnv({ MALLOC_ARENA_MAX: "4" })).toEqual({ MALLOC_ARENA_MAX: "4", MALLOC_MMAP_THRESHOLD_: "131072" });
  });
});
