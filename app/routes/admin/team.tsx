import { Copy, MailPlus, RotateCw, ShieldCheck, ShieldOff, UserMinus, X } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/team";
import { recordAdminActivity } from "~/.server/activity/activity";
import { requireAdmin } from "~/.server/auth/access";
import { mailSender } from "~/.server/mail/mailer";
import { listPendingInvites, revokeInvite } from "~/.server/models/invites";
import { listAdmins } from "~/.server/models/team";
import { inviteAdmin, removeAdminAccess, resendInvite } from "~/.server/auth/staff";
import { type ActionResult, useActionToast } from "~/components/admin/action-result";
import { TextField } from "~/components/admin/form-fields";
import { PageIntro } from "~/components/admin/page-header";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDateTime } from "~/lib/format";
import { InviteSchema } from "~/validation/staff";
import { attempt, fail, intentOf, ok, parseForm, readForm, readId } from "./action-helpers";

// The Team page (docs/product.md#staff-accounts; docs/decisions/0014-staff-accounts-and-two-factor.md): every admin,
// invites by email (the link shown to copy without SMTP), resend/revoke, and "Remove access".

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const [admins, invites] = await Promise.all([listAdmins(), listPendingInvites()]);
  return { admins, invites, currentUserId: user.id, emailEnabled: mailSender() !== null };
}

