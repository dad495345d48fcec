import { redirect } from "react-router";
import { redirectWithToast } from "~/.server/http/flash";
import type { Route } from "./+types/logout";
import { getOptionalUser } from "~/.server/auth/access";
import { recordSecurityActivity } from "~/.server/activity/activity";
import { auth } from "~/.server/auth/auth";
import { logger } from "~/.server/logger";

/** POST /admin/logout: ends the session in the database and clears the cookie, then goes to /admin/login. */
export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers();
  // Who is leaving, for the activity log: read before the session is gone.
  const user = await getOptionalUser(request);
  try {
    const response = await auth().api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch (error) {
    logger.warn({ err: error }, "sign-out without a session");
  }
  if (user) await recordSecurityActivity(request, { action: "sign-out", actorId: user.id, actorEmail: user.email });
  return redirectWithToast("/admin/login", { type: "success", title: "Signed Out", description: "You have been successfully signed out." }, { headers });
}

export function loader() {
  return redirect("/admin/login");
}
