import { Skeleton } from "~/components/ui/skeleton";
import { ATTR, dataAttr } from "~/islands/attributes";

/**
 * docs/product.md#service-detail: a detail page shows a skeleton while it loads. Pages render on the server, so this only
 * covers the wait after a click on a card: app/islands/site.ts puts this layer over the current page,
 * and it fades in after a moment (a fast answer never flashes it).
 */
export function DetailSkeleton({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-x-0 top-16 bottom-0 z-30 animate-in overflow-hidden bg-background delay-200 duration-300 fill-mode-both fade-in-0 lg:top-18"
    >
      <span {...dataAttr(ATTR.skeletonLabel)} className="sr-only">
        {label}
      </span>
      <div className="bg-brand-navy">
        <div className="mx-auto max-w-7xl space-y-4 px-4 pt-10 pb-28 sm:px-6 lg:px-8">
          <Skeleton className="h-4 w-32 bg-white/15" />
          <div className="flex gap-2 pt-4">
            <Skeleton className="h-5 w-24 bg-white/15" />
            <Skeleton className="h-5 w-24 bg-white/15" />
          </div>
          <Skeleton className="h-10 w-2/3 bg-white/15" />
          <Skeleton className="h-5 w-1/2 bg-white/15" />
        </div>
      </div>
      <div className="mx-auto -mt-20 max-w-7xl space-y-8 px-4 sm:px-6 lg:px-8">
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="space-y-3 rounded-xl border bg-card p-5 shadow-sm">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-6 w-28" />
            </div>
          ))}
        </div>
        <Skeleton className="aspect-[16/9] w-full rounded-2xl lg:aspect-[2/1]" />
      </div>
    </div>
  );
}
