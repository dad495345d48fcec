import { Link } from "react-router";

/** SPEC.md: '404', 'Oops! Page not found' and a 'Return to Home' link. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-6">
      <title>Page not found</title>
      <meta name="robots" content="noindex" />
      <div className="text-center">
        <h1 className="mb-4 text-6xl font-bold text-primary">404</h1>
        <p className="mb-6 text-xl text-muted-foreground">Oops! Page not found</p>
        <Link to="/" className="font-medium text-brand-teal underline underline-offset-4 hover:text-primary">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
