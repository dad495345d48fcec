import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/projects";
import { STATIC_PAGE } from "~/lib/hydration";
import { SITE_ORIGIN } from "~/.server/auth/auth";
import { categoryNamesDv } from "~/.server/models/categories";
import { countPublicProjects, listPublicProjectFacets, listPublicProjectsPage } from "~/.server/models/projects";
import { localizedCards } from "~/.server/models/translations";
import { PROJECT_TRANSLATABLE } from "~/validation/translatable-fields";
import { getSiteChrome } from "~/.server/models/site-chrome";
import { chromeOf, NotFoundPage } from "~/components/site/not-found-page";
import { PortfolioPage, type PortfolioView } from "~/components/site/portfolio-page";
import { SiteShell } from "~/components/site/site-shell";
import { COMPANY } from "~/content/company";
import { languageOf, languageOfPath, localizedPath } from "~/i18n/language";
import { CATALOGUES } from "~/i18n/messages";
import { formatsFor } from "~/i18n/format";
import { pageMeta, portfolioJsonLd } from "~/lib/seo";
import { PORTFOLIO_PAGE_SIZE } from "~/validation/constants";
import { portfolioHref, portfolioQueryInput, PortfolioQuerySchema } from "~/validation/portfolio";

// The portfolio (/projects): every public project, featured first then newest, filtered by category and
// project type with plain links, paginated. The home page keeps the spec's six.

export async function loader({ request }: Route.LoaderArgs) {
  // The page's fixed words in its language (docs/decisions/0077-dhivehi-design.md).
  const language = languageOf(request);
  const m = CATALOGUES[language];
  const notFound = async () => data({ message: m.pageNotFound, chrome: await getSiteChrome(language) }, { status: 404 });
  const query = PortfolioQuerySchema.safeParse(portfolioQueryInput(new URL(request.url).searchParams));
  if (!query.success) throw await notFound();
  const { category, type, page } = query.data;
  const [chrome, facets] = await Promise.all([getSiteChrome(language), listPublicProjectFacets()]);
  // Only a category some public project has: anything else names no page (and never reaches the list cache).
  if (category !== null && !facets.categories.some((c) => c.value === category)) throw await notFound();
  const total = await countPublicProjects({ category, projectType: type });
  const pageCount = Math.max(1, Math.ceil(total / PORTFOLIO_PAGE_SIZE));
  if (page > pageCount) throw await notFound();
  // A Dhivehi page shows the projects' and categories' Dhivehi words, English where there are none yet
  // (docs/decisions/0077-dhivehi-design.md); the filter's address keeps the English category name.
  const projects = await localizedCards(await listPublicProjectsPage({ category, projectType: type, page, pageSize: PORTFOLIO_PAGE_SIZE }), PROJECT_TRANSLATABLE, language);
  const namesDv = language === "dv" ? await categoryNamesDv() : null;
  const categories = namesDv ? facets.categories.map((c) => (namesDv[c.value] ? { ...c, label: namesDv[c.value] } : { ...c, fallback: true })) : facets.categories;

  const categoryName = category === null ? null : (namesDv?.[category] ?? category);
  const filterName = [type ? formatsFor(language).kind(type) : null, categoryName].filter(Boolean).join(" ");
  const heading = filterName ? m.portfolioFilteredHeading(filterName) : m.portfolioHeading;
  const path = portfolioHref({ category, type, page });
  const company = chrome.company;
  const title = `${heading}${page > 1 ? m.portfolioPageSuffix(page) : ""} | ${company.name}`;
  const description = m.portfolioDescription(company.name);
  const seo = pageMeta({
    origin: SITE_ORIGIN,
    path,
    title,
    description,
    image: projects.find((p) => p.featured_image_url)?.featured_image_url ?? null,
    company,
    language,
    jsonLd: [
      portfolioJsonLd(SITE_ORIGIN, { path: localizedPath(language, path), title: heading, description, projects, offset: (page - 1) * PORTFOLIO_PAGE_SIZE, language }, company.name),
    ],
  });
  const view: PortfolioView = {
    projects,
    total,
    page,
    pageSize: PORTFOLIO_PAGE_SIZE,
    pageCount,
    category,
    type,
    categories,
    projectTypes: facets.projectTypes,
    heading,
  };
  return { chrome, view, seo };
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  return (
    <SiteShell chrome={loaderData.chrome}>
      <PortfolioPage view={loaderData.view} />
    </SiteShell>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData?.seo ?? [{ title: `${CATALOGUES[languageOfPath(location.pathname)].pageNotFound} | ${COMPANY.name}` }, { name: "robots", content: "noindex" }];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage chrome={chromeOf(error.data)} />;
  throw error;
}

// Server-rendered HTML with the island script only (docs/decisions/0007-public-pages-without-hydration.md).
export const handle = STATIC_PAGE;
