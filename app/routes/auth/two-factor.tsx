import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/two-factor";
import { logger } from "~/.server/logger";
import { verifySecondFactor } from "~/.server/auth/two-factor";
import { AuthCard, AuthNotice } from "~/components/admin/auth-card";
import { TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { readForm } from "~/.server/http/read-form";
import { safeRedirect } from "~/lib/safe-redirect";
import { SecondFactorSchema } from "~/validation/staff";

// The second sign-in step (docs/product.md#staff-accounts): a code from the authenticator app or a backup code, and
// "trust this device for 30 days". Reached only with the two-factor cookie the first step set.

const hasSecondStepCookie = (request: Request) => /(?:^|;\s*)(?:__Secure-)?[\w.-]*two_factor=/.test(request.headers.get("Cookie") ?? "");

export async function loader({ request }: Route.LoaderArgs) {
  if (!hasSecondStepCookie(request)) throw redirect("/admin/login");
  return null;
}

type ActionData = { fieldErrors: Record<string, string>; formError: string | null };

export async function action({ request }: Route.ActionArgs) {
  const parsed = await readForm(request, SecondFactorSchema);
  if (!parsed.ok) {
    return data<ActionData>(parsed.unreadable ? { fieldErrors: { code: "Enter the 6-digit code from your authenticator app" }, formError: null } : { fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  }
  try {
    const result = await verifySecondFactor(request, parsed.data);
    if (!result.ok) {
      if (result.expired) throw redirect("/admin/login");
      const headers = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : undefined;
      return data<ActionData>({ fieldErrors: {}, formError: result.message }, { status: result.status, headers });
    }
    return redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")), { headers: result.headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error }, "second sign-in step crashed");
    return data<ActionData>({ fieldErrors: {}, formError: "An unexpected error occurred" }, { status: 500 });
  }
}

export default function TwoFactorStep({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [searchParams] = useSearchParams();
  const backup = searchParams.get("method") === "backup";
  const other = new URLSearchParams(searchParams);
  if (backup) other.delete("method");
  else other.set("method", "backup");
  return (
    <AuthCard
      title="Two-factor authentication"
      description={backup ? "Enter one of your backup codes. Each code works once." : "Enter the 6-digit code from your authenticator app."}
    >
      {actionData?.formError ? <AuthNotice kind="error" title="Sign In Failed" message={actionData.formError} /> : null}
      <Form method="post" noValidate className="grid gap-5">
        <input type="hidden" name="method" value={backup ? "backup" : "totp"} />
        {backup ? (
          <TextField key="backup" label="Backup code" name="code" autoComplete="off" autoCapitalize="none" spellCheck={false} required autoFocus error={actionData?.fieldErrors.code} />
        ) : (
          <TextField key="totp" label="Authentication code" name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus error={actionData?.fieldErrors.code} />
        )}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="trust_device" className="size-4 accent-primary" />
          Trust this device for 30 days
        </label>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? "Verifying..." : "Verify"}
        </Button>
      </Form>
      <p className="mt-5 text-center text-sm">
        <Link to={`?${other.toString()}`} replace className="text-primary underline-offset-4 hover:underline">
          {backup ? "Use your authenticator app instead" : "Use a backup code instead"}
        </Link>
      </p>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Two-factor Authentication | Company Admin Panel" }, { name: "robots", content: "noindex, nofollow" }];

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
