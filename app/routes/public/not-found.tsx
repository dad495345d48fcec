import { data } from "react-router";
import { NotFoundPage } from "~/components/site/not-found-page";

// Any unknown path: the not-found page with HTTP 404 (the root ErrorBoundary renders it for thrown 404s too).
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
