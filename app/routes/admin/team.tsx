import { Copy, MailPlus, RotateCw, UserMinus, X } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/team";
import { requireAdmin } from "~/.server/auth/access";
import { mailSender } from "~/.server/mail/mailer";
import { listPendingInvites, revokeInvite } from "~/.server/models/invites";
import { listAdmins } from "~/.server/models/team";
import { inviteAdmin, type InviteOutcome, removeAdminAccess, resendInvite } from "~/.server/auth/staff";
import { type ActionResult, useActionToast } from "~/components/admin/action-result";
import { TextField } from "~/components/admin/form-fields";
import { PageIntro } from "~/components/admin/page-header";
import { TwoFactorBadge } from "~/components/admin/two-factor-badge";
import { useSchemaForm } from "~/components/admin/use-schema-form";
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
import { cn } from "~/lib/utils";
import { InviteSchema } from "~/validation/staff";
import { NOT_A_FORM, recordAction, type Wording } from "./record-action";
import { submitFetcher } from "~/components/admin/fetcher-submit";
import { useRevalidateWhile } from "~/components/admin/use-revalidate-while";

// The Team page (docs/product.md#staff-accounts; docs/decisions/0014-staff-accounts-and-two-factor.md): every admin,
// invites by email (the link shown to copy without SMTP), resend/revoke, and "Remove access".

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const [admins, invites] = await Promise.all([listAdmins(), listPendingInvites()]);
  return { admins, invites, currentUserId: user.id, emailEnabled: mailSender() !== null };
}

type TeamResult = ActionResult & { link?: string };

const WORDING: Record<string, Wording> = {
  invite: { message: "Failed to send invitation" },
  "resend-invite": { message: "Failed to resend invitation", noun: "invitation" },
  "revoke-invite": { message: "Failed to revoke invitation", noun: "invitation" },
  "remove-access": { message: "Failed to remove access", noun: "admin" },
};

/**
 * What an invite's answer says: sent, or (no SMTP, or the mail server has not taken it yet) the link to copy, with
 * why it was not sent; a refusal for now is tried again by the mail queue.
 */
