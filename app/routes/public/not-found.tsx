import { data } from "react-router";
import { getSiteChrome } from "~/.server/models/site-chrome";
import { languageOf } from "~/i18n/language";
import type { Route } from "./+types/not-found";
import { STATIC_PAGE } from "~/lib/hydration";
import { NotFoundPage } from "~/components/site/not-found-page";
import { COMPANY } from "~/content/company";
import { languageOfPath } from "~/i18n/language";
import { CATALOGUES } from "~/i18n/messages";

// Any unknown path: the not-found page with HTTP 404 (the root ErrorBoundary renders it for thrown 404s too).
export async function loader({ request }: Route.LoaderArgs) {
  return data({ chrome: await getSiteChrome(languageOf(request)) }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundPage chrome={loaderData.chrome} />;
}

// The title is rendered by NotFoundPage itself (the root ErrorBoundary shows it too, without route meta).
export const meta: Route.MetaFunction = ({ loaderData, location }) => [
  { name: "description", content: CATALOGUES[languageOfPath(location.pathname)].notFoundDescription(loaderData?.chrome.company.name ?? COMPANY.name) },
];

// Server-rendered HTML with the island script only (docs/decisions/0007-public-pages-without-hydration.md).
export const handle = STATIC_PAGE;
