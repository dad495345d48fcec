import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { env } from "../env";

// Password hashing (docs/decisions/0035-test-suite-speed.md). Outside tests this is
// better-auth's own scrypt, same cost and same "salt:key" hex format, so every hash already stored keeps verifying.
// Under NODE_ENV=test only the work factor N is lower: the integration suite hashes or verifies a password about
// 1,100 times, and at the production cost that was ~50 s of CPU on a 2-core machine. It stays a real salted scrypt,
// so a wrong password still fails; password.test.ts proves the production cost is the strong one.

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
  dkLen: number;
}

/** better-auth 1.7's cost (@better-auth/utils/password): about 50 ms of CPU and 32 MiB per hash. */
export const PRODUCTION_SCRYPT: ScryptCost = { N: 16384, r: 16, p: 1, dkLen: 64 };
/** Tests only: 16 times less work, same memory-hard function and format. */
export const TEST_SCRYPT: ScryptCost = { ...PRODUCTION_SCRYPT, N: 1024 };

/** The cost for a NODE_ENV: only "test" gets the cheap one. */
export function scryptCostFor(nodeEnv: string | undefined): ScryptCost {
  return nodeEnv === "test" ? TEST_SCRYPT : PRODUCTION_SCRYPT;
}

function deriveKey(password: string, salt: string, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, cost.dkLen, { N: cost.N, r: cost.r, p: cost.p, maxmem: 128 * cost.N * cost.r * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost: ScryptCost = scryptCostFor(env.NODE_ENV)): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  return `${salt}:${(await deriveKey(password, salt, cost)).toString("hex")}`;
}

export async function verifyPassword(hash: string, password: string, cost: ScryptCost = scryptCostFor(env.NODE_ENV)): Promise<boolean> {
  const [salt, key] = hash.split(":");
  // As better-auth's own verify: a stored value that is no hash is an error, not a wrong password.
  if (!salt || !key) throw new Error("Invalid password hash");
  const expected = Buffer.from(key, "hex");
  const actual = await deriveKey(password, salt, cost);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
