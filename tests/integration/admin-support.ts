import fs from "node:fs";
import path from "node:path";
import { type ComponentType, createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, createStaticHandler, isRouteErrorResponse, useLoaderData } from "react-router";
import { auth } from "~/.server/auth/auth";
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

type RouteFunction = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

/**
 * Calls a loader (GET, HEAD) or an action (other methods) the way React Router answers a document request,
 * through its public static handler (the server rendering's own entry, createStaticHandler().query), and
 * describes what the browser would get: the status, the data the page renders (or the error boundary shows),
 * the headers, and a redirect's location. `thrown` says the answer is an error boundary's.
 */
export async function call<T = Record<string, unknown>>(fn: unknown, request: Request, params: Record<string, string> = {}): Promise<Answer<T>> {
  const run = (args: { request: Request; context: unknown }) => (fn as RouteFunction)({ request: args.request, params, context: args.context });
  const isRead = request.method === "GET" || request.method === "HEAD";
  const handler = createStaticHandler([{ id: "route", path: "*", hasErrorBoundary: true, ...(isRead ? { loader: run } : { action: run }) }]);
  const result = await handler.query(request, { requestContext: {} });
  if (result instanceof Response) {
    // A redirect (React Router answers one directly, whether it was returned or thrown).
    return { status: result.status, data: {} as T, location: result.headers.get("Location"), thrown: false, headers: result.headers };
  }
  const headers = new Headers((isRead ? result.loaderHeaders.route : result.actionHeaders.route) ?? undefined);
  const error = result.errors ? Object.values(result.errors)[0] : undefined;
  if (error !== undefined) {
    // Anything but a thrown Response or data() is a crash: a 500 the test should see as the exception itself.
    if (!isRouteErrorResponse(error)) throw error;
    return { status: error.status, data: error.data as T, location: null, thrown: true, headers };
  }
  const data = (isRead ? result.loaderData.route : result.actionData?.route) as T;
  return { status: result.statusCode, data, location: headers.get("Location"), thrown: false, headers };
}

/** The intents an action answers, from its source: `case "x":` and `intent === "x"` / `intent !== "x"`. */
export function intentsOf(file: string): string[] {
  const main = path.resolve("app", file);
  // An action may hand intents to a module beside it (the enquiries page's lead-actions.ts): read those too.
  const helpers = [...fs.readFileSync(main, "utf8").matchAll(/from "\.\/([\w-]+)"/g)]
    .map((m) => [".ts", ".tsx"].map((ext) => path.join(path.dirname(main), m[1] + ext)).find((f) => fs.existsSync(f)))
    .filter((f): f is string => Boolean(f))
    // The shared write helper every page imports: the intents it serves are named by the pages' own `case` lines.
    .filter((f) => path.basename(f) !== "record-action.ts");
  let source = [main, ...helpers].map((f) => fs.readFileSync(f, "utf8")).join("\n");
  // Except its recordListIntent, which answers the intents the services and projects pages share: a page that hands
  // intents to it answers its cases too.
  if (source.includes("recordListIntent(")) source += `\n${sharedListIntents()}`;
  const found = new Set<string>();
  for (const m of source.matchAll(/case "([\w-]+)":/g)) found.add(m[1]);
  for (const m of source.matchAll(/(?:intent|write) [!=]== "([\w-]+)"/g)) found.add(m[1]);
  return found.size ? [...found].sort() : ["(no intent)"];
}

/** The body of record-action.ts's recordListIntent, where its `case` lines are. */
function sharedListIntents(): string {
  const source = fs.readFileSync(path.resolve("app/routes/admin/record-action.ts"), "utf8");
  const start = source.indexOf("export function recordListIntent");
  if (start < 0) throw new Error("record-action.ts has no recordListIntent: update intentsOf");
  const end = source.indexOf("\nexport ", start + 1);
  return source.slice(start, end < 0 ? undefined : end);
}

/** An admin page component as the browser gets it from the server, given its loader's real answer. */
export function renderPage(Page: ComponentType<never>, path: string, loaderData: unknown): string {
  const Route = () => createElement(Page, { loaderData: useLoaderData(), params: {}, matches: [] } as never);
  const Stub = createRoutesStub([{ id: "page", path: new URL(path, "http://x").pathname, Component: Route }]);
  return renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { page: loaderData } } }));
}

/** Rendered HTML with `&amp;` and React's text separators undone, for matching text. */
export const decodeHtml = (html: string) => html.replace(/&amp;/g, "&").replace(/<!-- -->/g, "");
