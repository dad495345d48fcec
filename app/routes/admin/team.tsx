import { MailPlus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/team";
import { requireAction, requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { mailSender } from "~/.server/mail/mailer";
import { listPendingInvites, revokeInvite } from "~/.server/models/invites";
import { changeRole, listStaff } from "~/.server/models/team";
import { inviteStaff, type InviteOutcome, removeAccess, resendInvite, roleChangeEntry } from "~/.server/auth/staff";
import { AdminName, InviteActions, InviteAddress, InviteLink, lastSignIn, MemberRole, RemoveAccessButton, RoleSelect } from "~/components/admin/team-parts";
import { type ActionResult, useActionToast } from "~/components/admin/action-result";
import { TextField } from "~/components/admin/form-fields";
import { PageIntro } from "~/components/admin/page-header";
import { TwoFactorBadge } from "~/components/admin/two-factor-badge";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDateTime } from "~/lib/format";
import { ROLE_LABELS, type Role } from "~/lib/permissions";
import { InviteSchema, SetRoleSchema } from "~/validation/staff";
import { NOT_A_FORM, recordAction, type Wording } from "./record-action";
import { submitFetcher } from "~/components/admin/fetcher-submit";
import { useRevalidateWhile } from "~/components/admin/use-revalidate-while";

// The Team page (docs/product.md#staff-accounts; docs/decisions/0014-staff-accounts-and-two-factor.md): every staff
// member and their role (docs/decisions/0076-staff-roles-design.md), invites with a role by email (the link shown to
// copy without SMTP), resend/revoke, a role change, and "Remove access". There is always at least one Owner.

/** What each role may do here: the page, and each write (docs/product.md#access). */
export const permissions = { loader: "team.manage", intents: { invite: "team.manage", "remove-access": "team.manage", "resend-invite": "team.manage", "revoke-invite": "team.manage", "set-role": "team.manage" } } satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, permissions.loader);
  const [admins, invites] = await Promise.all([listStaff(), listPendingInvites()]);
  return { admins, invites, currentUserId: user.id, emailEnabled: mailSender() !== null };
}

type TeamResult = ActionResult & { link?: string };

const WORDING: Record<string, Wording> = {
  invite: { message: "Failed to send invitation" },
  "resend-invite": { message: "Failed to resend invitation", noun: "invitation" },
  "revoke-invite": { message: "Failed to revoke invitation", noun: "invitation" },
  "remove-access": { message: "Failed to remove access", noun: "team member" },
  "set-role": { message: "Failed to change the role", noun: "team member" },
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
  const user = await requireAction(request, permissions);
  const inviter = { id: user.id, name: user.profile?.full_name || user.name || user.email };
  const options = { entity: "invite", noun: "invitation", wording: (intent: string) => WORDING[intent] ?? NOT_A_FORM };
  return recordAction(request, user, options, async (act) => {
    switch (act.intent) {
      case "invite": {
        const { email, role } = act.parse(InviteSchema);
        const invited = await act.run(() => inviteStaff(email, role, inviter));
        if (!invited.ok) return act.refuse(null, 400, { email: invited.message });
        return act.done(
          { kind: "security", action: "team.invite", entityId: email, detail: `${email} as ${ROLE_LABELS[role]}` },
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
      case "remove-access":
      case "set-role": {
        const id = act.id();
        const to: Role | null = act.intent === "set-role" ? act.parse(SetRoleSchema).role : null;
        const change = await act.run(() => (to ? changeRole(id, to) : removeAccess(id)));
        if (change.outcome === "last-owner") return act.refuse(to ? "There must always be at least one Owner" : "The last Owner cannot be removed", 409);
        if (change.outcome === "not-staff") return act.refuse("This person is not on the team", 404);
        // Nothing changed, so nothing for Activity.
        if (change.outcome === "unchanged") return act.doneMany([], { message: `Already ${ROLE_LABELS[change.role]}` });
        return act.done({ kind: "security", ...roleChangeEntry(id, change) }, { message: to ? `Role changed to ${ROLE_LABELS[to]}` : "Access removed" });
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
  const setRole = (id: string, role: Role) => submitFetcher(rowFetcher, { intent: "set-role", id, role }, { method: "post" });
  // The last Owner keeps the role and the access: the server refuses either change anyway.
  const owners = admins.filter((admin) => admin.role === "admin").length;
  const isLastOwner = (admin: { role: Role }) => admin.role === "admin" && owners <= 1;

  return (
    <>
      <title>Team | Admin</title>
      {/* min-w-0: the tables scroll inside their cards on phones instead of widening the page. */}
      <div className="grid min-w-0 gap-6 [&>*]:min-w-0">
        <PageIntro title="Team" description="Everyone who can sign in to this admin panel." />

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Invite a team member</h2>
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
              <div className="grid gap-2">
                <label htmlFor="invite-role" className="text-sm font-medium">
                  Role
                </label>
                <RoleSelect id="invite-role" name="role" label="Role" defaultValue="editor" />
              </div>
              <Button type="submit" className="sm:mt-[1.375rem]" disabled={invite.busy}>
                <MailPlus aria-hidden="true" />
                {invite.busy ? "Inviting..." : "Invite"}
              </Button>
            </invite.fetcher.Form>
            {link ? <InviteLink link={link} onClose={() => setLink(null)} /> : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Members</h2>
            </CardTitle>
            <CardDescription>
              Owners may do everything; Editors keep the website; Sales work the enquiries. A new role applies from the member's next click. Removing access
              signs the person out everywhere at once. There is always at least one Owner.
            </CardDescription>
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
                  <div className="flex flex-wrap items-center gap-2">
                    <MemberRole admin={admin} lastOwner={isLastOwner(admin)} disabled={rowBusy} onChange={setRole} />
                    <RemoveAccessButton admin={admin} disabled={isLastOwner(admin) || rowBusy} lastAdmin={isLastOwner(admin)} onRemove={setRemoving} />
                  </div>
                </li>
              ))}
            </ul>
            <Table className="hidden @3xl:table">
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Email</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead>Last sign-in</TableHead>
                  <TableHead>Two-factor</TableHead>
                  <ActionsHead />
                </TableRow>
              </TableHeader>
              <TableBody>
                {admins.map((admin) => (
                  <TableRow key={admin.id}>
                    <TableCell>
                      <AdminName admin={admin} you={admin.id === currentUserId} />
                    </TableCell>
                    <TableCell className="break-all">{admin.email}</TableCell>
                    <TableCell>
                      <MemberRole admin={admin} lastOwner={isLastOwner(admin)} disabled={rowBusy} onChange={setRole} />
                    </TableCell>
                    <TableCell>{lastSignIn(admin)}</TableCell>
                    <TableCell>
                      <TwoFactorBadge on={admin.twoFactorEnabled} />
                    </TableCell>
                    <TableCell className="text-right">
                      <RemoveAccessButton admin={admin} disabled={isLastOwner(admin) || rowBusy} lastAdmin={isLastOwner(admin)} onRemove={setRemoving} />
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
                      <ActionsHead />
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

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove access?"
        description={
          <>
            <span className="font-medium text-foreground">{removing?.label}</span> loses their role and is signed out everywhere at once.
          </>
        }
        confirmLabel="Remove access"
        onConfirm={() => {
          if (removing) submitFetcher(rowFetcher, { intent: "remove-access", id: removing.id }, { method: "post" });
          setRemoving(null);
        }}
      />
    </>
  );
}

/** The last column's head: its buttons have no visible heading. */
function ActionsHead() {
  return (
    <TableHead className="text-right">
      <span className="sr-only">Actions</span>
    </TableHead>
  );
}
