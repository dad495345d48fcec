import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { Toaster } from "~/components/ui/sonner";
import { NotFoundPage } from "~/components/site/not-found-page";
import { useNonce } from "~/lib/nonce";
import "./app.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#12304d" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Toaster position="top-right" richColors closeButton />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    status === 401 || status === 403
      ? "You do not have access to this page."
      : status === 413
        ? "That upload is too large."
        : "Something went wrong on our side. Please try again in a moment.";
  // Stack traces only in development; visitors never see internals.
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <title>{`${status} | Error`}</title>
      <p className="text-6xl font-bold text-primary">{status}</p>
      <h1 className="text-2xl font-semibold">{message}</h1>
      <a href="/" className="text-brand-teal underline underline-offset-4">
        Return to Home
      </a>
      {stack ? <pre className="w-full overflow-auto rounded bg-muted p-4 text-left text-xs">{stack}</pre> : null}
    </main>
  );
}
