import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, PRODUCTION_SCRYPT, scryptCostFor, TEST_SCRYPT, verifyPassword } from "./password";

describe("password hashing", () => {
  it("uses better-auth's full scrypt cost everywhere but under NODE_ENV=test", () => {
    for (const nodeEnv of ["production", "development", undefined]) {
      expect(scryptCostFor(nodeEnv)).toEqual({ N: 16384, r: 16, p: 1, dkLen: 64 });
    }
    expect(scryptCostFor("test")).toBe(TEST_SCRYPT);
    expect(TEST_SCRYPT.N).toBeLessThan(PRODUCTION_SCRYPT.N);
  });

  it("at the production cost, reads better-auth's hashes and writes hashes better-auth reads", async () => {
    const stored = await betterAuthHash("correct-horse-battery");
    expect(await verifyPassword(stored, "correct-horse-battery", PRODUCTION_SCRYPT)).toBe(true);
    expect(await verifyPassword(stored, "correct-horse-batterz", PRODUCTION_SCRYPT)).toBe(false);
    const ours = await hashPassword("correct-horse-battery", PRODUCTION_SCRYPT);
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash: ours, password: "correct-horse-battery" })).toBe(true);
    // The test cost is another function of the password: a test hash is no production hash.
    expect(await verifyPassword(stored, "correct-horse-battery", TEST_SCRYPT)).toBe(false);
  });

  it("salts each hash, refuses a wrong password and a stored value that is no hash", async () => {
    const first = await hashPassword("a long password");
    expect(first).not.toBe(await hashPassword("a long password"));
    expect(await verifyPassword(first, "a long password")).toBe(true);
    expect(await verifyPassword(first, "a long passworD")).toBe(false);
    await expect(verifyPassword("not-a-hash", "a long password")).rejects.toThrow("Invalid password hash");
  });
});
