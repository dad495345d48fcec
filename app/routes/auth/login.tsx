import { ArrowLeft, CircleAlert, Eye, EyeOff, HardHat, LoaderCircle } from "lucide-react";
import { useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { getOptionalUser } from "~/.server/auth/access";
import { logger } from "~/.server/logger";
import { signIn } from "~/.server/auth/sign-in";
import { showResultToast } from "~/components/admin/action-result";
import { FieldError } from "~/components/admin/form-fields";
import { useOnNewValue } from "~/components/admin/use-new-value";
import { useHydrated } from "~/components/admin/use-hydrated";
import { Button } from "~/components/ui/button";
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
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<LoginActionData>({ fieldErrors: { email: "Invalid email address" }, formError: null }, { status: 400 });
  }
  const parsed = LoginSchema.safeParse(formValues(form, LoginSchema));
  if (!parsed.success) return data<LoginActionData>({ fieldErrors: fieldErrors(parsed.error), formError: null }, { status: 400 });
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
    <main className="relative flex min-h-screen items-center justify-center overflow-hidden bg-brand-navy p-4 sm:p-6" data-hydrated={hydrated || undefined}>
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,oklch(0.52_0.1_205/0.35),transparent_45%),radial-gradient(circle_at_80%_90%,oklch(0.77_0.16_70/0.2),transparent_40%)]" />
      <div className="relative w-full max-w-md">
        <div className="rounded-2xl border bg-card p-6 shadow-xl sm:p-8">
          <div className="mb-6 flex flex-col items-center gap-3 text-center">
            <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
              <HardHat aria-hidden="true" className="size-6" />
            </span>
            <div className="grid gap-1">
              <h1 className="text-2xl font-semibold tracking-tight">Admin Panel</h1>
              <p className="text-sm text-muted-foreground">Sign in to manage your website</p>
            </div>
          </div>

          {formError ? (
            <div role="alert" className="mb-5 flex gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <div>
                <p className="font-semibold">{formError.title}</p>
                <p>{formError.message}</p>
              </div>
            </div>
          ) : null}

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
        </div>
        <p className="mt-6 text-center">
          <Link to="/" reloadDocument className="inline-flex items-center gap-1.5 text-sm text-white/80 underline-offset-4 hover:text-white hover:underline">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to website
          </Link>
        </p>
      </div>
    </main>
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
