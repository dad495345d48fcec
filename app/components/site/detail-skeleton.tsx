import { ATTR, dataAttr } from "~/islands/attributes";

/**
 * docs/product.md#service-detail: a detail page shows a skeleton while it loads. Pages render on the server, so this only
 * covers the wait after a click on a card: app/islands/site.ts puts this layer over the current page,
 * and it fades in after a moment (a fast answer never flashes it). Every page carries it (in a <template>), so its
 * bars take their sizes from their place in app/site-styles/cards.css rather than a class each.
 */
export function DetailSkeleton({ label, kinds }: { label: string; kinds?: { service: string; project: string } }) {
  return (
    <div role="status" aria-live="polite" className="dskel">
      {/* `kinds`: the island's label for each kind of page, in a language other than English (ATTR.messages). */}
      <span {...dataAttr(ATTR.skeletonLabel)} {...(kinds ? dataAttr(ATTR.messages, JSON.stringify(kinds)) : {})} className="sr-text">
        {label}
      </span>
      <div className="dskel-top">
        <div className="wrap">
          <div className="skel" />
          <div>
            <div className="skel" />
            <div className="skel" />
          </div>
          <div className="skel" />
          <div className="skel" />
        </div>
      </div>
      <div className="wrap dskel-main">
        <div>
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i}>
              <div className="skel" />
              <div className="skel" />
            </div>
          ))}
        </div>
        <div className="skel" />
      </div>
    </div>
  );
}
