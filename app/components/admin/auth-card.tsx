import { ArrowLeft, CircleAlert, CircleCheck, HardHat } from "lucide-react";
import { Link } from "react-router";

// The frame of the signed-out admin pages (sign-in, second step, forgot and reset password, invites):
// the sign-in page's look, one card with a title, a line under it, and a way back.

interface AuthCardProps {
  title: string;
  description: string;
  children: React.ReactNode;
  /** The link under the card; `reloadDocument` for a page outside the admin app (the public site). */
  back?: { to: string; label: string; reloadDocument?: boolean };
  /** Marks the page once React has hydrated it (the sign-in page: its tests wait for it before typing). */
  hydrated?: boolean;
}

export function AuthCard({ title, description, children, back = { to: "/admin/login", label: "Back to sign in" }, hydrated }: AuthCardProps) {
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
              <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
              <p className="text-sm text-muted-foreground">{description}</p>
            </div>
          </div>
          {children}
        </div>
        <p className="mt-6 text-center">
          <Link to={back.to} reloadDocument={back.reloadDocument} className="inline-flex items-center gap-1.5 text-sm text-white/80 underline-offset-4 hover:text-white hover:underline">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {back.label}
          </Link>
        </p>
      </div>
    </main>
  );
}

/** A failure above the form (role alert) or a confirmation (role status). */
export function AuthNotice({ kind, title, message }: { kind: "error" | "success"; title?: string; message: string }) {
  if (kind === "error") {
    return (
      <div role="alert" className="mb-5 flex gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div>
          {title ? <p className="font-semibold">{title}</p> : null}
          <p>{message}</p>
        </div>
      </div>
    );
  }
  return (
    <div role="status" className="mb-5 flex gap-3 rounded-lg border border-emerald-600/30 bg-emerald-50 p-3 text-sm text-emerald-900">
      <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        {title ? <p className="font-semibold">{title}</p> : null}
        <p>{message}</p>
      </div>
    </div>
  );
}
