import { Eye } from "lucide-react";

/** Shown on a preview of unpublished drafts (docs/decisions/0012-preview-requests.md): only the admin sees this page. */
export function PreviewBar() {
  return (
    <aside
      aria-label="Preview"
      className="sticky bottom-0 z-50 flex flex-wrap items-center justify-center gap-x-4 gap-y-2 bg-brand-amber px-4 py-3 text-sm font-semibold text-brand-amber-foreground shadow-[0_-4px_12px_rgba(0,0,0,0.2)]"
    >
      <span className="inline-flex items-center gap-2">
        <Eye aria-hidden="true" className="size-4" />
        Preview: this page shows unpublished drafts. Visitors see the published site.
      </span>
      <a href="/admin/site-content" className="rounded-sm underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-brand-navy focus-visible:outline-none">
        Back to Site Content
      </a>
    </aside>
  );
}
