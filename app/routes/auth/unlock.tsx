import { CircleCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/unlock";
import { deviceCookieFor } from "~/.server/auth/device-cookie";
import { checkUnlockToken, redeemUnlockToken } from "~/.server/auth/sign-in-unlock";
import { AuthCard, AuthNotice } from "~/components/admin/auth-card";
import { Button } from "~/components/ui/button";

// The emailed unlock link (docs/decisions/0010-device-cookies-and-unlock-links.md). Opening it only shows a
// button: mail scanners that follow links must not use it up. Pressing it lifts the lockout and makes this
// browser a trusted device for the account.

export const INVALID_LINK = "This unlock link is invalid, has expired or has already been used.";
export const UNLOCKED = "Sign-in is unlocked on this browser. You can sign in now.";

const tokenOf = (value: FormDataEntryValue | string | null) => (typeof value === "string" ? value.slice(0, 1024) : "");

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(new URL(request.url).searchParams.get("token"));
  return { token, valid: token !== "" && (await checkUnlockToken(token)) };
}

export async function action({ request }: Route.ActionArgs) {
  let token: string;
  try {
    token = tokenOf((await request.formData()).get("token"));
  } catch {
    return data({ ok: false as const, message: INVALID_LINK }, { status: 400 });
  }
  const redeemed = token ? await redeemUnlockToken(token) : null;
  if (!redeemed) return data({ ok: false as const, message: INVALID_LINK }, { status: 400 });
  return data({ ok: true as const, message: UNLOCKED }, { headers: { "Set-Cookie": deviceCookieFor(redeemed.email) } });
}

export default function Unlock({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const done = actionData?.ok === true;
  const problem = actionData && !actionData.ok ? actionData.message : !loaderData.valid && !actionData ? INVALID_LINK : null;
  return (
    <AuthCard title="Unlock Sign-In" description="Trust this browser for your admin account" back={{ to: "/", label: "Back to website" }}>
      {done ? (
        <div role="status" className="mb-5 flex gap-3 rounded-lg border border-emerald-600/30 bg-emerald-600/5 p-3 text-sm text-emerald-800">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>{actionData.message}</p>
        </div>
      ) : problem ? (
        <AuthNotice kind="error" message={problem} />
      ) : (
        <p className="mb-5 text-sm text-muted-foreground">
          Sign-in to your account was paused after too many wrong passwords. Unlock it for this browser, then sign in with your password.
        </p>
      )}

      {done || problem ? (
        <Button asChild size="lg" className="w-full">
          <Link to="/admin/login">Go to Sign In</Link>
        </Button>
      ) : (
        <Form method="post">
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? "Unlocking..." : "Unlock Sign-In"}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Unlock Sign-In | Company Admin Panel" }, { name: "robots", content: "noindex, nofollow" }];

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow" });
