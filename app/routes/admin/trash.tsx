import { FolderKanban, ImageIcon, RotateCcw, Trash2, Wrench } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/trash";
import { requireAction, requirePermission } from "~/.server/auth/access";
import { can, type RoutePermissions } from "~/lib/permissions";
import { deleteProjectForever, listTrashedProjects, restoreProjectFromTrash } from "~/.server/models/projects";
import { deleteServiceForever, listTrashedServices, restoreServiceFromTrash } from "~/.server/models/services";
import { TRASH_DAYS } from "~/.server/models/trash";
import type { TrashedItem } from "~/.server/models/versions";
import { type ActionResult, useActionToast } from "~/components/admin/action-result";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { EmptyState } from "~/components/admin/empty-state";
import { LoadError } from "~/components/admin/load-error";
import { PageIntro } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/format";
import { focalStyle } from "~/lib/images";
import { loadFailed } from "./action-helpers";
import { recordAction, type Wording } from "./record-action";
import { submitFetcher } from "~/components/admin/fetcher-submit";

// The Trash of services and projects (docs/decisions/0013-versions-and-trash.md): deleted records wait
// here TRASH_DAYS before the purge removes them; an admin can restore one or delete it forever sooner.

type Kind = "service" | "project";

const NOUN: Record<Kind, { one: string; title: string }> = {
  service: { one: "service", title: "Service" },
  project: { one: "project", title: "Project" },
};

/** What each role may do here: the page, and each write (docs/product.md#access). */
export const permissions = { loader: "trash.restore", intents: { restore: "trash.restore", "delete-forever": "trash.purge" } } satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, permissions.loader);
  const [services, projects] = await Promise.all([
    listTrashedServices().catch(loadFailed("trashed services")),
    listTrashedProjects().catch(loadFailed("trashed projects")),
  ]);
  return {
    services,
    projects,
    loadError: services === null || projects === null ? "Failed to fetch the Trash" : null,
    trashDays: TRASH_DAYS,
    // Editors restore but do not delete for good (docs/product.md#access): the button is not offered to them.
    mayPurge: can(user.role, "trash.purge"),
  };
}

const readKind = (form: FormData): Kind | null => {
  const kind = form.get("kind");
  return kind === "service" || kind === "project" ? kind : null;
};

/** The words of each answer follow the posted kind: 'Failed to restore project', 'Service not found in the Trash'. */
const optionsOf = (form: FormData) => {
  const kind = readKind(form);
  const noun = kind ? NOUN[kind] : { one: "item", title: "Item" };
  return {
    entity: kind ?? "service",
    noun: noun.one,
    notFound: `${noun.title} not found in the Trash`,
    wording: (intent: string): Wording => ({
      message: intent === "restore" ? `Failed to restore ${noun.one}` : intent === "delete-forever" ? `Failed to delete ${noun.one}` : "Unknown action",
    }),
  };
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAction(request, permissions);
  return recordAction(request, user, optionsOf, async (act) => {
    const { intent } = act;
    switch (intent) {
      case "restore":
      case "delete-forever": {
        const kind = readKind(act.form);
        if (!kind) return act.refuse("Choose a service or a project");
        const id = act.id();
        const step = {
          restore: { service: restoreServiceFromTrash, project: restoreProjectFromTrash },
          "delete-forever": { service: deleteServiceForever, project: deleteProjectForever },
        }[intent][kind];
        await act.run(() => step(id), { kind });
        return act.done(
          { entity: kind, entityId: id, action: `${kind}.${intent}` },
          { id, message: intent === "restore" ? `${NOUN[kind].title} restored successfully` : `${NOUN[kind].title} deleted forever` },
        );
      }
      default:
        return act.unknown();
    }
  });
}

/** The Trash's two lists, services first. */
const SECTIONS = [
  { kind: "service", title: "Services", icon: Wrench },
  { kind: "project", title: "Projects", icon: FolderKanban },
] as const;

