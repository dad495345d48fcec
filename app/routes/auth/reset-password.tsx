import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { auth } from "~/.server/auth/auth";
import { logger } from "~/.server/logger";
import { resetPassword } from "~/.server/auth/staff";
import { INVALID_RESET } from "~/content/staff";
import { AuthCard, AuthNotice } from "~/components/admin/auth-card";
import { TextField } from "~/components/admin/form-fields";
import { NewPasswordField } from "~/components/admin/new-password-field";
import { Button } from "~/components/ui/button";
import { readForm } from "~/.server/http/read-form";
import { ResetPasswordSchema } from "~/validation/new-password";

// The page a reset link opens (docs/product.md#staff-accounts): a new password, once, within the hour.

/** Whether a reset link is still good, without using it up. */
async function resetTokenValid(token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const found = await (await auth().$context).internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(found && new Date(found.expiresAt) > new Date());
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: await resetTokenValid(token) };
}

type ActionData = { done: boolean; fieldErrors: Record<string, string>; formError: string | null };

export async function action({ request }: Route.ActionArgs) {
  const parsed = await readForm(request, ResetPasswordSchema);
  if (!parsed.ok) {
    return data<ActionData>(parsed.unreadable ? { done: false, fieldErrors: {}, formError: INVALID_RESET } : { done: false, fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  }
  try {
    if (!(await resetPassword(request, parsed.data.token, parsed.data.password))) return data<ActionData>({ done: false, fieldErrors: {}, formError: INVALID_RESET }, { status: 400 });
  } catch (error) {
    logger.error({ err: error }, "password reset failed");
    return data<ActionData>({ done: false, fieldErrors: {}, formError: "An unexpected error occurred" }, { status: 503 });
  }
  return data<ActionData>({ done: true, fieldErrors: {}, formError: null });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.done) {
    return (
      <AuthCard title="Password changed" description="Your new password is set and your other sessions were signed out.">
        <AuthNotice kind="success" message="You can now sign in with your new password." />
        <Button asChild size="lg" className="w-full">
          <Link to="/admin/login">Sign in</Link>
        </Button>
      </AuthCard>
    );
  }
  if (!loaderData.valid) {
    return (
      <AuthCard title="Reset password" description="Choose a new password for your admin account.">
        <AuthNotice kind="error" message={INVALID_RESET} />
        <Button asChild size="lg" className="w-full">
          <Link to="/admin/forgot-password">Ask for a new link</Link>
        </Button>
      </AuthCard>
    );
  }
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AuthCard title="Reset password" description="Choose a new password for your admin account.">
      {actionData?.formError ? <AuthNotice kind="error" message={actionData.formError} /> : null}
      <Form method="post" noValidate className="grid gap-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordField label="New password" name="password" required error={errors.password} />
        <TextField label="Confirm new password" name="confirm_password" type="password" autoComplete="new-password" required error={errors.confirm_password} />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? "Saving..." : "Set new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Reset Password | Company Admin Panel" }, { name: "robots", content: "noindex, nofollow" }];

// The token is in the address: never cached, never sent on as a referrer.
export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });
