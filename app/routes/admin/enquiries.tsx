import { Download, Inbox, MessageSquareText } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import type { Route } from "./+types/enquiries";
import { requireAction, requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { anyOutsideScope, leadScopeOf } from "~/.server/models/lead-scope";
import { deleteEnquiriesWithFiles, deleteEnquiryWithFiles } from "~/.server/enquiries/attachments";
import { namesBeforeDelete } from "~/.server/models/activity-targets";
import { mailConfig } from "~/.server/mail/mailer";
import { publishedCompanyName } from "~/.server/models/site-chrome";
import { countEnquiries, countMatchingEnquiries, folderTotal, getEnquiry, listEnquiries, setEnquiriesStatus, setEnquiryStatus } from "~/.server/models/enquiries";
import { listLeadAttachments } from "~/.server/models/lead-attachments";
import { listLeadEvents } from "~/.server/models/lead-events";
import { getLead, listAssignableAdmins, listBoardLeads } from "~/.server/models/leads";
import { listReplyTemplates } from "~/.server/models/reply-templates";
import { LeadBoard } from "~/components/admin/lead-board";
import { LeadPanel } from "~/components/admin/lead-panel";
import { type ActionResult, useActionToast } from "~/components/admin/action-result";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { EnquiryBulkBar } from "~/components/admin/enquiries/enquiry-bulk-bar";
import { EnquiryDetail } from "~/components/admin/enquiries/enquiry-detail";
import { EnquiryList } from "~/components/admin/enquiries/enquiry-list";
import { EnquiryFolders, EnquiryViews } from "~/components/admin/enquiries/enquiry-navigation";
import { EmptyState } from "~/components/admin/empty-state";
import { PageIntro } from "~/components/admin/page-header";
import { Pager } from "~/components/admin/pager";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { siteDay } from "~/lib/format";
import { cn } from "~/lib/utils";
import { type EnquiryStatus, enquiryFilter, ENQUIRY_STATUSES } from "~/validation/enquiry";
import { type LeadView, STAGE_LABELS } from "~/validation/lead";
import { ENQUIRIES_PAGE_SIZE, pageWindow, requestedPage } from "~/validation/paging";
import { leadAction, leadWording } from "./lead-actions";
import { recordAction, type Wording } from "./record-action";
import { submitFetcher } from "~/components/admin/fetcher-submit";

// The enquiries inbox (docs/product.md#enquiries): folders new / read / archived / spam, search, open one, mark, delete, CSV,
// and the same marks and delete on several ticked at once.
// Leads (docs/decisions/0017-leads-pipeline.md): the board view and, on an opened enquiry, its stage,
// assignee, follow-up, value, source, attachments, replies and timeline.

/** What each role may do here: the page, and each write (docs/product.md#access). */
export const permissions = { loader: "leads.view", intents: { "add-note": "leads.edit", "bulk-delete": "leads.edit", "bulk-status": "leads.edit", delete: "leads.edit", "record-reply": "leads.edit", "save-lead": "leads.edit", "send-reply": "leads.edit", "set-assignee": "leads.edit", "set-follow-up": "leads.edit", "set-stage": "leads.edit", "set-status": "leads.edit", "set-value": "leads.edit" } } satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, permissions.loader);
  const url = new URL(request.url);
  const scope = await leadScopeOf(user);
  const filter = { ...enquiryFilter(url.searchParams), visibleTo: scope };
  const view: LeadView = url.searchParams.get("view") === "board" ? "board" : "list";
  const selectedId = url.searchParams.get("id");
  const validId = selectedId && /^[A-Za-z0-9-]{1,100}$/.test(selectedId) ? selectedId : null;
  // The list a page at a time (docs/decisions/0056-paged-admin-lists.md), counted first so that a page past the
  // end (its last enquiry just archived) shows the last page there is.
  const folderCounts = countEnquiries(view === "list" ? filter.stage : null, scope, view === "list" ? filter.language : null);
  const listPage = async () => {
    const total = filter.q.trim() ? await countMatchingEnquiries(filter) : folderTotal(await folderCounts, filter.status);
    const paging = pageWindow(total, requestedPage(url.searchParams), ENQUIRIES_PAGE_SIZE);
    return { paging, enquiries: await listEnquiries({ ...filter, offset: paging.offset, limit: paging.limit }) };
  };
  const [list, counts, selected, board, admins, templates, companyName] = await Promise.all([
    view === "list" ? listPage() : null,
    folderCounts,
    validId ? getLead(validId, scope) : null,
    view === "board" ? listBoardLeads(undefined, scope) : null,
    listAssignableAdmins(),
    listReplyTemplates(),
    // Reply templates sign with {company}: the published name (docs/product.md#leads).
    publishedCompanyName(),
  ]);
  const [events, attachments] = selected ? await Promise.all([listLeadEvents(selected.id), listLeadAttachments(selected.id)]) : [[], []];
  return {
    enquiries: list?.enquiries ?? [],
    paging: list?.paging ?? null,
    counts,
    selected,
    events,
    attachments: attachments.map(({ storage_key: _key, ...a }) => a),
    board,
    admins,
    templates,
    companyName,
    filter,
    view,
    today: siteDay(),
    mailReady: mailConfig() !== null,
  };
}

