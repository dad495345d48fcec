import { KeyRound, ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/two-factor";
import { recordAdminActivity } from "~/.server/activity/activity";
import { requireAdmin } from "~/.server/auth/access";
import { getPublicSettings } from "~/.server/models/settings";
import { confirmTwoFactorSetup, disableTwoFactor, regenerateBackupCodes, startTwoFactorSetup } from "~/.server/auth/two-factor";
import { type ActionResult, useActionToast } from "~/components/admin/action-result";
import { TextField } from "~/components/admin/form-fields";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { PasswordConfirmSchema, TotpCodeSchema } from "~/validation/staff";
import { attempt, fail, intentOf, loadFailed, ok, parseForm, readForm } from "./action-helpers";

// Two-factor set-up for one's own account (docs/product.md#staff-accounts; docs/decisions/0014-staff-accounts-and-two-factor.md).
// While "Require two-factor for all admins" is on, an admin without it is sent here before anything else,
// so this page (alone) lets such an admin in.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request, { allowWithoutTwoFactor: true });
  const settings = await getPublicSettings().catch(loadFailed("site settings"));
  return { enabled: user.twoFactorEnabled, required: settings?.require_two_factor === "true" };
}

type TwoFactorResult = ActionResult & { setup?: { qrSvg: string; secret: string; backupCodes: string[] }; backupCodes?: string[] };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request, { allowWithoutTwoFactor: true });
  const form = await readForm(request);
  if (!form) return fail({ intent: "", message: "The request was not a form" });
  const intent = intentOf(form);
  const log = (action: string) => recordAdminActivity(request, user, { kind: "security", action, entity: "user", entityId: user.id });

  if (intent === "start" || intent === "disable" || intent === "regenerate") {
    const failure = { intent, message: intent === "start" ? "Failed to set up two-factor" : intent === "disable" ? "Failed to turn off two-factor" : "Failed to create new backup codes" };
    const parsed = parseForm(PasswordConfirmSchema, form);
    if (!parsed.success) return fail({ ...failure, fieldErrors: parsed.fieldErrors });
    const password = parsed.data.password;
    if (intent === "start") {
      if (user.twoFactorEnabled) return fail({ ...failure, detail: "Two-factor is already on" });
      const started = await attempt({ intent }, () => startTwoFactorSetup(request, password));
      if (!started.ok) return fail(failure, 500);
      if (!started.value.ok) return fail({ ...failure, fieldErrors: { password: started.value.message } });
      await log("two-factor.setup-start");
      const { qrSvg, secret, backupCodes } = started.value;
      return ok({ intent, message: "Scan the QR code, then enter a code to finish", setup: { qrSvg, secret, backupCodes } } as Omit<TwoFactorResult, "ok">);
    }
    if (!user.twoFactorEnabled) return fail({ ...failure, detail: "Two-factor is not on" });
    if (intent === "disable") {
      if ((await getPublicSettings()).require_two_factor === "true") return fail({ ...failure, detail: "Two-factor is required for all admins" }, 403);
      const result = await attempt({ intent }, () => disableTwoFactor(request, password));
      if (!result.ok) return fail(failure, 500);
      if (!result.value.ok) return fail({ ...failure, fieldErrors: { password: result.value.message } });
      await log("two-factor.disable");
      return data(ok({ intent, message: "Two-factor turned off" }), { headers: result.value.headers });
    }
    const result = await attempt({ intent }, () => regenerateBackupCodes(request, password));
    if (!result.ok) return fail(failure, 500);
    if (!result.value.ok) return fail({ ...failure, fieldErrors: { password: result.value.message } });
    await log("two-factor.regenerate-backup-codes");
    return ok({ intent, message: "New backup codes created", backupCodes: result.value.backupCodes } as Omit<TwoFactorResult, "ok">);
  }

  if (intent === "confirm") {
    const failure = { intent, message: "Failed to turn on two-factor" };
    const parsed = parseForm(TotpCodeSchema, form);
    if (!parsed.success) return fail({ ...failure, fieldErrors: parsed.fieldErrors });
    const result = await attempt({ intent }, () => confirmTwoFactorSetup(request, parsed.data.code));
    if (!result.ok) return fail(failure, 500);
    if (!result.value.ok) return fail({ ...failure, fieldErrors: { code: result.value.message } });
    await log("two-factor.enable");
    return data(ok({ intent, message: "Two-factor turned on" }), { headers: result.value.headers });
  }
  return fail({ intent, message: "Unknown action" });
}

