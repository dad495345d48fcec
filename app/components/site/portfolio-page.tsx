import { Icon } from "~/components/site/icon";
import type { ProjectSummary } from "~/content/types";
import { useFormats } from "~/i18n/format";
import { localizedPath } from "~/i18n/language";
import { useLanguage, useMessages } from "~/i18n/messages";
import { portfolioHref } from "~/validation/portfolio";
import { fallbackAttributes } from "~/i18n/localize";
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
  /** `label`: the category's Dhivehi name on a Dhivehi page; `fallback`: it has none, so the English one shows. */
  categories: Array<{ value: string; count: number; label?: string; fallback?: boolean }>;
  projectTypes: Array<{ value: string; count: number }>;
  heading: string;
}

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
  options: Array<{ value: string; count: number; label?: string; fallback?: boolean }>;
  href: (value: string | null) => string;
  allLabel: string;
  format?: (value: string) => string;
}) {
  if (options.length === 0) return null;
  return (
    <nav aria-label={label}>
      <h2>{label}</h2>
      <ul>
        <li>
          <a href={href(null)} aria-current={current === null ? "page" : undefined}>
            {allLabel}
          </a>
        </li>
        {options.map((o) => (
          <li key={o.value}>
            <a href={href(o.value)} aria-current={current === o.value ? "page" : undefined}>
              <span dir="auto" {...fallbackAttributes(Boolean(o.fallback))}>
                {o.label ?? format(o.value)}
              </span>
              <span>({o.count})</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Pagination({ view }: { view: PortfolioView }) {
  const m = useMessages();
  const language = useLanguage();
  if (view.pageCount <= 1) return null;
  const href = (page: number) => localizedPath(language, portfolioHref({ category: view.category, type: view.type, page }));
  const pages = Array.from({ length: view.pageCount }, (_, i) => i + 1);
  return (
    <nav aria-label={m.pagination} className="pf-pages">
      {view.page > 1 ? (
        <a href={href(view.page - 1)} rel="prev">
          <Icon name="arrow-left" />
          {m.previous}
        </a>
      ) : null}
      <ul>
        {pages.map((page) => (
          <li key={page}>
            <a href={href(page)} aria-label={m.pageNumber(page)} aria-current={page === view.page ? "page" : undefined}>
              {page}
            </a>
          </li>
        ))}
      </ul>
      {view.page < view.pageCount ? (
        <a href={href(view.page + 1)} rel="next">
          {m.next}
          <Icon name="arrow-right" />
        </a>
      ) : null}
    </nav>
  );
}

export function PortfolioPage({ view }: { view: PortfolioView }) {
  const first = (view.page - 1) * view.pageSize;
  const m = useMessages();
  const language = useLanguage();
  const formats = useFormats();
  return (
    <>
      {/* The teal glow in a corner is the band's ::before (one element fewer). */}
      <div className="band pf-hero">
        <div className="wrap">
          <p>{m.portfolioEyebrow}</p>
          <h1 dir="auto">{view.heading}</h1>
          <p>{m.portfolioIntro}</p>
        </div>
      </div>
      <div className="wrap pf-main">
        <div className="pf-filters">
          <FilterGroup
            label={m.filterCategory}
            current={view.category}
            options={view.categories}
            allLabel={m.allCategories}
            href={(category) => localizedPath(language, portfolioHref({ category, type: view.type }))}
          />
          <FilterGroup
            label={m.filterType}
            current={view.type}
            options={view.projectTypes}
            allLabel={m.allTypes}
            format={formats.kind}
            href={(type) => localizedPath(language, portfolioHref({ category: view.category, type }))}
          />
        </div>
        <p aria-live="polite">
          {view.total === 0 ? m.noMatches : m.showing(first + 1, first + view.projects.length, view.total)}
        </p>
        {view.projects.length === 0 ? (
          <EmptyState
            icon={<Icon name="folder-kanban" />}
            title={m.projectsEmptyTitle}
            text={m.projectsEmptyText}
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
