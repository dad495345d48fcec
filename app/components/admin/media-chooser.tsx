import { ChevronLeft, ChevronRight, Library, Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatFileSize } from "~/lib/format";
import type { PageWindow } from "~/validation/paging";
import type { UploadedFile } from "~/lib/uploads";
import { type LibraryFile, MediaThumb } from "./media-grid";

// "Choose from library" beside every Upload button (docs/product.md#media-library): the Media page's own loader
// and search, filtered to the field's kind. Choosing hands the field the file's URL, as an upload would: the
// record stores a reference to the one stored file, never a copy (docs/decisions/0088-media-library.md).

const SEARCH_DELAY_MS = 250;

export function MediaChooser({ kind, disabled, onChosen }: { kind: "image" | "video"; disabled?: boolean; onChosen: (file: UploadedFile) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="h-auto min-h-8 max-w-full py-1.5 whitespace-normal"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        <Library aria-hidden="true" />
        Choose from library
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? (
          <ChooserContent
            kind={kind}
            onChoose={(file) => {
              setOpen(false);
              onChosen({ url: file.url, type: file.kind === "video" ? "video/*" : "image/*", size: file.bytes, ...(file.width && file.height ? { width: file.width, height: file.height } : {}) });
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function ChooserContent({ kind, onChoose }: { kind: "image" | "video"; onChoose: (file: LibraryFile) => void }) {
  const searchId = useId();
  const fetcher = useFetcher<{ items: LibraryFile[]; paging: PageWindow | null; loadError: string | null }>();
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const { load } = fetcher;
  useEffect(() => {
    // The Media page's paged loader (docs/decisions/0094-media-replace-and-paging.md): one page of files at a time.
    const params = new URLSearchParams({ q: query, kind, ...(page > 1 ? { page: String(page) } : {}) });
    const timer = setTimeout(() => void load(`/admin/media?${params}`), query && page === 1 ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [query, kind, page, load]);
  const items = fetcher.data?.items ?? [];
  const paging = fetcher.data?.paging ?? null;
  const loading = fetcher.state !== "idle" || fetcher.data === undefined;
  return (
    <DialogContent className="grid max-h-[90dvh] grid-rows-[auto_auto_1fr_auto] sm:max-w-3xl">
      <DialogHeader>
        <DialogTitle>Choose from library</DialogTitle>
        <DialogDescription>{kind === "video" ? "Videos" : "Images"} already uploaded. The field will use the file itself, not a copy.</DialogDescription>
      </DialogHeader>
      <div className="relative">
        <Label htmlFor={searchId} className="sr-only">
          Search the library
        </Label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
        <Input
          id={searchId}
          type="search"
          className="pl-8"
          placeholder="File name or alt text"
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setPage(1);
          }}
        />
      </div>
      <div className="min-h-40 overflow-y-auto" aria-busy={loading} aria-live="polite">
        {fetcher.data?.loadError ? (
          <p role="alert" className="text-sm text-destructive">
            {fetcher.data.loadError}
          </p>
        ) : items.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{loading ? "Loading..." : query ? "No files match." : "The library is empty."}</p>
        ) : (
          <ul aria-label="Library files" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {items.map((file) => (
              <li key={file.key}>
                <button
                  type="button"
                  className="grid w-full gap-1 overflow-hidden rounded-lg border bg-card text-left text-xs outline-none hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  onClick={() => onChoose(file)}
                  aria-label={`Choose ${file.name}${file.alt ? `: ${file.alt}` : ""}`}
                >
                  <MediaThumb file={file} className="aspect-square w-full" />
                  <span className="truncate px-2 font-medium">{file.name}</span>
                  <span className="px-2 pb-2 text-muted-foreground">
                    {formatFileSize(file.bytes)}
                    {file.width && file.height ? ` · ${file.width} × ${file.height}` : ""}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {paging && paging.pageCount > 1 ? (
        <nav aria-label="Library pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">
            {paging.first}–{paging.last} of {paging.total}
          </span>
          <span className="flex items-center gap-2">
            <Button type="button" variant="outline" size="sm" disabled={loading || paging.page <= 1} onClick={() => setPage(paging.page - 1)} aria-label="Previous page">
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <span className="tabular-nums">
              Page {paging.page} of {paging.pageCount}
            </span>
            <Button type="button" variant="outline" size="sm" disabled={loading || paging.page >= paging.pageCount} onClick={() => setPage(paging.page + 1)} aria-label="Next page">
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </span>
        </nav>
      ) : null}
    </DialogContent>
  );
}