export default function TwoFactorPage({ loaderData }: Route.ComponentProps) {
  const { enabled, required } = loaderData;
  const startFetcher = useFetcher<TwoFactorResult>();
  const confirmFetcher = useFetcher<TwoFactorResult>();
  const manageFetcher = useFetcher<TwoFactorResult>();
  const [setup, setSetup] = useState<TwoFactorResult["setup"] | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  useActionToast(startFetcher.data, (r) => {
    const result = r as TwoFactorResult;
    if (result.ok && result.setup) setSetup(result.setup);
  });
  useActionToast(confirmFetcher.data, (r) => {
    if (r.ok) {
      setCodes(setup?.backupCodes ?? null);
      setSetup(null);
    }
  });
  useActionToast(manageFetcher.data, (r) => {
    const result = r as TwoFactorResult;
    if (result.ok) setCodes(result.backupCodes ?? null);
  });
  const errorsOf = (f: typeof startFetcher) => (f.data && !f.data.ok ? (f.data.fieldErrors ?? {}) : {});

  return (
    <>
      <title>Two-factor | Admin</title>
      <div className="grid max-w-3xl gap-6">
        {required && !enabled ? (
          <div role="alert" className="rounded-lg border border-amber-500/40 bg-amber-50 p-4 text-sm text-amber-950">
            <p className="font-semibold">Two-factor is required for all admins</p>
            <p>Set up an authenticator app to continue using the admin panel.</p>
          </div>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-3">
              <h2>Two-factor authentication</h2>
              {enabled ? (
                <Badge>
                  <ShieldCheck aria-hidden="true" />
                  On
                </Badge>
              ) : (
                <Badge variant="secondary">
                  <ShieldOff aria-hidden="true" />
                  Off
                </Badge>
              )}
            </CardTitle>
            <CardDescription>
              Signing in asks for a 6-digit code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, ...) after your password.
            </CardDescription>
          </CardHeader>

          {!enabled && !setup ? (
            <startFetcher.Form method="post" noValidate>
              <CardContent className="grid gap-4">
                <input type="hidden" name="intent" value="start" />
                <TextField label="Current password" name="password" type="password" autoComplete="current-password" required className="sm:w-80" error={errorsOf(startFetcher).password} />
              </CardContent>
              <CardFooter className="mt-4 border-t">
                <Button type="submit" disabled={startFetcher.state !== "idle"}>
                  <KeyRound aria-hidden="true" />
                  {startFetcher.state !== "idle" ? "Setting up..." : "Set up two-factor"}
                </Button>
              </CardFooter>
            </startFetcher.Form>
          ) : null}

          {!enabled && setup ? (
            <CardContent className="grid gap-6">
              <div className="grid gap-4 sm:grid-cols-[200px_1fr] sm:items-start">
                {/* Drawn on our server from the otpauth:// link (app/.server/auth/two-factor.ts): no third-party service sees the secret. */}
                <div role="img" aria-label="QR code for your authenticator app" className="size-[200px] rounded-md border bg-white" dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
                <div className="grid gap-2 text-sm">
                  <p>1. Scan this QR code with your authenticator app.</p>
                  <p>
                    Or enter this key by hand: <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">{setup.secret}</code>
                  </p>
                  <p>2. Keep these backup codes somewhere safe. Each works once if you lose your phone.</p>
                  <BackupCodes codes={setup.backupCodes} />
                </div>
              </div>
              <confirmFetcher.Form method="post" noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
                <input type="hidden" name="intent" value="confirm" />
                <TextField label="3. Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" required className="sm:w-56" error={errorsOf(confirmFetcher).code} />
                <Button type="submit" className="sm:mt-[1.375rem]" disabled={confirmFetcher.state !== "idle"}>
                  {confirmFetcher.state !== "idle" ? "Checking..." : "Turn on two-factor"}
                </Button>
              </confirmFetcher.Form>
            </CardContent>
          ) : null}

          {enabled ? (
            <CardContent className="grid gap-6">
              {codes ? (
                <div className="grid gap-2 text-sm">
                  <p className="font-medium">Your backup codes. Save them now: they are not shown again.</p>
                  <BackupCodes codes={codes} />
                </div>
              ) : null}
              <manageFetcher.Form method="post" noValidate className="grid gap-4">
                <TextField label="Current password" name="password" type="password" autoComplete="current-password" required className="sm:w-80" hint="Needed for new backup codes or to turn two-factor off." error={errorsOf(manageFetcher).password} />
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" name="intent" value="regenerate" variant="outline" disabled={manageFetcher.state !== "idle"}>
                    New backup codes
                  </Button>
                  {required ? null : (
                    <Button type="submit" name="intent" value="disable" variant="destructive" disabled={manageFetcher.state !== "idle"}>
                      Turn off two-factor
                    </Button>
                  )}
                </div>
              </manageFetcher.Form>
              <p className="text-sm">
                <Link to="/admin/dashboard" className="text-primary underline-offset-4 hover:underline">
                  Go to the dashboard
                </Link>
              </p>
            </CardContent>
          ) : null}
        </Card>
      </div>
    </>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <ul aria-label="Backup codes" className="grid grid-cols-2 gap-1 rounded-md border bg-muted/40 p-3 font-mono text-sm">
      {codes.map((code) => (
        <li key={code}>{code}</li>
      ))}
    </ul>
  );
}
