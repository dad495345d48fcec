import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/accept-invite";
import { logger } from "~/.server/logger";
import { acceptInvite, inviteForToken } from "~/.server/auth/staff";
import { INVALID_INVITE } from "~/content/staff";
import { AuthCard, AuthNotice } from "~/components/admin/auth-card";
import { TextField } from "~/components/admin/form-fields";
import { NewPasswordField } from "~/components/admin/new-password-field";
import { Button } from "~/components/ui/button";
import { readForm } from "~/.server/http/read-form";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { AcceptInviteSchema } from "~/validation/new-password";

// The page an invite link opens (docs/product.md#staff-accounts): the invitee sets a name and password and becomes an admin.

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invite = await inviteForToken(token);
  return { token, email: invite?.email ?? null };
}

type ActionData = { done: boolean; email?: string; fieldErrors: Record<string, string>; formError: string | null };

export async function action({ request }: Route.ActionArgs) {
  const parsed = await readForm(request, AcceptInviteSchema);
  if (!parsed.ok) {
    return data<ActionData>(parsed.unreadable ? { done: false, fieldErrors: {}, formError: INVALID_INVITE } : { done: false, fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  }
  try {
    const result = await acceptInvite(request, parsed.data);
    if (!result.ok) return data<ActionData>({ done: false, fieldErrors: {}, formError: result.message }, { status: 400 });
    return data<ActionData>({ done: true, email: result.email, fieldErrors: {}, formError: null });
  } catch (error) {
    logger.error({ err: error }, "accepting an invite failed");
    return data<ActionData>({ done: false, fieldErrors: {}, formError: "An unexpected error occurred" }, { status: 503 });
  }
}

export default function AcceptInvite({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.done) {
    return (
      <AuthCard title="Welcome aboard" description="Your admin account is ready.">
        <AuthNotice kind="success" message={`Sign in as ${actionData.email} with the password you chose.`} />
        <Button asChild size="lg" className="w-full">
          <Link to="/admin/login">Sign in</Link>
        </Button>
      </AuthCard>
    );
  }
  if (!loaderData.email) {
    return (
      <AuthCard title="Accept invitation" description="Join the admin panel.">
        <AuthNotice kind="error" message={actionData?.formError ?? INVALID_INVITE} />
      </AuthCard>
    );
  }
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AuthCard title="Accept invitation" description="Choose your name and a password to join the admin panel.">
      {actionData?.formError ? <AuthNotice kind="error" message={actionData.formError} /> : null}
      <Form method="post" noValidate className="grid gap-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <div className="grid gap-2">
          <Label htmlFor="invite-email">Email</Label>
          <Input id="invite-email" type="email" value={loaderData.email} readOnly autoComplete="username" className="bg-muted" />
        </div>
        <TextField label="Full Name" name="full_name" autoComplete="name" required error={errors.full_name} />
        <NewPasswordField label="Password" name="password" required error={errors.password} />
        <TextField label="Confirm password" name="confirm_password" type="password" autoComplete="new-password" required error={errors.confirm_password} />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? "Creating account..." : "Create account"}
        </Button>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Accept Invitation | Company Admin Panel" }, { name: "robots", content: "noindex, nofollow" }];

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });
