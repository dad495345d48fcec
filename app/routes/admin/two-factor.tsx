import { KeyRound } from "lucide-react";
import { useState } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/two-factor";
import { requireAction, requirePermission, twoFactorRequired } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { confirmTwoFactorSetup, disableTwoFactor, regenerateBackupCodes, startTwoFactorSetup } from "~/.server/auth/two-factor";
import type { ActionResult } from "~/components/admin/action-result";
import { TextField } from "~/components/admin/form-fields";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { TwoFactorBadge } from "~/components/admin/two-factor-badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { PasswordConfirmSchema, TotpCodeSchema } from "~/validation/staff";
import { NOT_A_FORM, recordAction, type Wording } from "./record-action";

// Two-factor set-up for one's own account (docs/product.md#staff-accounts; docs/decisions/0014-staff-accounts-and-two-factor.md).
// While "Require two-factor for all admins" is on, an admin without it is sent here before anything else,
// so this page (alone) lets such an admin in.

/** What each role may do here: the page, and each write (docs/product.md#access). */
export const permissions = { loader: "self.manage", intents: { confirm: "self.manage", disable: "self.manage", regenerate: "self.manage", start: "self.manage" } } satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, permissions.loader, { allowWithoutTwoFactor: true });
  return { enabled: user.twoFactorEnabled, required: user.role ? await twoFactorRequired(user.role) : false };
}

type TwoFactorResult = ActionResult & { setup?: { qrSvg: string; secret: string; backupCodes: string[] }; backupCodes?: string[] };

const WORDING: Record<string, Wording> = {
  start: { message: "Failed to set up two-factor" },
  confirm: { message: "Failed to turn on two-factor" },
  disable: { message: "Failed to turn off two-factor" },
  regenerate: { message: "Failed to create new backup codes" },
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAction(request, permissions, { allowWithoutTwoFactor: true });
  // One's own account: its id comes from the session, never from the form.
  const options = { entity: "user", noun: "account", singleton: user.id, wording: (intent: string) => WORDING[intent] ?? NOT_A_FORM };
  return recordAction(request, user, options, async (act) => {
    const done = (action: string, result: Omit<TwoFactorResult, "ok" | "intent">) => act.done({ kind: "security", action, entityId: act.id() }, result);
    switch (act.intent) {
      case "start": {
        const { password } = act.parse(PasswordConfirmSchema);
        if (user.twoFactorEnabled) return act.refuse("Two-factor is already on");
        const started = await act.run(() => startTwoFactorSetup(request, password));
        if (!started.ok) return act.refuse(null, 400, { password: started.message });
        const { qrSvg, secret, backupCodes } = started;
        return done("two-factor.setup-start", { message: "Scan the QR code, then enter a code to finish", setup: { qrSvg, secret, backupCodes } });
      }
      case "confirm": {
        const { code } = act.parse(TotpCodeSchema);
        const confirmed = await act.run(() => confirmTwoFactorSetup(request, code));
        if (!confirmed.ok) return act.refuse(null, 400, { code: confirmed.message });
        // better-auth renews the session: the new cookie goes back with the answer.
        return data(await done("two-factor.enable", { message: "Two-factor turned on" }), { headers: confirmed.headers });
      }
      case "disable": {
        const { password } = act.parse(PasswordConfirmSchema);
        if (!user.twoFactorEnabled) return act.refuse("Two-factor is not on");
        if (user.role && (await twoFactorRequired(user.role))) return act.refuse("Two-factor is required for your role", 403);
        const disabled = await act.run(() => disableTwoFactor(request, password));
        if (!disabled.ok) return act.refuse(null, 400, { password: disabled.message });
        return data(await done("two-factor.disable", { message: "Two-factor turned off" }), { headers: disabled.headers });
      }
      case "regenerate": {
        const { password } = act.parse(PasswordConfirmSchema);
        if (!user.twoFactorEnabled) return act.refuse("Two-factor is not on");
        const regenerated = await act.run(() => regenerateBackupCodes(request, password));
        if (!regenerated.ok) return act.refuse(null, 400, { password: regenerated.message });
        return done("two-factor.regenerate-backup-codes", { message: "New backup codes created", backupCodes: regenerated.backupCodes });
      }
      default:
        return act.unknown();
    }
  });
}

export default function TwoFactorPage({ loaderData }: Route.ComponentProps) {
  const { enabled, required } = loaderData;
  const [setup, setSetup] = useState<TwoFactorResult["setup"] | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useSchemaForm(PasswordConfirmSchema, (r) => {
    const result = r as TwoFactorResult;
    if (result.ok && result.setup) setSetup(result.setup);
  });
  const confirm = useSchemaForm(TotpCodeSchema, (r) => {
    if (r.ok) {
      setCodes(setup?.backupCodes ?? null);
      setSetup(null);
    }
  });
  const manage = useSchemaForm(PasswordConfirmSchema, (r) => {
    const result = r as TwoFactorResult;
    if (result.ok) setCodes(result.backupCodes ?? null);
  });

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
              <TwoFactorBadge on={enabled} />
            </CardTitle>
            <CardDescription>
              Signing in asks for a 6-digit code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, ...) after your password.
            </CardDescription>
          </CardHeader>

          {!enabled && !setup ? (
            <start.fetcher.Form {...start.formProps}>
              <CardContent className="grid gap-4">
                <input type="hidden" name="intent" value="start" />
                <TextField label="Current password" name="password" type="password" autoComplete="current-password" required className="sm:w-80" error={start.errors.password} />
              </CardContent>
              <CardFooter className="mt-4 border-t">
                <Button type="submit" disabled={start.busy}>
                  <KeyRound aria-hidden="true" />
                  {start.busy ? "Setting up..." : "Set up two-factor"}
                </Button>
              </CardFooter>
            </start.fetcher.Form>
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
              <confirm.fetcher.Form {...confirm.formProps} className="flex flex-col gap-3 sm:flex-row sm:items-start">
                <input type="hidden" name="intent" value="confirm" />
                <TextField label="3. Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" required className="sm:w-56" error={confirm.errors.code} />
                <Button type="submit" className="sm:mt-[1.375rem]" disabled={confirm.busy}>
                  {confirm.busy ? "Checking..." : "Turn on two-factor"}
                </Button>
              </confirm.fetcher.Form>
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
              <manage.fetcher.Form {...manage.formProps} className="grid gap-4">
                <TextField label="Current password" name="password" type="password" autoComplete="current-password" required className="sm:w-80" hint="Needed for new backup codes or to turn two-factor off." error={manage.errors.password} />
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" name="intent" value="regenerate" variant="outline" disabled={manage.busy}>
                    New backup codes
                  </Button>
                  {required ? null : (
                    <Button type="submit" name="intent" value="disable" variant="destructive" disabled={manage.busy}>
                      Turn off two-factor
                    </Button>
                  )}
                </div>
              </manage.fetcher.Form>
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