export default function TrashPage({ loaderData }: Route.ComponentProps) {
  const { loadError, trashDays } = loaderData;
  const [confirming, setConfirming] = useState<{ open: boolean; kind: Kind; item: TrashedItem | null }>({ open: false, kind: "service", item: null });
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  // Optimistic: an item leaves the list as soon as its restore or delete is on its way.
  const leaving = fetcher.state !== "idle" ? fetcher.formData?.get("id") : null;
  // One restore or delete at a time: a second submit on the same fetcher would cancel the first one's answer.
  const busy = fetcher.state !== "idle";
  const submit = (intent: "restore" | "delete-forever", kind: Kind, id: string) => submitFetcher(fetcher, { intent, kind, id }, { method: "post" });
  const services = (loaderData.services ?? []).filter((s) => s.id !== leaving);
  const projects = (loaderData.projects ?? []).filter((p) => p.id !== leaving);

  return (
    <>
      <title>Trash | Admin</title>
      <PageIntro
        title="Trash"
        description={`Deleted services and projects are kept here for ${trashDays} days, then deleted for good with their versions.`}
      />
      {loadError ? (
        <LoadError message={loadError} />
      ) : services.length === 0 && projects.length === 0 ? (
        <EmptyState icon={Trash2} title="The Trash is empty" description="Deleted services and projects appear here, and can be restored for 30 days." />
      ) : (
        <div className="grid gap-8">
          {SECTIONS.map(({ kind, title, icon }) => (
            <TrashSection
              key={kind}
              kind={kind}
              title={title}
              icon={icon}
              items={kind === "service" ? services : projects}
              trashDays={trashDays}
              busy={busy}
              onRestore={(item) => submit("restore", kind, item.id)}
              onDelete={loaderData.mayPurge ? (item) => setConfirming({ open: true, kind, item }) : null}
            />
          ))}
        </div>
      )}
      <ConfirmDeleteDialog
        open={confirming.open}
        onOpenChange={(open) => setConfirming((c) => ({ ...c, open }))}
        question={`Delete this ${NOUN[confirming.kind].one} forever?`}
        itemName={confirming.item?.title}
        outcome="and all its versions will be removed for good. This cannot be undone."
        confirmLabel="Delete forever"
        onConfirm={() => {
          if (confirming.item) submit("delete-forever", confirming.kind, confirming.item.id);
        }}
      />
    </>
  );
}

const DAY_MS = 86_400_000;

interface TrashSectionProps {
  kind: Kind;
  title: string;
  icon: typeof Wrench;
  items: TrashedItem[];
  trashDays: number;
  /** A restore or delete is on its way: the other items' buttons wait for it. */
  busy: boolean;
  onRestore: (item: TrashedItem) => void;
  /** Null for a role that may not delete for good. */
  onDelete: ((item: TrashedItem) => void) | null;
}

function TrashSection({ kind, title, icon: Icon, items, trashDays, busy, onRestore, onDelete }: TrashSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
        {title}
        <span className="text-sm font-normal text-muted-foreground">({items.length})</span>
      </h3>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">No deleted {title.toLowerCase()}.</p>
      ) : (
        <ul className="grid gap-3">
          {items.map((item) => (
            <TrashRow key={item.id} kind={kind} item={item} trashDays={trashDays} busy={busy} onRestore={() => onRestore(item)} onDelete={onDelete ? () => onDelete(item) : null} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TrashRow({ kind, item, trashDays, busy, onRestore, onDelete }: { kind: Kind; item: TrashedItem; trashDays: number; busy: boolean; onRestore: () => void; onDelete: (() => void) | null }) {
  const titleId = useId();
  const purgeOn = new Date(new Date(item.deleted_at).getTime() + trashDays * DAY_MS).toISOString();
  return (
    <li aria-labelledby={titleId} className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-3 shadow-xs">
      {item.featured_image_url ? (
        <img
          src={item.featured_image_url}
          alt=""
          loading="lazy"
          style={focalStyle(item.featured_image_focal_x, item.featured_image_focal_y)}
          className="h-14 w-20 shrink-0 rounded-md border bg-muted object-cover sm:h-16 sm:w-28"
        />
      ) : (
        <div className="flex h-14 w-20 shrink-0 items-center justify-center rounded-md border bg-muted text-muted-foreground sm:h-16 sm:w-28">
          <ImageIcon aria-hidden="true" className="size-5" />
        </div>
      )}
      <div className="grid min-w-0 flex-1 basis-40 gap-1">
        <p id={titleId} className="truncate font-medium" dir="auto">
          {item.title}
        </p>
        <p className="text-xs text-muted-foreground">
          Deleted {formatDate(item.deleted_at)}
          {item.deleted_by ? ` by ${item.deleted_by}` : ""} · deleted for good on {formatDate(purgeOn)}
        </p>
      </div>
      <div className="flex w-full shrink-0 gap-2 sm:w-auto">
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={onRestore} aria-label={`Restore ${kind} ${item.title}`}>
          <RotateCcw aria-hidden="true" />
          Restore
        </Button>
        {onDelete ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="text-destructive hover:text-destructive"
            disabled={busy}
            onClick={onDelete}
            aria-label={`Delete forever: ${kind} ${item.title}`}
          >
            <Trash2 aria-hidden="true" />
            Delete forever
          </Button>
        ) : null}
      </div>
    </li>
  );
}
