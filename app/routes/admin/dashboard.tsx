import {
  ArrowRight,
  CalendarDays,
  Inbox,
  Database,
  Eye,
  FolderKanban,
  Mail,
  Plus,
  ShieldCheck,
  Star,
  Wrench,
} from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { requirePermission } from "~/.server/auth/access";
import { can, type RoutePermissions } from "~/lib/permissions";
import { logger } from "~/.server/logger";
import { countEnquiries } from "~/.server/models/enquiries";
import { leadScopeOf } from "~/.server/models/lead-scope";
import { leadFunnel, listDueFollowUps } from "~/.server/models/lead-follow-ups";
import { QuickAction, type StatusTone, StatusRow } from "~/components/admin/dashboard-parts";
import { FollowUps, LeadFunnel } from "~/components/admin/lead-insights";
import { countProjects } from "~/.server/models/projects";
import { mailTrouble, pingDatabase } from "~/.server/models/system";
import { mailConfig, mailSender } from "~/.server/mail/mailer";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "~/components/ui/card";
import { SITE_TIME_ZONE, siteDay } from "~/lib/format";
import { cn } from "~/lib/utils";

/** Who may open this (docs/product.md#access). */
export const permissions = {
  loader: "dashboard.view",
} satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, permissions.loader);
  // Each role's figures (docs/decisions/0076-staff-roles-design.md): Sales the leads, Editors the content; null is not shown.
  const leads = can(user.role, "leads.view");
  const content = can(user.role, "content.edit");
  // A Sales member limited to their own leads sees their figures (docs/product.md#access).
  const scope = leads ? await leadScopeOf(user) : null;
  const when = <T,>(allowed: boolean, load: () => Promise<T>) =>
    allowed ? load() : Promise.resolve(null);
  const quiet =
    <T,>(what: string, fallback: T) =>
    (error: unknown) => {
      logger.error({ err: error }, `dashboard ${what} failed`);
      return fallback;
    };
  const [counts, databaseOk, newEnquiries, followUps, funnel, mail] =
    await Promise.all([
      // docs/product.md#dashboard: a failed count is logged and the dashboard shows zeros.
      when(content, () =>
        countProjects().catch((error: unknown) => {
          logger.error({ err: error }, "dashboard counts failed");
          return { total: 0, featured: 0, public: 0 };
        }),
      ),
      pingDatabase(),
      when(leads, () =>
        countEnquiries(null, scope).then(
          (c) => c.new,
          (error: unknown) => {
            logger.error({ err: error }, "dashboard enquiry count failed");
            return 0;
          },
        ),
      ),
      // Leads (docs/decisions/0017-leads-pipeline.md): follow-ups due in the Maldives today, the last 90 days' funnel.
      when(leads, () =>
        listDueFollowUps(siteDay(), undefined, scope).catch(
          quiet("follow-ups", { overdue: [], dueToday: [] }),
        ),
      ),
      when(leads, () =>
        leadFunnel(new Date(Date.now() - 90 * 86_400_000).toISOString(), scope).catch(
          quiet("lead funnel", {
            enquiries: 0,
            contacted: 0,
            quoted: 0,
            won: 0,
            lost: 0,
            valueWon: 0,
          }),
        ),
      ),
      mailStatus(),
    ]);
  // Formatted on the server so the page and the browser agree on "today".
  const today = new Intl.DateTimeFormat("en-US", {
    dateStyle: "full",
    timeZone: SITE_TIME_ZONE,
  }).format(new Date());
  return { counts, databaseOk, today, newEnquiries, followUps, funnel, mail };
}

/**
 * The email row of System Status (docs/decisions/0059-email-on-the-dashboard.md): not set up, working, or failing
 * (messages given up in the last 24 hours or waiting after a failed try), with the newest reason.
 */
