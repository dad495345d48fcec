/** The Insight page's periods in days (docs/product.md#insight); anything else reads as the first. */
export const INSIGHT_PERIODS = [30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

export function insightPeriod(params: URLSearchParams): InsightPeriod {
  const days = Number(params.get("days"));
  return (INSIGHT_PERIODS as readonly number[]).includes(days) ? (days as InsightPeriod) : INSIGHT_PERIODS[0];
}
