import { Eye } from "lucide-react";

export interface PreviewInfo {
  /** Whether visitors can see the page right now. */
  visible: boolean;
  /** What the page is, e.g. 'service'. */
  noun: string;
  /** Where the admin manages it. */
  adminPath: string;
}

/** The bar on an admin's preview of a public page: says it is a preview and whether visitors see it. */
export function PreviewBar({ info }: { info: PreviewInfo }) {
  return (
    <div
      role="status"
      aria-label="Preview"
      data-preview-bar=""
      className="fixed inset-x-0 bottom-0 z-50 border-t-4 border-brand-amber bg-brand-navy px-4 py-3 text-sm text-white shadow-lg"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="flex items-center gap-2">
          <Eye aria-hidden="true" className="size-4 shrink-0 text-brand-amber" />
          <span>
            <strong className="font-semibold">Preview</strong>, seen only by signed-in admins.{" "}
            {info.visible ? `Visitors see this ${info.noun} too.` : `This ${info.noun} is hidden from visitors.`}
          </span>
        </p>
        <a href={info.adminPath} className="font-semibold text-brand-amber underline underline-offset-4">
          Back to admin
        </a>
      </div>
    </div>
  );
}
