import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { getOptionalUser } from "~/.server/access";
import { signIn } from "~/.server/sign-in";
import { fieldErrors, formValues } from "~/validation/fields";
import { LoginSchema } from "~/validation/login";

// Minimal sign-in page from the Foundation issue; the Admin panel issue gives it its full design.

function safeRedirect(to: string | null): string {
  return to && to.startsWith("/admin") && !to.startsWith("//") ? to : "/admin/dashboard";
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  if (user?.isAdmin) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = LoginSchema.safeParse(formValues(form));
  if (!parsed.success) return data({ fieldErrors: fieldErrors(parsed.error), formError: null }, { status: 400 });
  const result = await signIn(request, parsed.data);
  if (!result.ok) {
    return data({ fieldErrors: {} as Record<string, string>, formError: result.message }, { status: result.status });
  }
  return redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")), { headers: result.headers });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted p-6">
      <title>Admin Sign In</title>
      <Form method="post" className="w-full max-w-sm space-y-4 rounded-xl bg-card p-6 shadow" noValidate>
        <h1 className="text-2xl font-semibold">Admin Sign In</h1>
        {actionData?.formError ? <p role="alert" className="text-sm text-destructive">{actionData.formError}</p> : null}
        <label className="block text-sm font-medium">
          Email
          <input name="email" type="email" required className="mt-1 w-full rounded border px-3 py-2" />
        </label>
        {actionData?.fieldErrors?.email ? <p className="text-sm text-destructive">{actionData.fieldErrors.email}</p> : null}
        <label className="block text-sm font-medium">
          Password
          <input name="password" type="password" required className="mt-1 w-full rounded border px-3 py-2" />
        </label>
        {actionData?.fieldErrors?.password ? <p className="text-sm text-destructive">{actionData.fieldErrors.password}</p> : null}
        <button type="submit" disabled={busy} className="w-full rounded bg-primary px-4 py-2 text-primary-foreground">
          {busy ? "Signing In..." : "Sign In"}
        </button>
        <p className="text-center text-sm text-muted-foreground">Need admin access? Contact your system administrator.</p>
      </Form>
    </main>
  );
}
