import { Copy, RotateCw, UserMinus, X } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { toast } from "~/components/ui/sonner";
import { formatDateTime } from "~/lib/format";
import { ROLE_LABELS, ROLES, type Role } from "~/lib/permissions";
import { cn } from "~/lib/utils";

// The Team page's rows and controls (app/routes/admin/team.tsx), apart so the page stays readable.

interface Admin {
  id: string;
  name: string;
  email: string;
  role: Role;
  lastSignInAt: string | null;
}
interface Invite {
  id: string;
  email: string;
  role: Role;
  emailDelivery: { status: string; error: string | null } | null;
}

export const lastSignIn = (admin: Admin) => (admin.lastSignInAt ? formatDateTime(admin.lastSignInAt) : "Never");

/** The three roles as a picker; the stored names are posted (Owner is `admin`). */
export function RoleSelect(props: { name?: string; value?: Role; defaultValue?: Role; disabled?: boolean; label: string; id?: string; onChange?: (role: Role) => void }) {
  const { onChange, label, ...rest } = props;
  return (
    <NativeSelect size="sm" aria-label={label} {...rest} onChange={onChange ? (e) => onChange(e.currentTarget.value as Role) : undefined}>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </NativeSelect>
  );
}

/**
 * A member's role, changed at once on choosing (an Owner's change takes effect on the member's next request). The
 * last Owner's picker is disabled: the server refuses it anyway.
 */
export function MemberRole({ admin, lastOwner, disabled, onChange }: { admin: Admin; lastOwner: boolean; disabled: boolean; onChange: (id: string, role: Role) => void }) {
  return (
    <span title={lastOwner ? "There must always be at least one Owner" : undefined}>
      <RoleSelect label={`Role of ${admin.name || admin.email}`} value={admin.role} disabled={disabled || lastOwner} onChange={(role) => onChange(admin.id, role)} />
    </span>
  );
}

export function AdminName({ admin, you }: { admin: Admin; you: boolean }) {
  return (
    <span className="font-medium">
      <span dir="auto">{admin.name || "Admin"}</span>
      {you ? <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span> : null}
    </span>
  );
}

export function RemoveAccessButton(props: {
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
      title={lastAdmin ? "The last Owner cannot be removed" : undefined}
      aria-label={`Remove access for ${admin.name || admin.email}`}
      onClick={() => onRemove({ id: admin.id, label: admin.name || admin.email })}
    >
      <UserMinus aria-hidden="true" />
      Remove access
    </Button>
  );
}

export function InviteAddress({ invite }: { invite: Invite }) {
  return (
    <div className="grid justify-items-start gap-1">
      <span className="break-all font-medium">{invite.email}</span>
      <span className="text-xs text-muted-foreground">As {ROLE_LABELS[invite.role]}</span>
      <InviteEmailStatus delivery={invite.emailDelivery} />
    </div>
  );
}

export function InviteActions(props: { invite: Invite; disabled: boolean; onAct: (intent: "resend-invite" | "revoke-invite", id: string) => void; className?: string }) {
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

/**
 * The invitation email's delivery, from the mail queue, under the address. Without SMTP there is none (the admin
 * was given the link to send), and nothing is shown.
 */
export function InviteEmailStatus({ delivery }: { delivery: { status: string; error: string | null } | null }) {
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

export function InviteLink({ link, onClose }: { link: string; onClose: () => void }) {
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
