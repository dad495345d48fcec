// The decision behind the home page's services and projects lists (docs/product.md#services-section,
// docs/product.md#sample-content): real items when there are some; otherwise the 3 built-in samples while the
// "show sample content" setting is on, or the 'Coming Soon' empty state when it is off.

/** What the home loader streams for a list: the items, or that the load failed. */
export interface ListResult<T> {
  items: T[];
  failed: boolean;
}

export type ListView<T> = { kind: "items"; items: readonly T[] } | { kind: "samples"; items: readonly T[] } | { kind: "empty" };

/** The setting is on unless it is exactly 'false' (its default is 'true'). */
export function isSampleContentOn(value: string | null | undefined): boolean {
  return value?.trim() !== "false";
}

export function chooseListView<T>(result: ListResult<T>, showSampleContent: string | null | undefined, samples: readonly T[]): ListView<T> {
  if (!result.failed && result.items.length > 0) return { kind: "items", items: result.items };
  return isSampleContentOn(showSampleContent) ? { kind: "samples", items: samples } : { kind: "empty" };
}
