import { ArrowLeft, History, RotateCcw } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/history";
import { requireAction, requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { getProject, projectSnapshot, restoreProjectVersion } from "~/.server/models/projects";
import { getService, restoreServiceVersion, serviceSnapshot } from "~/.server/models/services";
import { getVersion, listVersions, type RestoreResult, type VersionedKind, VERSIONS_KEPT } from "~/.server/models/versions";
import { type ActionResult, useActionToast } from "~/components/admin/action-result";
import { EmptyState } from "~/components/admin/empty-state";
import { PageIntro } from "~/components/admin/page-header";
import { displayValue, PROJECT_VERSION_FIELDS, SERVICE_VERSION_FIELDS, VERSION_ACTION_LABELS } from "~/components/admin/version-fields";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format";
import { cn } from "~/lib/utils";
import { recordAction, type Wording } from "./record-action";

// The History page of one service (/admin/services/:id/history) or project (/admin/projects/:id/history):
// every saved version with who and when, one shown beside the current record, and restore
// (docs/decisions/0013-versions-and-trash.md). Both URLs use this module; the path says which kind.

const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

const NOUN: Record<VersionedKind, { one: string; title: string; list: string; path: string }> = {
  service: { one: "service", title: "Service", list: "Services", path: "/admin/services" },
  project: { one: "project", title: "Project", list: "Projects", path: "/admin/projects" },
};

function kindOf(request: Request): VersionedKind {
  return new URL(request.url).pathname.startsWith("/admin/projects/") ? "project" : "service";
}

function notFound(kind: VersionedKind): never {
  throw data({ message: `${NOUN[kind].title} not found` }, { status: 404 });
}

/** What each role may do here: the page, and each write (docs/product.md#access). */
export const permissions = { loader: "content.edit", intents: { "restore-version": "content.edit" } } satisfies RoutePermissions;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, permissions.loader);
  const kind = kindOf(request);
  const id = params.id;
  if (!ID_PATTERN.test(id)) notFound(kind);
  const record = kind === "service" ? await getService(id) : await getProject(id);
  if (!record) notFound(kind);
  const current: Record<string, unknown> = kind === "service" ? serviceSnapshot(record as never) : projectSnapshot(record as never);
  const versions = await listVersions(kind, id);
  const asked = new URL(request.url).searchParams.get("version");
  const selectedId = asked && ID_PATTERN.test(asked) ? asked : versions[0]?.id;
  const selected = selectedId ? await getVersion(kind, id, selectedId) : null;
  return {
    kind,
    id,
    title: record.title,
    versions,
    selected,
    current,
    missingVersion: Boolean(asked) && !selected,
    kept: VERSIONS_KEPT,
  };
}

const WORDING: Wording = { message: "Failed to restore version" };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAction(request, permissions);
  const kind = kindOf(request);
  return recordAction(request, user, { entity: kind, noun: "version", wording: () => WORDING }, async (act) => {
    const { intent } = act;
    switch (intent) {
      case "restore-version": {
        // The record is the page's own (its URL); the form names which of its versions.
        const versionId = act.form.get("version_id");
        if (typeof versionId !== "string" || versionId === "") return act.refuse("No version was given");
        if (!ID_PATTERN.test(params.id) || !ID_PATTERN.test(versionId)) return act.refuse("Version not found", 404);
        const result = await act.run(
          (): Promise<RestoreResult<unknown>> =>
            kind === "service" ? restoreServiceVersion(params.id, versionId, user.id) : restoreProjectVersion(params.id, versionId, user.id),
          { kind, id: params.id, versionId },
        );
        if (result.kind === "not-found") return act.refuse("Version not found", 404);
        // A version saved under older rules that today's form would refuse: nothing changes.
        if (result.kind === "invalid") return act.refuse(Object.values(result.fieldErrors)[0] ?? "The version is not valid any more", 400, result.fieldErrors);
        return act.done(
          { entityId: params.id, action: `${kind}.restore-version`, detail: `Version ${versionId}` },
          { id: params.id, message: `${NOUN[kind].title} restored to the chosen version` },
        );
      }
      default:
        return act.unknown();
    }
  });
}

