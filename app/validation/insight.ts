/** The Insight page's periods in days (docs/product.md#insight); anything else reads as the first. */
export const INSIGHT_PERIODS = [30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

export function insightPeriod(params: URLSearchParams): InsightPeriod {
  const days = Number(params.get("days"));
  return (INSIGHT_PERIODS as readonly number[]).includes(days) ? (days as InsightPeriod) : INSIGHT_PERIODS[0];
}

/**
 * Enquiries per visitor, 0..1: only enquiries whose visit was counted (`converted`) are set against the visitors,
 * and one visitor who writes twice is still one visitor, so the share never passes 100% (docs/product.md#insight).
 */
export function conversionRate(converted: number, visitors: number): number {
  return visitors > 0 ? Math.min(1, converted / visitors) : 0;
}