function inviteAnswer(outcome: Extract<InviteOutcome, { ok: true }>, words: { sent: string; notSent: string; noMail: string }) {
  const email = outcome.email;
  if (!email) return { message: words.noMail, link: outcome.link };
  if (email.status === "sent") return { message: words.sent };
  const why =
    email.status === "failed"
      ? `The mail server refused it (${email.error}).`
      : email.error
        ? `The mail server did not take it yet (${email.error}). It is tried again over the next minutes.`
        : "It is still in the mail queue and goes out shortly.";
  return { message: words.notSent, detail: `${why} You can also copy the link below and send it yourself.`, link: outcome.link, pending: true };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const inviter = { id: user.id, name: user.profile?.full_name || user.name || user.email };
  const options = { entity: "invite", noun: "invitation", wording: (intent: string) => WORDING[intent] ?? NOT_A_FORM };
  return recordAction(request, user, options, async (act) => {
    switch (act.intent) {
      case "invite": {
        const { email } = act.parse(InviteSchema);
        const invited = await act.run(() => inviteAdmin(email, inviter));
        if (!invited.ok) return act.refuse(null, 400, { email: invited.message });
        return act.done(
          { kind: "security", action: "team.invite", entityId: email, detail: email },
          inviteAnswer(invited, { sent: `Invitation sent to ${email}`, notSent: `The invitation to ${email} is not sent yet`, noMail: "Invitation created: copy the link below and send it yourself" }),
        );
      }
      case "resend-invite": {
        const id = act.id();
        const resent = await act.run(() => resendInvite(id, inviter));
        if (!resent.ok) return act.refuse(resent.message, 404);
        return act.done(
          { kind: "security", action: "team.resend-invite", entityId: id },
          inviteAnswer(resent, { sent: "Invitation sent again", notSent: "The new invitation is not sent yet", noMail: "New link created: copy it below" }),
        );
      }
      case "revoke-invite": {
        const id = act.id();
        // An invitation accepted or revoked meanwhile is named as such, not as unknown.
        const { revoked } = await act.run(async () => ({ revoked: await revokeInvite(id) }));
        if (!revoked) return act.refuse("This invitation is no longer pending", 404);
        return act.done({ kind: "security", action: "team.revoke-invite", entityId: id }, { message: "Invitation revoked" });
      }
      case "remove-access": {
        const id = act.id();
        const outcome = await act.run(() => removeAdminAccess(id));
        if (outcome === "last-admin") return act.refuse("The last admin cannot be removed", 409);
        if (outcome === "not-admin") return act.refuse("This person is not an admin", 404);
        return act.done({ kind: "security", action: "team.remove-access", entity: "user", entityId: id }, { message: "Access removed" });
      }
      default:
        return act.unknown();
    }
  });
}

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  const { admins, invites, currentUserId, emailEnabled } = loaderData;
  // An invitation still in the mail queue: its row turns to "Delivered to mail server" or "Email not sent" by itself.
  useRevalidateWhile(invites.some((invite) => invite.emailDelivery?.status === "pending" || invite.emailDelivery?.status === "sending"));
  const rowFetcher = useFetcher<TeamResult>();
  // One row action at a time: a second submit on the same fetcher would cancel the first one's answer.
  const rowBusy = rowFetcher.state !== "idle";
  const [link, setLink] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ id: string; label: string } | null>(null);
  const showLink = (result: ActionResult) => {
    const withLink = result as TeamResult;
    if (withLink.ok && withLink.link) setLink(withLink.link);
  };
  // A new form after each invitation sent: the address typed is gone, ready for the next one.
  const [inviteForm, setInviteForm] = useState(0);
  const invite = useSchemaForm(InviteSchema, (result) => {
    showLink(result);
    if (result.ok) setInviteForm((n) => n + 1);
  });
  useActionToast(rowFetcher.data, showLink);
  const inviteAct = (intent: "resend-invite" | "revoke-invite", id: string) => submitFetcher(rowFetcher, { intent, id }, { method: "post" });

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
            <invite.fetcher.Form key={inviteForm} {...invite.formProps} className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <input type="hidden" name="intent" value="invite" />
              <TextField label="Email address" name="email" type="email" autoComplete="off" placeholder="colleague@company.com" className="sm:w-80" error={invite.errors.email} />
              <Button type="submit" className="sm:mt-[1.375rem]" disabled={invite.busy}>
                <MailPlus aria-hidden="true" />
                {invite.busy ? "Inviting..." : "Invite admin"}
              </Button>
            </invite.fetcher.Form>
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
          <CardContent className="@container">
            {/* A phone (or a narrow column) gets each admin as a block: the table's five columns need about 48 rem. */}
            <ul className="grid gap-3 @3xl:hidden">
              {admins.map((admin) => (
                <li key={admin.id} className="grid gap-2 rounded-lg border p-3 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <AdminName admin={admin} you={admin.id === currentUserId} />
                    <TwoFactorBadge on={admin.twoFactorEnabled} />
                  </div>
                  <span className="break-all">{admin.email}</span>
                  <span className="text-muted-foreground">Last sign-in: {lastSignIn(admin)}</span>
                  <RemoveAccessButton admin={admin} disabled={admins.length <= 1 || rowBusy} lastAdmin={admins.length <= 1} onRemove={setRemoving} className="justify-self-start" />
                </li>
              ))}
            </ul>
            <Table className="hidden @3xl:table">
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
                    <TableCell>
                      <AdminName admin={admin} you={admin.id === currentUserId} />
                    </TableCell>
                    <TableCell className="break-all">{admin.email}</TableCell>
                    <TableCell>{lastSignIn(admin)}</TableCell>
                    <TableCell>
                      <TwoFactorBadge on={admin.twoFactorEnabled} />
                    </TableCell>
                    <TableCell className="text-right">
                      <RemoveAccessButton admin={admin} disabled={admins.length <= 1 || rowBusy} lastAdmin={admins.length <= 1} onRemove={setRemoving} />
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
          <CardContent className="@container">
            {invites.length === 0 ? (
              <p className="text-sm text-muted-foreground">No pending invitations.</p>
            ) : (
              <>
                <ul className="grid gap-3 @3xl:hidden">
                  {invites.map((invite) => (
                    <li key={invite.id} className="grid gap-2 rounded-lg border p-3 text-sm">
                      <InviteAddress invite={invite} />
                      <span className="text-muted-foreground">
                        Invited by {invite.invitedBy ?? "-"} · expires {formatDateTime(invite.expiresAt)}
                      </span>
                      <InviteActions invite={invite} disabled={rowBusy} onAct={inviteAct} className="justify-start" />
                    </li>
                  ))}
                </ul>
                <Table className="hidden @3xl:table">
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
                        <TableCell>
                          <InviteAddress invite={invite} />
                        </TableCell>
                        <TableCell className="break-all">{invite.invitedBy ?? "-"}</TableCell>
                        <TableCell>{formatDateTime(invite.expiresAt)}</TableCell>
                        <TableCell>
                          <InviteActions invite={invite} disabled={rowBusy} onAct={inviteAct} className="justify-end" />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </>
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
                if (removing) submitFetcher(rowFetcher, { intent: "remove-access", id: removing.id }, { method: "post" });
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

/**
 * The invitation email's delivery, from the mail queue, under the address. Without SMTP there is none (the admin
 * was given the link to send), and nothing is shown.
 */
type Admin = Route.ComponentProps["loaderData"]["admins"][number];
type Invite = Route.ComponentProps["loaderData"]["invites"][number];

const lastSignIn = (admin: Admin) => (admin.lastSignInAt ? formatDateTime(admin.lastSignInAt) : "Never");

function AdminName({ admin, you }: { admin: Admin; you: boolean }) {
  return (
    <span className="font-medium">
      <span dir="auto">{admin.name || "Admin"}</span>
      {you ? <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span> : null}
    </span>
  );
}

function RemoveAccessButton(props: {
  admin: Admin;
  disabled: boolean;
  lastAdmin: boolean;
  onRemove: (target: { id: string; label: string }) => void;
  className?: string;
}) {
  const { admin, disabled, lastAdmin, onRemove, className } = props;
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className={className}
      disabled={disabled}
      title={lastAdmin ? "The last admin cannot be removed" : undefined}
      aria-label={`Remove access for ${admin.name || admin.email}`}
      onClick={() => onRemove({ id: admin.id, label: admin.name || admin.email })}
    >
      <UserMinus aria-hidden="true" />
      Remove access
    </Button>
  );
}

function InviteAddress({ invite }: { invite: Invite }) {
  return (
    <div className="grid justify-items-start gap-1">
      <span className="break-all font-medium">{invite.email}</span>
      <InviteEmailStatus delivery={invite.emailDelivery} />
    </div>
  );
}

function InviteActions(props: { invite: Invite; disabled: boolean; onAct: (intent: "resend-invite" | "revoke-invite", id: string) => void; className?: string }) {
  const { invite, disabled, onAct, className } = props;
  return (
    <div className={cn("flex gap-2", className)}>
      <Button type="button" variant="outline" size="sm" disabled={disabled} aria-label={`Resend invitation to ${invite.email}`} onClick={() => onAct("resend-invite", invite.id)}>
        <RotateCw aria-hidden="true" />
        Resend
      </Button>
      <Button type="button" variant="outline" size="sm" disabled={disabled} aria-label={`Revoke invitation to ${invite.email}`} onClick={() => onAct("revoke-invite", invite.id)}>
        <X aria-hidden="true" />
        Revoke
      </Button>
    </div>
  );
}

function InviteEmailStatus({ delivery }: { delivery: { status: string; error: string | null } | null }) {
  if (!delivery) return null;
  if (delivery.status === "sent") return <Badge variant="secondary">Delivered to mail server</Badge>;
  const failed = delivery.status === "failed";
  return (
    <>
      <Badge variant={failed ? "destructive" : "outline"}>{failed ? "Email not sent" : "Email sending"}</Badge>
      {delivery.error ? <p className={cn("max-w-72 text-xs whitespace-normal", failed ? "text-destructive" : "text-muted-foreground")}>{delivery.error}</p> : null}
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
