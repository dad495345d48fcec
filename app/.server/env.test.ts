import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("has the documented defaults", () => {
    expect(parseEnv({})).toMatchObject({ PORT: 3000, DATA_DIR: "./data", DEMO_CONTENT: true, ALLOW_SIGNUP: false, NODE_ENV: "development" });
  });
  it("requires AUTH_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET/);
    expect(parseEnv({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) }).NODE_ENV).toBe("production");
  });
  it("reads booleans and refuses bad values with a clear message", () => {
    expect(parseEnv({ DEMO_CONTENT: "false", ALLOW_SIGNUP: "true" })).toMatchObject({ DEMO_CONTENT: false, ALLOW_SIGNUP: true });
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must be a postgres/);
    expect(() => parseEnv({ ADMIN_EMAIL: "a@b.c" })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD together/);
    expect(parseEnv({ PUBLIC_URL: "https://example.mv/" }).PUBLIC_URL).toBe("https://example.mv");
  });
});
