import { KeyRound, LogOut, ShieldCheck } from "lucide-react";
import { useRef, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/profile";
import { requireAction, requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { recordAdminActivity } from "~/.server/activity/activity";
import { changedFields } from "~/.server/models/activity";
import { updateProfile } from "~/.server/models/profiles";
import { endOtherSessions, listActiveSessions } from "~/.server/models/team";
import { changePassword } from "~/.server/auth/staff";
import { type ActionResult, useActionToast } from "~/components/admin/action-result";
import { FieldShell, TextField } from "~/components/admin/form-fields";
import { NewPasswordField } from "~/components/admin/new-password-field";
import { initialOf } from "~/components/admin/labels";
import { MediaUrlField } from "~/components/admin/media-fields";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { Avatar, AvatarFallback, AvatarImage } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { describeBrowser } from "~/lib/browser";
import { formatDateTime } from "~/lib/format";
import { ProfileSchema } from "~/validation/profile";
import { ChangePasswordSchema } from "~/validation/new-password";
import { attempt, fail, intentOf, ok, parseForm, readForm } from "./action-helpers";

/** What each role may do here: the page, and each write (docs/product.md#access). */
export const permissions = { loader: "self.manage", intents: { "change-password": "self.manage", "sign-out-others": "self.manage", update: "self.manage" } } satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, permissions.loader);
  return {
    profile: {
      id: user.id,
      email: user.profile?.email || user.email,
      fullName: user.profile?.full_name ?? "",
      avatarUrl: user.profile?.avatar_url ?? "",
      role: user.profile?.role ?? null,
      twoFactorEnabled: user.twoFactorEnabled,
    },
    // docs/product.md#staff-accounts: the active sessions (browser, IP, last active), this one first.
    sessions: (await listActiveSessions(user.id))
      .map((s) => ({ id: s.id, browser: describeBrowser(s.userAgent), ip: s.ipAddress ?? "Unknown", lastActiveAt: s.lastActiveAt, current: s.id === user.sessionId }))
      .sort((a, b) => Number(b.current) - Number(a.current)),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAction(request, permissions);
  const form = await readForm(request);
  const failure = { intent: "update", message: "Failed to update profile" };
  if (!form) return fail({ ...failure, detail: "The request was not a form" });
  const intent = intentOf(form);
  if (intent === "change-password") {
    const failed = { intent, message: "Failed to change password" };
    const parsed = parseForm(ChangePasswordSchema, form);
    if (!parsed.success) return fail({ ...failed, fieldErrors: parsed.fieldErrors });
    const changed = await attempt({ intent, userId: user.id }, () =>
      changePassword(request, { id: user.id, email: user.email, name: user.profile?.full_name || user.name }, parsed.data),
    );
    if (!changed.ok) return fail(failed, 500);
    if (!changed.value.ok) return fail({ ...failed, fieldErrors: { [changed.value.field]: changed.value.message } });
    await recordAdminActivity(request, user, { kind: "security", action: "password.change", entity: "user", entityId: user.id });
    // The session is renewed (better-auth ends the others): the new cookie goes back with the answer.
    return data(ok({ intent, message: "Password changed. Your other sessions were signed out." }), { headers: changed.value.headers });
  }
  if (intent === "sign-out-others") {
    const ended = await attempt({ intent, userId: user.id }, () => endOtherSessions(user.id, user.sessionId));
    if (!ended.ok) return fail({ intent, message: "Failed to sign out other sessions" }, 500);
    await recordAdminActivity(request, user, { kind: "security", action: "session.sign-out-others", entity: "user", entityId: user.id, detail: `${ended.value} ended` });
    return ok({ intent, message: ended.value === 1 ? "Signed out 1 other session" : `Signed out ${ended.value} other sessions` });
  }
  if (intent !== "update") return fail({ intent, message: "Unknown action" });
  const parsed = parseForm(ProfileSchema, form);
  if (!parsed.success) return fail({ ...failure, fieldErrors: parsed.fieldErrors });
  const input = parsed.data;
  // A user edits only their own profile: the id comes from the session, never from the form.
  const updated = await attempt({ intent, userId: user.id }, () => updateProfile(user.id, input));
  if (!updated.ok) return fail(failure, 500);
  if (!updated.value) return fail({ ...failure, detail: "Profile not found" }, 404);
  await recordAdminActivity(request, user, { action: "profile.update", entity: "profile", entityId: user.id, fields: changedFields(user.profile, input) });
  return ok({ intent, message: "Profile updated successfully" });
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile, sessions } = loaderData;
  const { fetcher, errors, busy, formProps } = useSchemaForm(ProfileSchema);
  const [avatarUrl, setAvatarUrl] = useState(profile.avatarUrl);

  return (
    <>
      <title>Profile | Admin</title>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <fetcher.Form {...formProps} className="grid gap-6">
            <CardHeader>
              <CardTitle>
                <h2>Profile Information</h2>
              </CardTitle>
              <CardDescription>Your name and photo as shown in the admin panel.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6">
              <input type="hidden" name="intent" value="update" />
              <div className="flex items-center gap-4">
                <Avatar className="size-16">
                  {avatarUrl ? <AvatarImage src={avatarUrl} alt="" className="object-cover" /> : null}
                  <AvatarFallback className="bg-primary text-xl font-semibold text-primary-foreground">{initialOf(profile.fullName || profile.email)}</AvatarFallback>
                </Avatar>
                <div>
                  <p className="font-medium">{profile.fullName || "Admin User"}</p>
                  <p className="text-sm text-muted-foreground">{profile.email}</p>
                </div>
              </div>
              <TextField label="Full Name" name="full_name" autoComplete="name" defaultValue={profile.fullName} error={errors.full_name} />
              <FieldShell id="profile-email" label="Email" hint="Email cannot be changed from here">
                <Input id="profile-email" type="email" value={profile.email} readOnly aria-describedby="profile-email-hint" className="bg-muted" />
              </FieldShell>
              <MediaUrlField label="Avatar" name="avatar_url" bucket="site-assets" folder="avatars" value={avatarUrl} onChange={setAvatarUrl} error={errors.avatar_url} hidePreview />
            </CardContent>
            <CardFooter className="justify-end border-t">
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Save Changes"}
              </Button>
            </CardFooter>
          </fetcher.Form>
        </Card>

        <Card className="self-start">
          <CardHeader>
            <CardTitle>
              <h2>Account Information</h2>
            </CardTitle>
            <CardDescription>Read-only details of your account.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 text-sm">
              <div className="grid gap-1">
                <dt className="text-muted-foreground">User ID</dt>
                <dd className="font-mono text-xs break-all">{profile.id}</dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-muted-foreground">Role</dt>
                <dd className="font-medium">{profile.role || "User"}</dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-muted-foreground">Email</dt>
                <dd className="break-all">{profile.email}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>

        <PasswordCard />
        <Card className="self-start">
          <CardHeader>
            <CardTitle>
              <h2>Two-factor authentication</h2>
            </CardTitle>
            <CardDescription>{profile.twoFactorEnabled ? "On: signing in asks for a code from your authenticator app." : "Off: add a code from an authenticator app to your sign-in."}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline">
              <Link to="/admin/profile/two-factor">
                <ShieldCheck aria-hidden="true" />
                {profile.twoFactorEnabled ? "Manage two-factor" : "Set up two-factor"}
              </Link>
            </Button>
          </CardContent>
        </Card>
        <SessionsCard sessions={sessions} />
      </div>
    </>
  );
}