async function mailStatus(): Promise<{
  tone: StatusTone;
  text: string;
  detail: string | null;
}> {
  if (!mailSender()) {
    return {
      tone: "warn",
      text: "Email Not Set Up",
      detail:
        "Enquiries are not emailed and invitations are links to copy: set SMTP_URL and NOTIFY_EMAIL.",
    };
  }
  const notices = mailConfig()
    ? ""
    : " Enquiries are not emailed: set NOTIFY_EMAIL.";
  try {
    const trouble = await mailTrouble(
      new Date(Date.now() - 86_400_000).toISOString(),
    );
    if (trouble.failed === 0 && trouble.retrying === 0)
      return {
        tone: notices ? "warn" : "ok",
        text: "Email Delivery Working",
        detail: notices.trim() || null,
      };
    const counts = [
      trouble.failed > 0
        ? `${trouble.failed} not sent in the last 24 hours`
        : null,
      trouble.retrying > 0
        ? `${trouble.retrying} waiting to be tried again`
        : null,
    ];
    const reason = trouble.lastError
      ? ` Last reason: ${trouble.lastError}${notices && !/[.!?]$/.test(trouble.lastError) ? "." : ""}`
      : "";
    return {
      tone: "fail",
      text: "Email Delivery Failing",
      detail: `${counts.filter(Boolean).join(", ")}.${reason}${notices}`,
    };
  } catch (error) {
    logger.error({ err: error }, "dashboard mail status failed");
    return { tone: "warn", text: "Email Status Unknown", detail: null };
  }
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { counts, databaseOk, today, newEnquiries, followUps, funnel, mail } =
    loaderData;
  const stats = counts
    ? [
        {
          label: "Total Projects",
          value: String(counts.total),
          icon: FolderKanban,
          note: "All projects in the portfolio",
        },
        {
          label: "Featured Projects",
          value: String(counts.featured),
          icon: Star,
          note: "Listed first on the home page",
        },
        {
          label: "Public Projects",
          value: String(counts.public),
          icon: Eye,
          note: "Visible on the website",
        },
        {
          label: "Services",
          value: "8+",
          icon: Wrench,
          note: "Services we offer",
        },
      ]
    : [];
  return (
    <>
      <title>Dashboard | Admin</title>
      {newEnquiries === null ? null : (
        <Link
          to={
            newEnquiries > 0
              ? "/admin/enquiries?status=new"
              : "/admin/enquiries"
          }
          className={cn(
            "flex items-center justify-between gap-3 rounded-xl border px-5 py-4 transition-colors hover:bg-muted/50",
            newEnquiries > 0 && "border-brand-amber/60 bg-brand-amber/10",
          )}
        >
          <span className="flex items-center gap-3">
            <Inbox aria-hidden="true" className="size-5 text-primary" />
            <span className="font-medium">
              {newEnquiries === 0
                ? "No new enquiries"
                : newEnquiries === 1
                  ? "1 new enquiry"
                  : `${newEnquiries} new enquiries`}
            </span>
          </span>
          <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
            Open inbox
            <ArrowRight aria-hidden="true" className="size-4" />
          </span>
        </Link>
      )}
      {stats.length === 0 ? null : (
        <section aria-labelledby="overview-heading" className="grid gap-4">
          <h2 id="overview-heading" className="sr-only">
            Overview
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {stats.map((s) => (
              <li key={s.label}>
                <Card className="gap-3 py-5">
                  <CardHeader className="flex flex-row items-center justify-between gap-2 px-5">
                    <CardTitle className="text-sm font-medium text-muted-foreground">
                      {s.label}
                    </CardTitle>
                    <s.icon
                      aria-hidden="true"
                      className="size-4 text-muted-foreground"
                    />
                  </CardHeader>
                  <CardContent className="grid gap-1 px-5">
                    <p
                      className="text-3xl font-bold tracking-tight"
                      data-testid={`stat-${s.label.toLowerCase().replace(/\s+/g, "-")}`}
                    >
                      {s.value}
                    </p>
                    <p className="text-xs text-muted-foreground">{s.note}</p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}

      {funnel && followUps ? (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <LeadFunnel funnel={funnel} />
          <FollowUps
            overdue={followUps.overdue}
            dueToday={followUps.dueToday}
          />
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        {counts ? (
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Quick Actions</h2>
              </CardTitle>
              <CardDescription>Common tasks</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3 sm:grid-cols-2">
              <QuickAction
                to="/admin/projects?new=1"
                icon={Plus}
                title="Add Project"
                text="Create a new portfolio project"
              />
              <QuickAction
                to="/admin/services"
                icon={Wrench}
                title="Manage Services"
                text="Edit, activate or add services"
              />
            </CardContent>
          </Card>
        ) : null}

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>System Status</h2>
            </CardTitle>
            <CardDescription>Checked when this page loaded</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3">
              <StatusRow
                tone={databaseOk ? "ok" : "fail"}
                icon={Database}
                text={
                  databaseOk
                    ? "Database Connection Active"
                    : "Database Connection Failed"
                }
              />
              <StatusRow
                tone="ok"
                icon={ShieldCheck}
                text="Authentication Working"
              />
              <StatusRow
                tone={mail.tone}
                icon={Mail}
                text={mail.text}
                detail={mail.detail}
              />
              <li className="flex items-center gap-3 rounded-lg border p-3 text-sm">
                <CalendarDays
                  aria-hidden="true"
                  className="size-4 text-muted-foreground"
                />
                <span>
                  <span className="sr-only">Today: </span>
                  {today}
                </span>
              </li>
            </ul>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
