import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// Every URL of the site in one place (docs/product.md#routes).
export default [
  // Public site
  index("routes/public/home.tsx"),
  route("service/:id", "routes/public/service.tsx"),
  route("project/:id", "routes/public/project.tsx"),
  route("projects", "routes/public/projects.tsx"),
  route("robots.txt", "routes/public/robots.ts"),
  route("sitemap.xml", "routes/public/sitemap.ts"),
  // The same pages in Dhivehi, right to left (docs/decisions/0077-dhivehi-design.md): each module mounted again
  // under /dv with its own route id; a loader learns the language from the address (app/i18n/language.ts).
  route("dv", "routes/public/home.tsx", { id: "dv-home" }),
  route("dv/service/:id", "routes/public/service.tsx", { id: "dv-service" }),
  route("dv/project/:id", "routes/public/project.tsx", { id: "dv-project" }),
  route("dv/projects", "routes/public/projects.tsx", { id: "dv-projects" }),
  route("dv/*", "routes/public/not-found.tsx", { id: "dv-not-found" }),
  // WhatsApp and Viber links: count the click, then on to the app (docs/decisions/0068-chat-links-through-a-counting-redirect.md)
  route("contact/:channel/:number", "routes/public/chat.ts"),

  // Sign-in and sign-out
  route("admin/login", "routes/auth/login.tsx"),
  route("admin/logout", "routes/auth/logout.ts"),
  // Staff accounts, signed out (docs/product.md#staff-accounts): second sign-in step, password recovery, invites
  route("admin/login/two-factor", "routes/auth/two-factor.tsx"),
  route("admin/forgot-password", "routes/auth/forgot-password.tsx"),
  route("admin/reset-password", "routes/auth/reset-password.tsx"),
  route("admin/accept-invite", "routes/auth/accept-invite.tsx"),
  route("admin/login/unlock", "routes/auth/unlock.tsx"),

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
    route("activity", "routes/admin/activity.tsx"),
    route("trash", "routes/admin/trash.tsx"),
    route("services/:id/history", "routes/admin/history.tsx", { id: "service-history" }),
    route("projects/:id/history", "routes/admin/history.tsx", { id: "project-history" }),
    route("team", "routes/admin/team.tsx"),
    route("profile/two-factor", "routes/admin/two-factor.tsx"),
    route("site-content", "routes/admin/site-content.tsx"),
    route("enquiries/templates", "routes/admin/reply-templates.tsx"),
    route("insight", "routes/admin/insight.tsx"),
    route("media", "routes/admin/media.tsx"),
  ]),
  route("admin/activity/export.csv", "routes/admin/activity-export.ts"),
  route("admin/enquiries/export.csv", "routes/admin/enquiries-export.ts"),
  route("admin/enquiries/:id/attachments/:attachmentId", "routes/admin/enquiry-attachment.ts"),

  // Resource routes
  ...prefix("api", [route("auth/*", "routes/api/auth.ts"), route("uploads", "routes/api/uploads.ts"), route("enquiries", "routes/api/enquiries.ts")]),
  route("healthz", "routes/api/health.ts"),
  route("readyz", "routes/api/ready.ts"),

  // Anything else: the not-found page with HTTP 404
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;

