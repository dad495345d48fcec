import { Download, Filter, History, X } from "lucide-react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/activity";
import { requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { withTargets } from "~/.server/activity/targets";
import { listActivity, listActivityPeople } from "~/.server/models/activity";
import { activityLabel, fieldLabel, KIND_LABELS } from "~/components/admin/activity-labels";
import { EmptyState } from "~/components/admin/empty-state";
import { FieldError } from "~/components/admin/form-fields";
import { PageIntro } from "~/components/admin/page-header";
import { Pager } from "~/components/admin/pager";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDateTime } from "~/lib/format";
import { ACTIVITY_PAGE_SIZE, ACTIVITY_RETENTION_MONTHS, type ActivityQuery, parseActivityQuery, toActivityFilter } from "~/validation/activity";

// The activity log (docs/decisions/0016-activity-log.md): who changed what and every sign-in event,
// newest first, filtered by person, kind and date through the URL, so the page works without JavaScript.

/** Who may open this (docs/product.md#access). */
export const permissions = { loader: "activity.view" } satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, permissions.loader);
  const parsed = parseActivityQuery(new URL(request.url).searchParams);
  const query = parsed.query;
  const page = query.page ?? 1;
  const [{ entries, total }, people] = await Promise.all([
    listActivity(toActivityFilter(query), { offset: (page - 1) * ACTIVITY_PAGE_SIZE, limit: ACTIVITY_PAGE_SIZE }),
    listActivityPeople(),
  ]);
  return {
    // The records by name, linked while they exist (docs/decisions/0075-activity-names-and-labels.md).
    entries: (await withTargets(entries)).map(({ entity_id: _, entity_name: __, ...entry }) => entry),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE)),
    people,
    query,
    fieldErrors: parsed.success ? {} : parsed.fieldErrors,
  };
}