export default function HistoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, id, title, versions, selected, current, missingVersion, kept } = loaderData;
  const noun = NOUN[kind];
  useActionToast(actionData as ActionResult | undefined);
  const navigation = useNavigation();
  const restoring = navigation.state === "submitting" && navigation.formData?.get("intent") === "restore-version";
  const fields = kind === "service" ? SERVICE_VERSION_FIELDS : PROJECT_VERSION_FIELDS;
  const latest = versions[0];
  const isCurrent = selected !== null && latest !== undefined && selected.id === latest.id;

  return (
    <>
      <title>{`History: ${title} | Admin`}</title>
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to={noun.path}>
            <ArrowLeft aria-hidden="true" />
            Back to {noun.list}
          </Link>
        </Button>
      </div>
      <PageIntro
        title={`History: ${title}`}
        description={`Every save of this ${noun.one} is kept (the newest ${kept}). Restoring a version makes it the current ${noun.one}; what it replaces stays in this list.`}
      />
      {versions.length === 0 ? (
        <EmptyState icon={History} title="No versions yet" description={`The next save of this ${noun.one} keeps its first version.`} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
          <nav aria-label="Versions" className="self-start rounded-xl border bg-card p-2 shadow-xs lg:max-h-[70vh] lg:overflow-y-auto">
            <ol className="grid gap-1">
              {versions.map((v, i) => {
                const active = selected?.id === v.id;
                return (
                  <li key={v.id}>
                    <Link
                      to={`?version=${v.id}`}
                      preventScrollReset
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "grid gap-0.5 rounded-lg px-3 py-2 text-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring",
                        active && "bg-muted font-medium",
                      )}
                    >
                      <span className="flex items-center justify-between gap-2">
                        <span>
                          Version {v.version} · {VERSION_ACTION_LABELS[v.action]}
                        </span>
                        {i === 0 ? <Badge variant="secondary">Current</Badge> : null}
                      </span>
                      <span className="text-xs text-muted-foreground">
                        {formatDateTime(v.created_at)}
                        {v.author ? ` · ${v.author}` : ""}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ol>
          </nav>

          <section aria-labelledby="version-title" className="grid content-start gap-4 rounded-xl border bg-card p-4 shadow-xs">
            {missingVersion || !selected ? (
              <p role="alert" className="text-sm text-destructive">
                That version does not exist (any more). Pick one from the list.
              </p>
            ) : (
              <>
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="grid gap-1">
                    <h3 id="version-title" className="text-base font-semibold">
                      Version {selected.version} · {VERSION_ACTION_LABELS[selected.action]}
                    </h3>
                    <p className="text-sm text-muted-foreground">
                      Saved {formatDateTime(selected.created_at)}
                      {selected.author ? ` by ${selected.author}` : " by a removed account"}
                    </p>
                  </div>
                  {isCurrent ? (
                    <Badge variant="secondary" className="self-start">
                      This is the current version
                    </Badge>
                  ) : (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="restore-version" />
                      <input type="hidden" name="version_id" value={selected.id} />
                      <Button type="submit" disabled={restoring}>
                        <RotateCcw aria-hidden="true" />
                        {restoring ? "Restoring..." : "Restore this version"}
                      </Button>
                    </Form>
                  )}
                </div>
                <div className="overflow-x-auto">
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">
                      Fields of version {selected.version} beside the current {noun.one}
                    </caption>
                    <thead>
                      {/* Narrow screens: each field's name on its own line above the two values. */}
                      <tr className="grid grid-cols-2 gap-x-3 border-b text-xs text-muted-foreground sm:table-row">
                        <th scope="col" className="hidden w-40 py-2 pr-3 font-medium sm:table-cell">
                          Field
                        </th>
                        <th scope="col" className="py-2 pr-3 font-medium">
                          Version {selected.version}
                        </th>
                        <th scope="col" className="py-2 font-medium">
                          Current
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {fields.map((field) => {
                        const then = displayValue(field, selected.snapshot[field.key]);
                        const now = displayValue(field, current[field.key]);
                        const changed = then !== now;
                        return (
                          <tr key={field.key} className={cn("grid grid-cols-2 gap-x-3 border-b align-top last:border-0 sm:table-row", changed && "bg-amber-50")}>
                            <th scope="row" className="col-span-2 pt-2 font-medium sm:table-cell sm:py-2 sm:pr-3">
                              {field.label}
                              {changed ? (
                                <Badge variant="outline" className="ml-2 border-amber-400 text-amber-800">
                                  Changed
                                </Badge>
                              ) : null}
                            </th>
                            <td className="min-w-0 py-2 break-words whitespace-pre-line sm:table-cell sm:pr-3" dir="auto">{then || <span className="text-muted-foreground">(empty)</span>}</td>
                            <td className="min-w-0 py-2 break-words whitespace-pre-line text-muted-foreground sm:table-cell" dir="auto">{now || "(empty)"}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </section>
        </div>
      )}
      <p className="text-xs text-muted-foreground">
        <a href={`/${kind}/${id}?preview=1`} target="_blank" rel="noopener" className="underline underline-offset-4">
          Preview the current {noun.one}
        </a>
      </p>
    </>
  );
}
