import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { STATIC_PAGE } from "~/lib/hydration";
import { NotFoundPage } from "~/components/site/not-found-page";
import { COMPANY } from "~/content/company";

// Any unknown path: the not-found page with HTTP 404 (the root ErrorBoundary renders it for thrown 404s too).
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

// The title is rendered by NotFoundPage itself (the root ErrorBoundary shows it too, without route meta).
export const meta: Route.MetaFunction = () => [
  { name: "description", content: `This page does not exist on the ${COMPANY.name} website.` },
];

// Server-rendered HTML with the island script only (docs/decisions/0007-public-pages-without-hydration.md).
export const handle = STATIC_PAGE;
