import fs from "node:fs";
import path from "node:path";
import { auth } from "~/.server/auth";
import { ADMIN_PASSWORD, createAdmin, createMember } from "../factories";

// Helpers for the admin integration tests: real Requests, a real session cookie, and one shape for
// whatever a loader or action answers (plain data, data() with a status, a redirect, or a throw).

export const ORIGIN = "http://localhost:3000";

/** Signs in through better-auth and returns the Cookie header a browser would send. */
export async function signInCookie(email: string, password = ADMIN_PASSWORD): Promise<string> {
  const response = await auth().api.signInEmail({ body: { email, password }, asResponse: true });
  if (!response.ok) throw new Error(`sign-in failed with ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export async function adminSession() {
  const admin = await createAdmin();
  return { admin, cookie: await signInCookie(admin.email) };
}

export async function memberSession() {
  const member = await createMember();
  return { member, cookie: await signInCookie(member.email) };
}

export function getRequest(path: string, cookie?: string): Request {
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
}

export function postRequest(path: string, fields: Record<string, string | string[] | undefined>, cookie?: string): Request {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  }
  return new Request(`${ORIGIN}${path}`, { method: "POST", body, headers: cookie ? { cookie, origin: ORIGIN } : { origin: ORIGIN } });
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  data: T;
  location?: string | null;
  thrown: boolean;
  headers?: Headers;
}

function isDataWithInit(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

async function normalize(value: unknown, thrown: boolean): Promise<Answer> {
  if (value instanceof Response) {
    const text = await value.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = text;
    }
    return { status: value.status, data: data as Record<string, unknown>, location: value.headers.get("Location"), thrown, headers: value.headers };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return { status: value.init?.status ?? 200, data: value.data as Record<string, unknown>, location: headers.get("Location"), thrown, headers };
  }
  if (thrown) throw value;
  return { status: 200, data: value as Record<string, unknown>, thrown };
}

type RouteFunction = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

/** Calls a loader or action like React Router would and describes the answer. */
export async function call<T = Record<string, unknown>>(fn: unknown, request: Request, params: Record<string, string> = {}): Promise<Answer<T>> {
  try {
    return (await normalize(await (fn as RouteFunction)({ request, params, context: {} }), false)) as Answer<T>;
  } catch (error) {
    return (await normalize(error, true)) as Answer<T>;
  }
}

/** The intents an action answers, from its source: `case "x":` and `intent === "x"` / `intent !== "x"`. */
export function intentsOf(file: string): string[] {
  const main = path.resolve("app", file);
  // An action may hand intents to a module beside it (the enquiries page's lead-actions.ts): read those too.
  const helpers = [...fs.readFileSync(main, "utf8").matchAll(/from "\.\/([\w-]+)"/g)]
    .map((m) => [".ts", ".tsx"].map((ext) => path.join(path.dirname(main), m[1] + ext)).find((f) => fs.existsSync(f)))
    .filter((f): f is string => Boolean(f));
  const source = [main, ...helpers].map((f) => fs.readFileSync(f, "utf8")).join("\n");
  const found = new Set<string>();
  for (const m of source.matchAll(/case "([\w-]+)":/g)) found.add(m[1]);
  for (const m of source.matchAll(/(?:intent|write) [!=]== "([\w-]+)"/g)) found.add(m[1]);
  return found.size ? [...found].sort() : ["(no intent)"];
}
