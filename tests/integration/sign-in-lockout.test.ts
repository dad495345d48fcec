import type { AddressInfo } from "node:net";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEVICE_COOKIE } from "~/.server/auth/device-cookie";
import { env } from "~/.server/env";
import { type MailConfig, setMailConfigForTests } from "~/.server/mail/mailer";
import { TOO_MANY, UNLOCK_SENT } from "~/.server/auth/sign-in";
import { action as apiAction } from "~/routes/api/auth";
import { action as loginAction } from "~/routes/auth/login";
import { INVALID_LINK, action as unlockAction, loader as unlockLoader, UNLOCKED } from "~/routes/auth/unlock";
import { ADMIN_PASSWORD, createAdmin } from "../factories";
import { useTestDatabase } from "../setup/database";
import { call, ORIGIN } from "./admin-support";

// docs/security.md "No lockout an attacker can cause": the account lockout stays for strangers, but the
// admin's own browser (a signed device cookie) still gets in, and a locked-out admin can unlock by email.

useTestDatabase();

// A real SMTP server on loopback that keeps every message.
const received: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, _session, callback) {
    let raw = "";
    stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    stream.on("end", () => {
      received.push(raw);
      callback();
    });
  },
});
let mail: MailConfig;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  mail = { transport: nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true }), to: "office@atoll.example", from: "website@atoll.example" };
});
afterAll(async () => {
  setMailConfigForTests(undefined);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const saved = { account: env.LOGIN_ACCOUNT_LIMIT, device: env.LOGIN_DEVICE_LIMIT };
beforeEach(() => {
  // A small ceiling keeps the attack short; the rules are the same at 100 an hour.
  env.LOGIN_ACCOUNT_LIMIT = "5/3600";
  env.LOGIN_DEVICE_LIMIT = "3/3600";
  setMailConfigForTests(null);
});
afterEach(() => {
  env.LOGIN_ACCOUNT_LIMIT = saved.account;
  env.LOGIN_DEVICE_LIMIT = saved.device;
  received.length = 0;
});

let ipSeq = 0;
const newIp = () => `198.51.100.${++ipSeq % 250}`;

/** The login form posted from a browser: its own IP and whatever cookies it holds. */
function loginPost(email: string, password: string, { ip = newIp(), cookie }: { ip?: string; cookie?: string } = {}) {
  const body = new FormData();
  body.set("email", email);
  body.set("password", password);
  const headers: Record<string, string> = { origin: ORIGIN, "x-client-ip": ip };
  if (cookie) headers.cookie = cookie;
  return call(loginAction, new Request(`${ORIGIN}/admin/login`, { method: "POST", body, headers }));
}

function deviceCookieIn(headers: Headers | undefined): string | undefined {
  const set = (headers?.getSetCookie() ?? []).find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  return set?.split(";")[0];
}

/** An attacker: wrong passwords, each from a different address, until the account is locked. */
async function attack(email: string, tries = 8) {
  const statuses: number[] = [];
  for (let i = 0; i < tries; i++) statuses.push((await loginPost(email, "wrong-password")).status);
  return statuses;
}

describe("account lockout during an attack from many addresses", () => {
  it("locks strangers out, but the admin's own browser still signs in from a new address", async () => {
    const admin = await createAdmin();
    // Monday: the admin signs in from the office browser, which keeps a device cookie.
    const first = await loginPost(admin.email, ADMIN_PASSWORD);
    expect(first.status).toBe(302);
    const device = deviceCookieIn(first.headers);
    expect(device).toBeDefined();
    const cookieLine = (first.headers?.getSetCookie() ?? []).find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(cookieLine).toMatch(/HttpOnly/);
    expect(cookieLine).toMatch(/Max-Age=31536000/);

    // Tuesday: wrong passwords from many addresses lock the account.
    const statuses = await attack(admin.email);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);

    // A stranger's browser, even with the right password, is refused for the window.
    const stranger = await loginPost(admin.email, ADMIN_PASSWORD);
    expect(stranger.status).toBe(429);
    expect(stranger.data.formError).toMatchObject({ title: "Sign In Failed" });
    expect((stranger.data.formError as { message: string }).message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ seconds\.$/);

    // The admin's browser, from a new address (a phone network, a cafe), gets in.
    const mine = await loginPost(admin.email, ADMIN_PASSWORD, { cookie: device });
    expect(mine).toMatchObject({ status: 302, location: "/admin/dashboard" });
    expect((mine.headers?.getSetCookie() ?? []).join("\n")).toContain("session_token");
  });

  it("does not trust a forged, tampered or other account's device cookie", async () => {
    const admin = await createAdmin();
    const other = await createAdmin();
    const otherDevice = deviceCookieIn((await loginPost(other.email, ADMIN_PASSWORD)).headers)!;
    await attack(admin.email);
    const [name, value] = otherDevice.split("=");
    const tampered = `${name}=${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`;
    for (const cookie of [otherDevice, tampered, `${DEVICE_COOKIE}=v1.${Buffer.from(admin.email).toString("base64url")}.x.1.y`]) {
      expect((await loginPost(admin.email, ADMIN_PASSWORD, { cookie })).status, cookie).toBe(429);
    }
  });

  it("gives a trusted device its own small failure budget, which does not touch the account's", async () => {
    const admin = await createAdmin();
    const device = deviceCookieIn((await loginPost(admin.email, ADMIN_PASSWORD)).headers)!;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await loginPost(admin.email, "wrong-password", { cookie: device })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // That device waits; the account itself is not locked, so another browser still signs in.
    expect((await loginPost(admin.email, ADMIN_PASSWORD, { cookie: device })).status).toBe(429);
    expect((await loginPost(admin.email, ADMIN_PASSWORD)).status).toBe(302);
  });

  it("gives the device cookie on the JSON endpoint too, and honours it there", async () => {
    const admin = await createAdmin();
    const post = (password: string, cookie?: string) =>
      call(
        apiAction,
        new Request(`${ORIGIN}/api/auth/sign-in/email`, {
          method: "POST",
          body: JSON.stringify({ email: admin.email, password }),
          headers: { "content-type": "application/json", origin: ORIGIN, "x-client-ip": newIp(), ...(cookie ? { cookie } : {}) },
        }),
      );
    const ok = await post(ADMIN_PASSWORD);
    expect(ok.status).toBe(200);
    const device = deviceCookieIn(ok.headers);
    expect(device).toBeDefined();
    await attack(admin.email);
    expect((await post(ADMIN_PASSWORD)).status).toBe(429);
    expect((await post(ADMIN_PASSWORD, device)).status).toBe(200);
  });
});

describe("unlock by emailed link", () => {
  const linkIn = (raw: string) => {
    const unfolded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    return /http:\/\/\S+\/admin\/login\/unlock\?token=\S+/.exec(unfolded)?.[0];
  };

  it("without mail configured, the lockout says only when to try again", async () => {
    const admin = await createAdmin();
    await attack(admin.email);
    const locked = await loginPost(admin.email, ADMIN_PASSWORD);
    expect(locked.status).toBe(429);
    expect((locked.data.formError as { message: string }).message).not.toContain(UNLOCK_SENT);
    expect(received).toEqual([]);
  });

  it("emails the account one single-use link that unlocks sign-in on the browser that opens it", async () => {
    setMailConfigForTests(mail);
    const admin = await createAdmin();
    await attack(admin.email);
    const locked = await loginPost(admin.email, ADMIN_PASSWORD);
    expect(locked.status).toBe(429);
    const seconds = Number(/in (\d+) seconds/.exec((locked.data.formError as { message: string }).message)?.[1]);
    expect((locked.data.formError as { message: string }).message).toBe(`${TOO_MANY(seconds)} ${UNLOCK_SENT}`);
    // Many more refused attempts: still one email.
    await attack(admin.email, 3);
    await expect.poll(() => received.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(1);
    expect(received[0]).toContain(`To: ${admin.email}`);
    expect(received[0]).toMatch(/^Subject: Unlock sign-in to the admin panel/m);
    const link = linkIn(received[0]);
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get("token")!;

    // Opening the link only shows the button (mail scanners do not use it up).
    expect((await call(unlockLoader, new Request(link!))).data).toEqual({ token, valid: true });
    expect((await call(unlockLoader, new Request(link!))).data).toEqual({ token, valid: true });

    const press = () => {
      const body = new FormData();
      body.set("token", token);
      return call(unlockAction, new Request(`${ORIGIN}/admin/login/unlock`, { method: "POST", body, headers: { origin: ORIGIN } }));
    };
    const unlocked = await press();
    expect(unlocked).toMatchObject({ status: 200, data: { ok: true, message: UNLOCKED } });
    const device = deviceCookieIn(unlocked.headers);
    expect(device).toBeDefined();

    // Single use.
    expect(await press()).toMatchObject({ status: 400, data: { ok: false, message: INVALID_LINK } });
    expect((await call(unlockLoader, new Request(link!))).data).toMatchObject({ valid: false });

    // The attack goes on and locks strangers out again; the unlocked browser signs in.
    await attack(admin.email);
    expect((await loginPost(admin.email, ADMIN_PASSWORD)).status).toBe(429);
    expect((await loginPost(admin.email, ADMIN_PASSWORD, { cookie: device })).status).toBe(302);
  });

  it("refuses a forged, altered or expired link and unknown accounts get no email", async () => {
    setMailConfigForTests(mail);
    await attack("nobody@example.com");
    const locked = await loginPost("nobody@example.com", ADMIN_PASSWORD);
    expect(locked.status).toBe(429);
    expect((locked.data.formError as { message: string }).message).toContain(UNLOCK_SENT);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual([]);

    const admin = await createAdmin();
    await attack(admin.email);
    await expect.poll(() => received.length).toBe(1);
    const token = new URL(linkIn(received[0])!).searchParams.get("token")!;
    const [email, windowEndsAt, expiresAt, signature] = token.split(".");
    const forged = [
      "",
      "x",
      `${email}.${windowEndsAt}.${Number(expiresAt) + 3_600_000}.${signature}`,
      `${Buffer.from("nobody@example.com").toString("base64url")}.${windowEndsAt}.${expiresAt}.${signature}`,
    ];
    for (const candidate of forged) {
      const body = new FormData();
      body.set("token", candidate);
      const answer = await call(unlockAction, new Request(`${ORIGIN}/admin/login/unlock`, { method: "POST", body, headers: { origin: ORIGIN } }));
      expect(answer.status, candidate).toBe(400);
    }
    // Still locked: none of them worked.
    expect((await loginPost(admin.email, ADMIN_PASSWORD)).status).toBe(429);
    // An expired link: the same token checked 31 minutes later.
    const { checkUnlockToken } = await import("~/.server/auth/sign-in-unlock");
    expect(await checkUnlockToken(token)).toBe(true);
    expect(await checkUnlockToken(token, Date.now() + 31 * 60_000)).toBe(false);
  });
});
