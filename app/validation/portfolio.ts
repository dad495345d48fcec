import { z } from "zod";
import { PROJECT_TYPES } from "./constants";

// The portfolio page's query string (/projects?category=…&type=…&page=…): filter links that work without
// JavaScript. Anything that cannot name a filter or a page is "not found", never an error page.

export const PortfolioQuerySchema = z.object({
  category: z.string().trim().min(1).max(100).nullable().default(null),
  type: z.enum(PROJECT_TYPES).nullable().default(null),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export type PortfolioQuery = z.output<typeof PortfolioQuerySchema>;

/** The first value of each known parameter; an empty value counts as absent. */
export function portfolioQueryInput(params: URLSearchParams) {
  const get = (name: string) => {
    const value = params.get(name);
    return value === null || value === "" ? undefined : value;
  };
  return { category: get("category"), type: get("type"), page: get("page") };
}

/** The address of a portfolio page: parameters in one fixed order (also the canonical URL), page 1 left out. */
export function portfolioHref(query: { category?: string | null; type?: string | null; page?: number }): string {
  const params = new URLSearchParams();
  if (query.category) params.set("category", query.category);
  if (query.type) params.set("type", query.type);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/projects?${search}` : "/projects";
}
