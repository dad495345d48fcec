import { Icon } from "~/components/site/icon";
import type { ProjectSummary } from "~/content/types";
import { formatLabel } from "~/lib/format";
import { cn } from "~/lib/utils";
import { portfolioHref } from "~/validation/portfolio";
import { CardGrid, EmptyState, ProjectCard } from "./cards";

// The portfolio page (/projects): every public project, filtered by links (no script needed) and paginated.

export interface PortfolioView {
  projects: ProjectSummary[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  category: string | null;
  type: string | null;
  categories: Array<{ value: string; count: number }>;
  projectTypes: Array<{ value: string; count: number }>;
  heading: string;
}

const chipClass =
  "inline-flex min-h-10 items-center gap-1.5 rounded-full border px-4 py-1.5 text-sm font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";
const chipIdle = "border-border bg-white text-foreground/80 hover:border-brand-teal hover:text-brand-navy";
const chipCurrent = "border-brand-navy bg-brand-navy text-white";

function FilterGroup({
  label,
  current,
  options,
  href,
  allLabel,
  format = (v: string) => v,
}: {
  label: string;
  current: string | null;
  options: Array<{ value: string; count: number }>;
  href: (value: string | null) => string;
  allLabel: string;
  format?: (value: string) => string;
}) {
  if (options.length === 0) return null;
  return (
    <nav aria-label={label} className="flex flex-col gap-2 sm:flex-row sm:items-baseline sm:gap-4">
      <h2 className="shrink-0 text-sm font-semibold tracking-wide text-brand-navy uppercase sm:w-28">{label}</h2>
      <ul className="flex flex-wrap gap-2">
        <li>
          <a href={href(null)} aria-current={current === null ? "page" : undefined} className={cn(chipClass, current === null ? chipCurrent : chipIdle)}>
            {allLabel}
          </a>
        </li>
        {options.map((o) => (
          <li key={o.value}>
            <a
              href={href(o.value)}
              aria-current={current === o.value ? "page" : undefined}
              className={cn(chipClass, current === o.value ? chipCurrent : chipIdle)}
            >
              {format(o.value)}
              <span className={cn("text-xs", current === o.value ? "text-white/80" : "text-muted-foreground")}>({o.count})</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Pagination({ view }: { view: PortfolioView }) {
  if (view.pageCount <= 1) return null;
  const href = (page: number) => portfolioHref({ category: view.category, type: view.type, page });
  const pages = Array.from({ length: view.pageCount }, (_, i) => i + 1);
  const linkClass =
    "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border px-3 text-sm font-semibold transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";
  return (
    <nav aria-label="Pagination" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {view.page > 1 ? (
        <a href={href(view.page - 1)} rel="prev" className={cn(linkClass, "bg-white hover:border-brand-teal")}>
          <Icon name="arrow-left" className="size-4" />
          Previous
        </a>
      ) : null}
      <ul className="flex flex-wrap gap-2">
        {pages.map((page) => (
          <li key={page}>
            <a
              href={href(page)}
              aria-label={`Page ${page}`}
              aria-current={page === view.page ? "page" : undefined}
              className={cn(linkClass, page === view.page ? "border-brand-navy bg-brand-navy text-white" : "bg-white hover:border-brand-teal")}
            >
              {page}
            </a>
          </li>
        ))}
      </ul>
      {view.page < view.pageCount ? (
        <a href={href(view.page + 1)} rel="next" className={cn(linkClass, "bg-white hover:border-brand-teal")}>
          Next
          <Icon name="arrow-right" className="size-4" />
        </a>
      ) : null}
    </nav>
  );
}

export function PortfolioPage({ view }: { view: PortfolioView }) {
  const first = (view.page - 1) * view.pageSize;
  return (
    <>
      <div className="relative overflow-hidden bg-brand-navy text-white">
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-80 rounded-full bg-brand-teal/25 blur-3xl" />
        <div className="relative mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8 lg:py-20">
          <p className="text-sm font-semibold tracking-[0.14em] text-brand-amber uppercase">Portfolio</p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">{view.heading}</h1>
          <p className="mt-4 max-w-3xl text-lg leading-relaxed text-white/85">
            Homes, resorts, public buildings and marine works across the atolls: everything we have built and are building now.
          </p>
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
        <div className="mb-10 grid gap-4 rounded-xl border bg-muted/50 p-4 sm:p-6">
          <FilterGroup
            label="Category"
            current={view.category}
            options={view.categories}
            allLabel="All categories"
            href={(category) => portfolioHref({ category, type: view.type })}
          />
          <FilterGroup
            label="Project type"
            current={view.type}
            options={view.projectTypes}
            allLabel="All types"
            format={formatLabel}
            href={(type) => portfolioHref({ category: view.category, type })}
          />
        </div>
        <p className="mb-6 text-sm text-muted-foreground" aria-live="polite">
          {view.total === 0
            ? "No projects match these filters."
            : `Showing ${first + 1}-${first + view.projects.length} of ${view.total} ${view.total === 1 ? "project" : "projects"}`}
        </p>
        {view.projects.length === 0 ? (
          <EmptyState
            icon={<Icon name="folder-kanban" className="size-8" />}
            title="Projects Coming Soon"
            text="We're working on showcasing our latest projects. Check back soon!"
          />
        ) : (
          <CardGrid>
            {view.projects.map((project) => (
              <li key={project.id}>
                <ProjectCard project={project} />
              </li>
            ))}
          </CardGrid>
        )}
        <Pagination view={view} />
      </div>
    </>
  );
}