function PasswordCard() {
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  useActionToast(fetcher.data, (result) => {
    if (result.ok) formRef.current?.reset();
  });
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== "idle";
  return (
    <Card className="lg:col-span-2">
      <fetcher.Form ref={formRef} method="post" noValidate className="grid gap-6">
        <CardHeader>
          <CardTitle>
            <h2>Change Password</h2>
          </CardTitle>
          <CardDescription>Your current password is required. Your other sessions are signed out.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="change-password" />
          <TextField label="Current password" name="current_password" type="password" autoComplete="current-password" className="sm:col-span-2" error={errors.current_password} />
          <NewPasswordField label="New password" name="new_password" error={errors.new_password} />
          <TextField label="Confirm new password" name="confirm_password" type="password" autoComplete="new-password" error={errors.confirm_password} />
        </CardContent>
        <CardFooter className="justify-end border-t">
          <Button type="submit" disabled={busy}>
            <KeyRound aria-hidden="true" />
            {busy ? "Changing..." : "Change Password"}
          </Button>
        </CardFooter>
      </fetcher.Form>
    </Card>
  );
}

function SessionsCard({ sessions }: { sessions: Array<{ id: string; browser: string; ip: string; lastActiveAt: string; current: boolean }> }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Card className="lg:col-span-3">
      <CardHeader>
        <CardTitle>
          <h2>Active Sessions</h2>
        </CardTitle>
        <CardDescription>Where your account is signed in now.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-md border" aria-label="Active sessions">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-medium">
                  {s.browser}
                  {s.current ? <span className="ml-2 rounded bg-primary/10 px-1.5 py-0.5 text-xs text-primary">This browser</span> : null}
                </p>
                <p className="text-muted-foreground">IP {s.ip}</p>
              </div>
              <p className="text-muted-foreground">Last active {formatDateTime(s.lastActiveAt)}</p>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="justify-end border-t">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="sign-out-others" />
          <Button type="submit" variant="outline" disabled={fetcher.state !== "idle" || others === 0}>
            <LogOut aria-hidden="true" />
            Sign out other sessions
          </Button>
        </fetcher.Form>
      </CardFooter>
    </Card>
  );
}
