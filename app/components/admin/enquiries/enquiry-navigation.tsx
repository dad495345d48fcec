import { Archive, Inbox, KanbanSquare, List, Mail, MailOpen, Search, ShieldAlert } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { cn } from "~/lib/utils";
import type { EnquiryFolder, EnquiryStatus, enquiryFilter } from "~/validation/enquiry";
import type { LeadView } from "~/validation/lead";

// Finding one's way in the enquiries (docs/product.md#enquiries): the list or the board
// (docs/decisions/0017-leads-pipeline.md), the folders with their counts, and the search. Each is a plain link or
// a GET form: it works before (or without) the page's JavaScript.

const VIEWS = [
  ["list", "List", List],
  ["board", "Board", KanbanSquare],
] as const;

export function EnquiryViews({ view }: { view: LeadView }) {
  return (
    <nav aria-label="Enquiry views" className="inline-flex rounded-md border p-0.5">
      {VIEWS.map(([key, label, Icon]) => (
        <Link
          key={key}
          to={key === "board" ? "?view=board" : "?"}
          aria-current={view === key ? "page" : undefined}
          className={cn(
            "inline-flex items-center gap-1.5 rounded px-3 py-1.5 text-sm font-medium text-muted-foreground hover:text-foreground",
            view === key && "bg-primary text-primary-foreground hover:text-primary-foreground",
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </Link>
      ))}
    </nav>
  );
}

const FOLDERS: Array<{ key: EnquiryFolder; label: string; icon: typeof Inbox }> = [
  { key: "inbox", label: "Inbox", icon: Inbox },
  { key: "new", label: "New", icon: Mail },
  { key: "read", label: "Read", icon: MailOpen },
  { key: "archived", label: "Archived", icon: Archive },
  { key: "spam", label: "Spam", icon: ShieldAlert },
];

interface EnquiryFoldersProps {
  filter: ReturnType<typeof enquiryFilter>;
  counts: Record<EnquiryStatus, number>;
  /** The address of a folder, keeping the search and stage. */
  href: (folder: EnquiryFolder) => string;
  className?: string;
}

/**
 * The folders, each with its count, and the search within the folder shown, narrowed to one language when asked
 * (docs/decisions/0077-dhivehi-design.md, Enquiries): choosing one sends the form at once, or with Search without
 * JavaScript.
 */
export function EnquiryFolders({ filter, counts, href, className }: EnquiryFoldersProps) {
  const folderCount = (key: EnquiryFolder) => (key === "inbox" ? counts.new + counts.read : counts[key]);
  return (
    <div className={cn("flex flex-col gap-3 xl:flex-row xl:items-center xl:justify-between", className)}>
      <nav aria-label="Enquiry folders" className="flex flex-wrap gap-1">
        {FOLDERS.map(({ key, label, icon: Icon }) => (
          <Link
            key={key}
            to={href(key)}
            aria-current={filter.status === key ? "page" : undefined}
            className={cn(
              "inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground",
              filter.status === key && "bg-primary text-primary-foreground hover:bg-primary hover:text-primary-foreground",
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
            <span className="rounded-full bg-background/20 px-1.5 text-xs tabular-nums">{folderCount(key)}</span>
          </Link>
        ))}
      </nav>
      {/* The language first: on a phone it takes a line of its own above the search, which keeps its width. */}
      <Form method="get" role="search" className="flex flex-wrap gap-2 xl:shrink-0 xl:flex-nowrap">
        {filter.status !== "inbox" ? <input type="hidden" name="status" value={filter.status} /> : null}
        {filter.stage ? <input type="hidden" name="stage" value={filter.stage} /> : null}
        <label htmlFor="enquiry-language" className="sr-only">
          Language
        </label>
        <NativeSelect
          id="enquiry-language"
          name="language"
          defaultValue={filter.language ?? ""}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          wrapperClassName="shrink-0"
        >
          <NativeSelectOption value="">All languages</NativeSelectOption>
          <NativeSelectOption value="en">English</NativeSelectOption>
          <NativeSelectOption value="dv">Dhivehi</NativeSelectOption>
        </NativeSelect>
        <div className="flex min-w-0 flex-1 basis-64 gap-2 sm:flex-none sm:basis-auto">
          <label htmlFor="enquiry-search" className="sr-only">
            Search enquiries
          </label>
          <Input id="enquiry-search" name="q" type="search" defaultValue={filter.q} placeholder="Search name, email, project..." className="w-full sm:w-72" />
          <Button type="submit" variant="secondary">
            <Search aria-hidden="true" />
            Search
          </Button>
        </div>
      </Form>
    </div>
  );
}
