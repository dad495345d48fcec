import { useState } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/profile";
import { requireAdmin } from "~/.server/access";
import { recordAdminActivity } from "~/.server/activity";
import { changedFields } from "~/.server/models/activity";
import { updateProfile } from "~/.server/models/profiles";
import { type ActionResult, useActionToast } from "~/components/admin/action-result";
import { FieldShell, TextField } from "~/components/admin/form-fields";
import { initialOf } from "~/components/admin/labels";
import { MediaUrlField } from "~/components/admin/media-fields";
import { Avatar, AvatarFallback, AvatarImage } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { fieldErrors, formValues } from "~/validation/fields";
import { ProfileSchema } from "~/validation/profile";
import { attempt, fail, intentOf, ok, parseForm, readForm } from "./action-helpers";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return {
    profile: {
      id: user.id,
      email: user.profile?.email || user.email,
      fullName: user.profile?.full_name ?? "",
      avatarUrl: user.profile?.avatar_url ?? "",
      role: user.profile?.role ?? null,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request);
  const failure = { intent: "update", message: "Failed to update profile" };
  if (!form) return fail({ ...failure, detail: "The request was not a form" });
  const intent = intentOf(form);
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
  const { profile } = loaderData;
  const fetcher = useFetcher<ActionResult>();
  const [avatarUrl, setAvatarUrl] = useState(profile.avatarUrl);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const errors = clientErrors ?? serverErrors ?? {};
  const busy = fetcher.state !== "idle";
  useActionToast(fetcher.data);

  return (
    <>
      <title>Profile | Admin</title>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <fetcher.Form
            method="post"
            noValidate
            className="grid gap-6"
            onSubmit={(event) => {
              const parsed = ProfileSchema.safeParse(formValues(new FormData(event.currentTarget)));
              if (!parsed.success) {
                event.preventDefault();
                setClientErrors(fieldErrors(parsed.error));
              } else {
                setClientErrors(null);
              }
            }}
          >
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
      </div>
    </>
  );
}
