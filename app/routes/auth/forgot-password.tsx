import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { logger } from "~/.server/logger";
import { requestPasswordReset } from "~/.server/auth/staff";
import { RESET_REQUESTED, RESET_TOO_MANY } from "~/content/staff";
import { AuthCard, AuthNotice } from "~/components/admin/auth-card";
import { TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { readForm } from "~/.server/http/read-form";
import { ForgotPasswordSchema } from "~/validation/staff";

// Forgot password (docs/product.md#staff-accounts): the same answer whether or not the address has an account.

type ActionData = { sent: boolean; fieldErrors: Record<string, string>; formError: string | null };

export async function action({ request }: Route.ActionArgs) {
  const parsed = await readForm(request, ForgotPasswordSchema);
  if (!parsed.ok) {
    return data<ActionData>(parsed.unreadable ? { sent: false, fieldErrors: { email: "Invalid email address" }, formError: null } : { sent: false, fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  }
  try {
    const result = await requestPasswordReset(request, parsed.data.email);
    if (!result.ok) return data<ActionData>({ sent: false, fieldErrors: {}, formError: RESET_TOO_MANY }, { status: 429, headers: { "Retry-After": String(result.retryAfter) } });
  } catch (error) {
    logger.error({ err: error }, "password reset request failed");
    return data<ActionData>({ sent: false, fieldErrors: {}, formError: "An unexpected error occurred" }, { status: 503 });
  }
  return data<ActionData>({ sent: true, fieldErrors: {}, formError: null });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title="Forgot password" description="Enter your email and we will send you a link to choose a new password.">
      {actionData?.sent ? <AuthNotice kind="success" title="Check your email" message={RESET_REQUESTED} /> : null}
      {actionData?.formError ? <AuthNotice kind="error" message={actionData.formError} /> : null}
      {actionData?.sent ? null : (
        <Form method="post" noValidate className="grid gap-5">
          <TextField label="Email" name="email" type="email" autoComplete="username" required error={actionData?.fieldErrors.email} />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? "Sending..." : "Send reset link"}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Forgot Password | Company Admin Panel" }, { name: "robots", content: "noindex, nofollow" }];

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" });
