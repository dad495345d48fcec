import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// Every URL of the site in one place (docs/product.md#routes).
export default [
  // Public site
  index("routes/public/home.tsx"),
  route("service/:id", "routes/public/service.tsx"),
  route("project/:id", "routes/public/project.tsx"),
  route("robots.txt", "routes/public/robots.ts"),
  route("sitemap.xml", "routes/public/sitemap.ts"),

  // Sign-in and sign-out
  route("admin/login", "routes/auth/login.tsx"),
  route("admin/logout", "routes/auth/logout.ts"),

  // Admin area: the layout is the gate for every nested page
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.ts"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("services", "routes/admin/services.tsx"),
    route("projects", "routes/admin/projects.tsx"),
    route("contact-details", "routes/admin/contact-details.tsx"),
    route("profile", "routes/admin/profile.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("enquiries", "routes/admin/enquiries.tsx"),
    route("insight", "routes/admin/insight.tsx"),
  ]),
  route("admin/enquiries/export.csv", "routes/admin/enquiries-export.ts"),

  // Resource routes
  ...prefix("api", [route("auth/*", "routes/api/auth.ts"), route("uploads", "routes/api/uploads.ts"), route("enquiries", "routes/api/enquiries.ts")]),
  route("healthz", "routes/api/health.ts"),
  route("readyz", "routes/api/ready.ts"),

  // Anything else: the not-found page with HTTP 404
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;

