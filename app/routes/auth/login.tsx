import { Eye, EyeOff, LoaderCircle } from "lucide-react";
import { useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { getOptionalUser } from "~/.server/auth/access";
import { logger } from "~/.server/logger";
import { signIn } from "~/.server/auth/sign-in";
import { showResultToast } from "~/components/admin/action-result";
import { AuthCard, AuthNotice } from "~/components/admin/auth-card";
import { FieldError } from "~/components/admin/form-fields";
import { useOnNewValue } from "~/components/admin/use-new-value";
import { useHydrated } from "~/components/admin/use-hydrated";
import { Button } from "~/components/ui/button";
import { readForm } from "~/.server/http/read-form";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { safeRedirect } from "~/lib/safe-redirect";
import { fieldErrors, formValues } from "~/validation/fields";
import { LoginSchema } from "~/validation/login";


export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  // docs/product.md#sign-in: a signed-in admin arriving here goes to the dashboard.
  if (user?.role) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

interface LoginActionData {
  fieldErrors: Record<string, string>;
  formError: { title: string; message: string } | null;
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = await readForm(request, LoginSchema);
  if (!parsed.ok) {
    return data<LoginActionData>(parsed.unreadable ? { fieldErrors: { email: "Invalid email address" }, formError: null } : { fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  }
  try {
    const result = await signIn(request, parsed.data);
    if (!result.ok) {
      const headers = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : undefined;
      return data<LoginActionData>({ fieldErrors: {}, formError: { title: "Sign In Failed", message: result.message } }, { status: result.status, headers });
    }
    const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
    // Two-factor on: the second step (app/routes/auth/two-factor.tsx) finishes the sign-in.
    if (result.twoFactorRequired) return redirect(`/admin/login/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, { headers: result.headers });
    return redirect(redirectTo, { headers: result.headers });
  } catch (error) {
    logger.error({ err: error }, "sign-in crashed");
    return data<LoginActionData>({ fieldErrors: {}, formError: { title: "Sign In Error", message: "An unexpected error occurred" } }, { status: 500 });
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [showPassword, setShowPassword] = useState(false);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? actionData?.fieldErrors ?? {};
  const formError = clientErrors ? null : (actionData?.formError ?? null);
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();

  // 'Sign In Failed' with the server's message, once per answer, as every admin action result shows;
  // a field error instead takes the focus. ('Signed Out' after a sign-out is a flash message: root.tsx.)
  useOnNewValue(actionData, (value) => {
    if (!value) return;
    if (value.formError) showResultToast({ ok: false, title: value.formError.title, message: value.formError.message });
    else formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  });

  return (
    <AuthCard title="Admin Panel" description="Sign in to manage your website" back={{ to: "/", label: "Back to website", reloadDocument: true }} hydrated={hydrated}>
      {formError ? <AuthNotice kind="error" title={formError.title} message={formError.message} /> : null}

      <Form
        ref={formRef}
        method="post"
        noValidate
        className="grid gap-5"
        onSubmit={(event) => {
          const parsed = LoginSchema.safeParse(formValues(new FormData(event.currentTarget), LoginSchema));
          if (!parsed.success) {
            event.preventDefault();
            const found = fieldErrors(parsed.error);
            setClientErrors(found);
            const first = event.currentTarget.querySelector<HTMLInputElement>(`[name="${Object.keys(found)[0]}"]`);
            first?.focus();
          } else {
            setClientErrors(null);
          }
        }}
      >
        <div className="grid gap-2">
          <Label htmlFor="login-email">Email</Label>
          <Input
            id="login-email"
            name="email"
            type="email"
            required
            autoComplete="username"
            placeholder="admin@company.com"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "login-email-error" : undefined}
          />
          <FieldError id="login-email-error" message={errors.email} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="login-password">Password</Label>
          <div className="relative">
            <Input
              id="login-password"
              name="password"
              type={showPassword ? "text" : "password"}
              required
              autoComplete="current-password"
              className="pr-11"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? "login-password-error" : undefined}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              className="absolute top-1/2 right-1 -translate-y-1/2 text-muted-foreground"
              aria-label={showPassword ? "Hide password" : "Show password"}
              aria-controls="login-password"
              onClick={() => setShowPassword((v) => !v)}
            >
              {showPassword ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            </Button>
          </div>
          <FieldError id="login-password-error" message={errors.password} />
          <Link to="/admin/forgot-password" className="justify-self-end text-sm text-primary underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {busy ? "Signing In..." : "Sign In"}
        </Button>
      </Form>

      <p className="mt-6 text-center text-sm text-muted-foreground">Need admin access? Contact your system administrator.</p>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Admin Sign In | Company Admin Panel" }, { name: "robots", content: "noindex, nofollow" }];

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  // Never stored: the page may clear a flash message (Set-Cookie) and answers per person.
  const headers = new Headers({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
