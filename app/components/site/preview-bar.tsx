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
      className="preview-bar on-dark"
    >
      <div>
        <p>
          <Icon name="eye" />
          {info ? (
            <span>
              <strong>Preview</strong>, seen only by signed-in admins.{" "}
              {info.visible ? `Visitors see this ${info.noun} too.` : `This ${info.noun} is hidden from visitors.`}
            </span>
          ) : (
            <span>
              <strong>Preview</strong>: this page shows unpublished drafts. Visitors see the published site.
            </span>
          )}
        </p>
        <a href={back.href}>
          {back.label}
        </a>
      </div>
    </aside>
  );
}
