import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { cacheSize, MAX_CACHE_ENTRIES } from "~/.server/cache/cache";
import { db } from "~/.server/db";
import { createService, getActiveService } from "~/.server/models/services";
import { getPublicProject } from "~/.server/models/projects";
import { hitRateLimit, startRateLimitPruning, stopRateLimitPruning } from "~/.server/models/rate-limits";
import { serviceInput } from "../factories";
import { useTestDatabase } from "../setup/database";

// docs/security.md "Bounded memory": what a crawler or an attacker can make the server remember is capped.

useTestDatabase();
afterEach(() => stopRateLimitPruning());

describe("public detail cache", () => {
  it("stays bounded while a crawler asks for thousands of random service and project ids, and still serves real ones", async () => {
    const real = await createService(serviceInput({ title: "Real service" }), null);
    expect((await getActiveService(real.id))?.title).toBe("Real service");
    for (let i = 0; i < 3 * MAX_CACHE_ENTRIES; i++) {
      const id = crypto.randomUUID();
      expect(await (i % 2 ? getActiveService(id) : getPublicProject(id))).toBeNull();
      expect(cacheSize()).toBeLessThanOrEqual(MAX_CACHE_ENTRIES);
    }
    expect(cacheSize()).toBe(MAX_CACHE_ENTRIES);
    expect((await getActiveService(real.id))?.title).toBe("Real service");
  });
});

describe("rate-limit counters", () => {
  it("are pruned on a schedule: expired rows go, live ones stay", async () => {
    for (let i = 0; i < 50; i++) await hitRateLimit(`login-ip:198.51.100.${i}`, 3, 1);
    await hitRateLimit("login-account:admin@example.com", 100, 3_600_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const count = async () => Number((await db().selectFrom("rate_limits").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    expect(await count()).toBe(51);
    startRateLimitPruning(50);
    await expect.poll(count, { timeout: 2000 }).toBe(1);
    // Expired again later: the schedule keeps running, not just once at start.
    await hitRateLimit("login-ip:203.0.113.9", 3, 1);
    await expect.poll(count, { timeout: 2000 }).toBe(1);
    const left = await db().selectFrom("rate_limits").select("key").execute();
    expect(left.map((r) => r.key)).toEqual(["login-account:admin@example.com"]);
  });
});
