import { Icon } from "~/components/site/icon";
import { ATTR, dataAttr } from "~/islands/attributes";

/** A preview of one service or project (docs/decisions/0013-versions-and-trash.md). */
export interface PreviewInfo {
  /** Whether visitors can see the page right now. */
  visible: boolean;
  /** What the page is, e.g. 'service'. */
  noun: string;
  /** Where the admin manages it. */
  adminPath: string;
}

/**
 * The bar on an admin's preview of a public page: of a service or project (`info`), or of the site content's
 * unpublished drafts (docs/decisions/0012-preview-requests.md). Only signed-in admins ever see it.
 */
export function PreviewBar({ info }: { info?: PreviewInfo }) {
  const back = info ? { href: info.adminPath, label: "Back to admin" } : { href: "/admin/site-content", label: "Back to Site Content" };
  return (
    <aside
      aria-label="Preview"
      {...dataAttr(ATTR.previewBar)}
      className="fixed inset-x-0 bottom-0 z-50 border-t-4 border-brand-amber bg-brand-navy px-4 py-3 text-sm text-white shadow-lg"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="flex items-center gap-2">
          <Icon name="eye" className="size-4 shrink-0 text-brand-amber" />
          {info ? (
            <span>
              <strong className="font-semibold">Preview</strong>, seen only by signed-in admins.{" "}
              {info.visible ? `Visitors see this ${info.noun} too.` : `This ${info.noun} is hidden from visitors.`}
            </span>
          ) : (
            <span>
              <strong className="font-semibold">Preview</strong>: this page shows unpublished drafts. Visitors see the published site.
            </span>
          )}
        </p>
        <a href={back.href} className="font-semibold text-brand-amber underline underline-offset-4">
          {back.label}
        </a>
      </div>
    </aside>
  );
}