type TeamResult = ActionResult & { link?: string };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request);
  if (!form) return fail({ intent: "", message: "The request was not a form" });
  const intent = intentOf(form);
  const inviter = { id: user.id, name: user.profile?.full_name || user.name || user.email };
  const log = (entry: Parameters<typeof recordAdminActivity>[2]) => recordAdminActivity(request, user, { kind: "security", ...entry });

  if (intent === "invite") {
    const failure = { intent, message: "Failed to send invitation" };
    const parsed = parseForm(InviteSchema, form);
    if (!parsed.success) return fail({ ...failure, fieldErrors: parsed.fieldErrors });
    const result = await attempt({ intent }, () => inviteAdmin(parsed.data.email, inviter));
    if (!result.ok) return fail(failure, 500);
    if (!result.value.ok) return fail({ ...failure, fieldErrors: { email: result.value.message } });
    await log({ action: "team.invite", entity: "invite", entityId: parsed.data.email, detail: parsed.data.email });
    return ok({
      intent,
      message: result.value.emailed ? `Invitation sent to ${parsed.data.email}` : "Invitation created: copy the link below and send it yourself",
      ...(result.value.emailed ? {} : { link: result.value.link }),
    });
  }

  if (intent === "resend-invite" || intent === "revoke-invite" || intent === "remove-access") {
    const id = readId(form);
    const failure = { intent, message: intent === "remove-access" ? "Failed to remove access" : intent === "resend-invite" ? "Failed to resend invitation" : "Failed to revoke invitation" };
    if (id.kind === "missing") return fail({ ...failure, detail: "Nothing was chosen" });
    if (id.kind === "unknown") return fail({ ...failure, detail: "Not found" }, 404);
    if (intent === "resend-invite") {
      const result = await attempt({ intent }, () => resendInvite(id.id, inviter));
      if (!result.ok) return fail(failure, 500);
      if (!result.value.ok) return fail({ ...failure, detail: result.value.message }, 404);
      await log({ action: "team.resend-invite", entity: "invite", entityId: id.id });
      return ok({ intent, message: result.value.emailed ? "Invitation sent again" : "New link created: copy it below", ...(result.value.emailed ? {} : { link: result.value.link }) });
    }
    if (intent === "revoke-invite") {
      const result = await attempt({ intent }, () => revokeInvite(id.id));
      if (!result.ok) return fail(failure, 500);
      if (!result.value) return fail({ ...failure, detail: "This invitation is no longer pending" }, 404);
      await log({ action: "team.revoke-invite", entity: "invite", entityId: id.id });
      return ok({ intent, message: "Invitation revoked" });
    }
    const result = await attempt({ intent }, () => removeAdminAccess(id.id));
    if (!result.ok) return fail(failure, 500);
    if (result.value === "last-admin") return fail({ ...failure, detail: "The last admin cannot be removed" }, 409);
    if (result.value === "not-admin") return fail({ ...failure, detail: "This person is not an admin" }, 404);
    await log({ action: "team.remove-access", entity: "user", entityId: id.id });
    return ok({ intent, message: "Access removed" });
  }
  return fail({ intent, message: "Unknown action" });
}

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  const { admins, invites, currentUserId, emailEnabled } = loaderData;
  const inviteFetcher = useFetcher<TeamResult>();
  const rowFetcher = useFetcher<TeamResult>();
  const [link, setLink] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ id: string; label: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const onResult = (result: ActionResult) => {
    const withLink = result as TeamResult;
    if (withLink.ok && withLink.link) setLink(withLink.link);
    if (withLink.ok && withLink.intent === "invite") formRef.current?.reset();
  };
  useActionToast(inviteFetcher.data, onResult);
  useActionToast(rowFetcher.data, onResult);
  const inviteErrors = inviteFetcher.data && !inviteFetcher.data.ok ? (inviteFetcher.data.fieldErrors ?? {}) : {};

  return (
    <>
      <title>Team | Admin</title>
      {/* min-w-0: the tables scroll inside their cards on phones instead of widening the page. */}
      <div className="grid min-w-0 gap-6 [&>*]:min-w-0">
        <PageIntro title="Team" description="Everyone who can sign in to this admin panel." />

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Invite admin</h2>
            </CardTitle>
            <CardDescription>
              {emailEnabled
                ? "We email a link that works once and expires in 72 hours. The invitee chooses a name and password."
                : "Email is not configured: you get a link to copy and send yourself. It works once and expires in 72 hours."}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <inviteFetcher.Form ref={formRef} method="post" noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <input type="hidden" name="intent" value="invite" />
              <TextField label="Email address" name="email" type="email" autoComplete="off" placeholder="colleague@company.com" className="sm:w-80" error={inviteErrors.email} />
              <Button type="submit" className="sm:mt-[1.375rem]" disabled={inviteFetcher.state !== "idle"}>
                <MailPlus aria-hidden="true" />
                {inviteFetcher.state !== "idle" ? "Inviting..." : "Invite admin"}
              </Button>
            </inviteFetcher.Form>
            {link ? <InviteLink link={link} onClose={() => setLink(null)} /> : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Admins</h2>
            </CardTitle>
            <CardDescription>Removing access signs the person out everywhere at once. The last admin cannot be removed.</CardDescription>
          </CardHeader>
          <CardContent>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Email</TableHead>
                  <TableHead>Last sign-in</TableHead>
                  <TableHead>Two-factor</TableHead>
                  <TableHead className="text-right">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {admins.map((admin) => (
                  <TableRow key={admin.id}>
                    <TableCell className="font-medium">
                      {admin.name || "Admin"}
                      {admin.id === currentUserId ? <span className="ml-2 text-xs text-muted-foreground">(you)</span> : null}
                    </TableCell>
                    <TableCell className="break-all">{admin.email}</TableCell>
                    <TableCell>{admin.lastSignInAt ? formatDateTime(admin.lastSignInAt) : "Never"}</TableCell>
                    <TableCell>
                      {admin.twoFactorEnabled ? (
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
                    </TableCell>
                    <TableCell className="text-right">
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        disabled={admins.length <= 1}
                        title={admins.length <= 1 ? "The last admin cannot be removed" : undefined}
                        aria-label={`Remove access for ${admin.name || admin.email}`}
                        onClick={() => setRemoving({ id: admin.id, label: admin.name || admin.email })}
                      >
                        <UserMinus aria-hidden="true" />
                        Remove access
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Pending invitations</h2>
            </CardTitle>
            <CardDescription>Invitations not accepted yet. Resending makes a new link; the old one stops working.</CardDescription>
          </CardHeader>
          <CardContent>
            {invites.length === 0 ? (
              <p className="text-sm text-muted-foreground">No pending invitations.</p>
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Email</TableHead>
                    <TableHead>Invited by</TableHead>
                    <TableHead>Expires</TableHead>
                    <TableHead className="text-right">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {invites.map((invite) => (
                    <TableRow key={invite.id}>
                      <TableCell className="break-all font-medium">{invite.email}</TableCell>
                      <TableCell className="break-all">{invite.invitedBy ?? "-"}</TableCell>
                      <TableCell>{formatDateTime(invite.expiresAt)}</TableCell>
                      <TableCell>
                        <div className="flex justify-end gap-2">
                          <Button type="button" variant="outline" size="sm" aria-label={`Resend invitation to ${invite.email}`} onClick={() => void rowFetcher.submit({ intent: "resend-invite", id: invite.id }, { method: "post" })}>
                            <RotateCw aria-hidden="true" />
                            Resend
                          </Button>
                          <Button type="button" variant="outline" size="sm" aria-label={`Revoke invitation to ${invite.email}`} onClick={() => void rowFetcher.submit({ intent: "revoke-invite", id: invite.id }, { method: "post" })}>
                            <X aria-hidden="true" />
                            Revoke
                          </Button>
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </div>

      <AlertDialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Remove admin access?</AlertDialogTitle>
            <AlertDialogDescription>
              <span className="font-medium text-foreground">{removing?.label}</span> will no longer be an admin and is signed out everywhere at once.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: "destructive" })}
              onClick={() => {
                if (removing) void rowFetcher.submit({ intent: "remove-access", id: removing.id }, { method: "post" });
                setRemoving(null);
              }}
            >
              Remove access
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function InviteLink({ link, onClose }: { link: string; onClose: () => void }) {
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-3">
      <label htmlFor="invite-link" className="text-sm font-medium">
        Invitation link
      </label>
      <div className="flex gap-2">
        <Input id="invite-link" readOnly value={link} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <Button
          type="button"
          variant="outline"
          aria-label="Copy invitation link"
          onClick={() => {
            navigator.clipboard
              ?.writeText(link)
              .then(() => toast.success("Link copied"))
              .catch(() => toast.error("Copy failed: select the link and copy it"));
          }}
        >
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button type="button" variant="ghost" size="icon" aria-label="Hide invitation link" onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