const STATUS_MESSAGES: Record<EnquiryStatus, string> = {
  new: "Enquiry marked as new",
  read: "Enquiry marked as read",
  archived: "Enquiry archived",
  spam: "Enquiry moved to Spam",
};

const WORDING: Record<string, Wording> = {
  delete: { message: "Failed to delete enquiry", reason: "instead" },
  "set-status": { message: "Failed to update enquiry", reason: "instead" },
  "bulk-status": { message: "Failed to update enquiries", reason: "instead" },
  "bulk-delete": { message: "Failed to delete enquiries", reason: "instead" },
};

/** What a bulk action did, after the count: '3 enquiries archived'. */
const BULK_STATUS_MESSAGES: Record<EnquiryStatus, string> = {
  new: "marked as new",
  read: "marked as read",
  archived: "archived",
  spam: "moved to Spam",
};
const enquiryCount = (count: number) => `${count} ${count === 1 ? "enquiry" : "enquiries"}`;
/** A bulk action whose enquiries were all deleted meanwhile (by another admin): nothing to change. */
const NONE_LEFT = "The selected enquiries no longer exist";

const OPTIONS = {
  entity: "enquiry",
  noun: "enquiry",
  // 'Enquiry not found' in place of the failure; a body that is not a form keeps 'Failed to update enquiry' with its reason.
  wording: (intent: string): Wording => leadWording(intent) ?? WORDING[intent] ?? { message: "Failed to update enquiry" },
} as const;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAction(request, permissions);
  const scope = await leadScopeOf(user);
  return recordAction(request, user, OPTIONS, async (act) => {
    const { intent } = act;
    // A Sales member limited to their own leads writes only to those: an enquiry named from outside them is
    // answered as one that does not exist, before anything changes (docs/product.md#access).
    // At most a bulk action's worth is looked up: more ids than that are refused by `act.ids` below anyway.
    const named = [act.form.get("id"), ...act.form.getAll("ids").slice(0, ENQUIRIES_PAGE_SIZE)].filter((v): v is string => typeof v === "string" && v !== "");
    const { outside } = await act.run(async () => ({ outside: await anyOutsideScope(named, scope) }));
    if (outside) act.refuse("Enquiry not found", 404);
    switch (intent) {
      case "delete": {
        const id = act.id();
        // The sender's name, read first: the activity entry keeps it once the enquiry is gone (decision 0075).
        let names = new Map<string, string>();
        await act.run(async () => {
          names = await namesBeforeDelete("enquiry", [id]);
          return deleteEnquiryWithFiles(id);
        });
        return act.done({ action: "enquiry.delete", entityId: id, entityName: names.get(id) }, { message: "Enquiry deleted successfully" });
      }
      case "set-status": {
        const id = act.id();
        const status = String(act.form.get("status") ?? "");
        if (!(ENQUIRY_STATUSES as readonly string[]).includes(status)) return act.refuse(null);
        let previous: string | null = null;
        await act.run(async () => {
          previous = (await getEnquiry(id))?.status ?? null;
          return setEnquiryStatus(id, status as EnquiryStatus);
        });
        return act.done(
          { action: "enquiry.set-status", entityId: id, fields: ["status"], detail: `${previous ?? "?"} → ${status}` },
          { id, message: STATUS_MESSAGES[status as EnquiryStatus] },
        );
      }
      // Bulk actions on the enquiries ticked in the list: at most a page of them, each logged as its own change
      // (docs/decisions/0063-bulk-actions-on-enquiries.md).
      case "bulk-status": {
        const ids = act.ids(ENQUIRIES_PAGE_SIZE);
        const status = String(act.form.get("status") ?? "");
        if (!(ENQUIRY_STATUSES as readonly string[]).includes(status)) return act.refuse(null);
        const found = await act.run(() => setEnquiriesStatus(ids, status as EnquiryStatus), { count: ids.length });
        if (found.length === 0) return act.refuse(NONE_LEFT, 404);
        return act.doneMany(
          found
            .filter((e) => e.previous !== status)
            .map((e) => ({ action: "enquiry.set-status", entityId: e.id, fields: ["status"], detail: `${e.previous} → ${status}` })),
          { message: `${enquiryCount(found.length)} ${BULK_STATUS_MESSAGES[status as EnquiryStatus]}` },
        );
      }
      case "bulk-delete": {
        const ids = act.ids(ENQUIRIES_PAGE_SIZE);
        let names = new Map<string, string>();
        const deleted = await act.run(
          async () => {
            names = await namesBeforeDelete("enquiry", ids);
            return deleteEnquiriesWithFiles(ids);
          },
          { count: ids.length },
        );
        if (deleted.length === 0) return act.refuse(NONE_LEFT, 404);
        return act.doneMany(
          deleted.map((id) => ({ action: "enquiry.delete", entityId: id, entityName: names.get(id) })),
          { message: `${enquiryCount(deleted.length)} deleted` },
        );
      }
      default:
        // The lead's intents (stage, note, assignee, follow-up, value, reply), or 'Unknown action'.
        return leadAction(act, user);
    }
  });
}

