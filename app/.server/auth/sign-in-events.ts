import crypto from "node:crypto";
import { describeBrowser } from "~/lib/browser";
import { sendNewSignInEmail } from "../mail/account-emails";
import { auth, CLIENT_IP_HEADER, SITE_ORIGIN } from "./auth";
import { logger } from "../logger";
import { getProfile } from "../models/profiles";
import { recordSignIn, rememberBrowser } from "../models/team";

// What follows a completed sign-in (password, and the second step when two-factor is on): the time of
// the last sign-in for the Team page, and the "new sign-in from a new browser" email (docs/product.md#staff-accounts).

export async function noteSignIn(request: Request, userId: string): Promise<void> {
  try {
    await recordSignIn(userId);
    const browser = describeBrowser(request.headers.get("user-agent"));
    const fingerprint = crypto.createHash("sha256").update(browser).digest("base64url");
    if ((await rememberBrowser(userId, fingerprint)) !== "new") return;
    const found = await (await auth().$context).internalAdapter.findUserById(userId);
    if (!found) return;
    const profile = await getProfile(userId);
    await sendNewSignInEmail(
      found.email,
      profile?.full_name || found.name,
      {
        browser,
        ip: request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
        when: new Date().toLocaleString("en-GB", { timeZone: "Indian/Maldives", dateStyle: "medium", timeStyle: "short" }) + " (Maldives time)",
      },
      `${SITE_ORIGIN}/admin/profile`,
    );
  } catch (error) {
    // A notice that cannot be recorded or queued never blocks a sign-in.
    logger.error({ userId, err: error }, "sign-in notice failed");
  }
}