/** The filter as URL parameters (empty ones left out); `page` only when past the first. */
function search(query: ActivityQuery, page?: number): string {
  const params = new URLSearchParams();
  if (query.person) params.set("person", query.person);
  if (query.kind) params.set("kind", query.kind);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (page && page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pageCount, people, query, fieldErrors } = loaderData;
  const filtered = Boolean(query.person || query.kind || query.from || query.to);
  const first = total === 0 ? 0 : (page - 1) * ACTIVITY_PAGE_SIZE + 1;
  const last = Math.min(total, page * ACTIVITY_PAGE_SIZE);
  const errorId = (name: string) => (fieldErrors[name] ? `activity-${name}-error` : undefined);

  return (
    <div className="grid min-w-0 gap-6">
      <title>Activity | Admin</title>
      <PageIntro title="Activity" description={`Who changed what, and every sign-in. Entries are kept for ${ACTIVITY_RETENTION_MONTHS} months.`}>
        <Button asChild variant="outline">
          <a href={`/admin/activity/export.csv${search(query)}`} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </PageIntro>

      <Card className="py-4">
        <CardContent className="px-4">
          {/* Keyed by the filter, so "Clear" and the back button show the fields of the page on screen. */}
          <Form key={search(query)} method="get" aria-label="Filter activity" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
            <div className="grid gap-2 [&_[data-slot=native-select-wrapper]]:w-full">
              <Label htmlFor="activity-person">Person</Label>
              <NativeSelect id="activity-person" name="person" defaultValue={query.person ?? ""} className="w-full" aria-invalid={fieldErrors.person ? true : undefined} aria-describedby={errorId("person")}>
                <NativeSelectOption value="">Everyone</NativeSelectOption>
                {people.map((p) => (
                  <NativeSelectOption key={p.id} value={p.id}>
                    {p.email}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
              <FieldError id={errorId("person")} message={fieldErrors.person} />
            </div>
            <div className="grid gap-2 [&_[data-slot=native-select-wrapper]]:w-full">
              <Label htmlFor="activity-kind">Kind</Label>
              <NativeSelect id="activity-kind" name="kind" defaultValue={query.kind ?? ""} className="w-full" aria-invalid={fieldErrors.kind ? true : undefined} aria-describedby={errorId("kind")}>
                <NativeSelectOption value="">All kinds</NativeSelectOption>
                <NativeSelectOption value="content">{KIND_LABELS.content}</NativeSelectOption>
                <NativeSelectOption value="security">{KIND_LABELS.security}</NativeSelectOption>
              </NativeSelect>
              <FieldError id={errorId("kind")} message={fieldErrors.kind} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="activity-from">From</Label>
              <Input id="activity-from" name="from" type="date" defaultValue={query.from ?? ""} aria-invalid={fieldErrors.from ? true : undefined} aria-describedby={errorId("from")} />
              <FieldError id={errorId("from")} message={fieldErrors.from} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="activity-to">To</Label>
              <Input id="activity-to" name="to" type="date" defaultValue={query.to ?? ""} aria-invalid={fieldErrors.to ? true : undefined} aria-describedby={errorId("to")} />
              <FieldError id={errorId("to")} message={fieldErrors.to} />
            </div>
            <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
              <Button type="submit" className="flex-1 lg:flex-none">
                <Filter aria-hidden="true" />
                Filter
              </Button>
              {filtered || Object.keys(fieldErrors).length > 0 ? (
                <Button asChild variant="ghost" className="flex-1 lg:flex-none">
                  <Link to="/admin/activity">
                    <X aria-hidden="true" />
                    Clear
                  </Link>
                </Button>
              ) : null}
            </div>
          </Form>
        </CardContent>
      </Card>

      {entries.length === 0 ? (
        <EmptyState
          icon={History}
          title={filtered ? "No activity matches these filters" : "No activity yet"}
          description={filtered ? "Try another person, kind or date range, or clear the filters." : "Changes made in the admin and sign-ins will be listed here."}
        />
      ) : (
        <section aria-label="Activity entries" className="grid min-w-0 gap-3">
          <Card className="min-w-0 py-0">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead className="w-28 pl-4 sm:w-44">When</TableHead>
                  <TableHead className="hidden sm:table-cell">Person</TableHead>
                  <TableHead>What happened</TableHead>
                  <TableHead className="hidden pr-4 md:table-cell">IP address</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {entries.map((entry) => (
                  <TableRow key={entry.id} className="[&>td]:py-3 [&>td]:align-top">
                    <TableCell className="pl-4 whitespace-normal text-muted-foreground sm:whitespace-nowrap">
                      <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                    </TableCell>
                    <TableCell className="hidden max-w-56 truncate sm:table-cell" title={entry.actor_email ?? undefined}>
                      {entry.actor_email ?? <span className="text-muted-foreground">Unknown</span>}
                    </TableCell>
                    <TableCell className="pr-4 whitespace-normal md:pr-2">
                      <p className="mb-1 break-all text-muted-foreground sm:hidden">{entry.actor_email ?? "Unknown"}</p>
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">{activityLabel(entry.action)}</span>
                        <Badge variant={entry.kind === "security" ? "secondary" : "outline"}>{KIND_LABELS[entry.kind]}</Badge>
                      </div>
                      {entry.target ? (
                        <p className="mt-1 break-words">
                          {entry.target.href ? (
                            <Link to={entry.target.href} dir="auto" className="font-medium underline underline-offset-4 hover:text-primary">
                              {entry.target.name}
                            </Link>
                          ) : (
                            <>
                              <span dir="auto">{entry.target.name}</span> <span className="text-muted-foreground">(deleted)</span>
                            </>
                          )}
                        </p>
                      ) : null}
                      {/* A service's or project's entry kept its title as the detail: said once, as the link. */}
                      {entry.detail && entry.detail !== entry.target?.name ? (
                        <p dir="auto" className="mt-1 break-words text-muted-foreground">
                          {entry.detail}
                        </p>
                      ) : null}
                      {entry.fields.length > 0 ? (
                        <p className="mt-1 break-words text-xs text-muted-foreground">Fields: {entry.fields.map((field) => fieldLabel(entry.entity, field)).join(", ")}</p>
                      ) : null}
                      <p className="mt-1 text-xs text-muted-foreground md:hidden">IP {entry.ip ?? "unknown"}</p>
                    </TableCell>
                    <TableCell className="hidden pr-4 text-muted-foreground md:table-cell">{entry.ip ?? "unknown"}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
          <Pager label="Activity pages" page={page} pageCount={pageCount} total={total} first={first} last={last} href={(n) => search(query, n) || "?"} />
        </section>
      )}
    </div>
  );
}