export default function EnquiriesPage({ loaderData }: Route.ComponentProps) {
  const { enquiries, paging, counts, selected, filter, view, board, events, attachments, admins, templates, companyName, mailReady, today } = loaderData;
  const [params] = useSearchParams();
  const fetcher = useFetcher<ActionResult>();
  // Marking an opened enquiry read is quiet: no toast for what the admin did not ask for.
  const autoRead = useFetcher<ActionResult>();
  const [confirming, setConfirming] = useState(false);
  useActionToast(fetcher.data);
  // The enquiries ticked for a bulk action: only ever ones on the page shown, and none once an action on them is done.
  const bulk = useFetcher<ActionResult>();
  const [tickedIds, setTicked] = useState<string[]>([]);
  const [confirmingBulk, setConfirmingBulk] = useState(false);
  useActionToast(bulk.data, (result) => {
    if (result.ok) setTicked([]);
  });
  const ticked = tickedIds.filter((id) => enquiries.some((e) => e.id === id));
  const tick = (id: string, on: boolean) => setTicked(on ? [...ticked, id] : ticked.filter((x) => x !== id));
  const submitBulk = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    for (const id of ticked) form.append("ids", id);
    submitFetcher(bulk, form, { method: "post" });
  };

  const link = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    const s = next.toString();
    return s ? `?${s}` : "?";
  };
  const exportHref = `/admin/enquiries/export.csv${link({ id: null, page: null })}`;

  // Opening a new enquiry marks it read.
  const selectedId = selected?.id;
  const selectedStatus = selected?.status;
  useEffect(() => {
    if (selectedId && selectedStatus === "new") {
      submitFetcher(autoRead, { intent: "set-status", id: selectedId, status: "read" }, { method: "post" });
    }
    // Only when another enquiry is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId]);

  const detail = selected ? (
    <EnquiryDetail
      enquiry={selected}
      back={{ href: link({ id: null }), label: view === "board" ? "Back to the board" : "Back to the list", wideToo: view === "board" }}
      onStatus={(status) => submitFetcher(fetcher, { intent: "set-status", id: selected.id, status }, { method: "post" })}
      onDelete={() => setConfirming(true)}
    >
      <LeadPanel
        key={selected.id}
        lead={selected}
        events={events}
        attachments={attachments}
        admins={admins}
        templates={templates}
        mailReady={mailReady}
        company={companyName}
      />
    </EnquiryDetail>
  ) : null;

  return (
    <div className="grid gap-6">
      <PageIntro title="Enquiries" description="Messages sent through the website's contact form, followed from first message to won job.">
        <div className="flex flex-wrap gap-2">
          <EnquiryViews view={view} />
          <Button asChild variant="outline">
            <Link to="/admin/enquiries/templates">
              <MessageSquareText aria-hidden="true" />
              Reply templates
            </Link>
          </Button>
          <Button asChild variant="outline">
            <a href={exportHref} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        </div>
      </PageIntro>

      <EnquiryFolders
        filter={filter}
        counts={counts}
        href={(key) => link({ status: key === "inbox" ? null : key, id: null, page: null })}
        className={cn(view === "board" && "hidden")}
      />

      {view === "list" && filter.stage ? (
        <p className="-mt-3 flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="secondary">Stage: {STAGE_LABELS[filter.stage]}</Badge>
          <Link to={link({ stage: null, page: null, id: null })} className="font-medium text-primary underline-offset-4 hover:underline">
            Show every stage
          </Link>
        </p>
      ) : null}

      {view === "board" ? (
        (detail ??
        (board ? (
          <LeadBoard
            cards={board.cards}
            counts={board.counts}
            today={today}
            openHref={(id) => `?view=board&id=${encodeURIComponent(id)}`}
            allHref={(stage) => `?stage=${stage}`}
          />
        ) : null))
      ) : enquiries.length === 0 && !selected ? (
        <EmptyState
          icon={Inbox}
          title={filter.q ? "No enquiries match your search" : "No enquiries here"}
          description={filter.q ? "Try another word, or clear the search." : "Messages from the contact form will appear here."}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className={cn("grid content-start gap-4", selected && "hidden lg:grid")}>
            <EnquiryBulkBar
              folder={filter.status}
              shown={enquiries.length}
              ticked={ticked.length}
              busy={bulk.state !== "idle"}
              onTickAll={(on) => setTicked(on ? enquiries.map((e) => e.id) : [])}
              onStatus={(status) => submitBulk({ intent: "bulk-status", status })}
              onDelete={() => setConfirmingBulk(true)}
            />
            <EnquiryList enquiries={enquiries} selectedId={selected?.id ?? null} ticked={ticked} onTick={tick} href={(id) => link({ id })} />
            {paging && paging.pageCount > 1 ? <Pager label="Enquiry pages" {...paging} href={(page) => link({ page: page > 1 ? String(page) : null })} /> : null}
          </div>

          {selected ? (
            detail
          ) : (
            <div className="hidden items-center justify-center rounded-xl border border-dashed p-10 text-sm text-muted-foreground lg:flex">
              Select an enquiry to read it.
            </div>
          )}
        </div>
      )}

      <ConfirmDeleteDialog
        open={confirmingBulk}
        onOpenChange={setConfirmingBulk}
        question={`Are you sure you want to delete ${ticked.length === 1 ? "this enquiry" : `these ${ticked.length} enquiries`}?`}
        outcome={`${ticked.length === 1 ? "It" : "They"} will be removed for good, with ${ticked.length === 1 ? "its" : "their"} notes, replies and files. This cannot be undone.`}
        onConfirm={() => {
          setConfirmingBulk(false);
          submitBulk({ intent: "bulk-delete" });
        }}
      />
      {selected ? (
        <ConfirmDeleteDialog
          open={confirming}
          onOpenChange={setConfirming}
          question="Are you sure you want to delete this enquiry?"
          itemName={`The enquiry from ${selected.name}`}
          onConfirm={() => {
            setConfirming(false);
            submitFetcher(fetcher, { intent: "delete", id: selected.id }, { method: "post", action: `/admin/enquiries${link({ id: null })}` });
          }}
        />
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Enquiries | Admin" }, { name: "robots", content: "noindex, nofollow" }];
