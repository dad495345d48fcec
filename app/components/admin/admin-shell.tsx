import { ExternalLink, HardHat, LogOut, Menu, PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Form, Link, NavLink, useLocation, useMatch, useNavigation } from "react-router";
import { Avatar, AvatarFallback, AvatarImage } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { Permission } from "~/lib/permissions";
import { NAV_ITEMS, sectionTitle, writeSidebarCookie } from "./admin-nav";
import { initialOf } from "./labels";
import { useHydrated } from "./use-hydrated";

// The admin shell (docs/product.md#admin-shell): a sidebar that is wide or icon-only on large screens and a
// slide-in drawer with an overlay on small ones, and a header with the section title and the user.
// The drawer and the collapsed sidebar's tooltips are loaded when first needed: on a phone, the first page
// then waits on no dialog or positioning code (docs/decisions/0033-admin-on-a-phone.md).

const loadDrawer = () => import("./admin-drawer");
const AdminDrawer = lazy(loadDrawer);
const SidebarTooltip = lazy(() => import("./sidebar-tooltip"));

/**
 * The collapsed sidebar's tooltip. While its code loads the plain control stands in; a page rendered collapsed
 * by the server keeps its HTML and is hydrated once the code is there.
 */
function CollapsedTooltip({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <Suspense fallback={children}>
      <SidebarTooltip label={label}>{children}</SidebarTooltip>
    </Suspense>
  );
}

export interface ShellUser {
  id: string;
  email: string | null;
  fullName: string | null;
  avatarUrl: string | null;
  /** The role as the Team page names it (Owner, Editor, Sales). */
  roleLabel: string;
  /** What the role may do: the sidebar shows only the pages it may open. */
  permissions: readonly Permission[];
}

export const FALLBACK_EMAIL = "admin@company.com";

export function AdminShell({
  user,
  companyName,
  initialCollapsed,
  children,
}: {
  user: ShellUser;
  /** The published company name (the site editor's Company section). */
  companyName: string;
  initialCollapsed: boolean;
  children: React.ReactNode;
}) {
  const [collapsed, setCollapsed] = useState(initialCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer is mounted from its first opening on (it keeps its closing animation and focus return after).
  const [drawerUsed, setDrawerUsed] = useState(false);
  // Marks the page once React has taken over the server's HTML; browser tests wait for it before clicking.
  const hydrated = useHydrated();
  const location = useLocation();
  const navigation = useNavigation();
  const title = sectionTitle(location.pathname);
  const loading = navigation.state === "loading" && navigation.location?.pathname !== location.pathname;

  const toggleCollapsed = () => {
    writeSidebarCookie(!collapsed);
    setCollapsed(!collapsed);
  };

  return (
    <div className="min-h-screen bg-muted/40" data-hydrated={hydrated || undefined}>
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <aside
        data-collapsed={collapsed || undefined}
        className={cn(
          "fixed inset-y-0 left-0 z-30 hidden flex-col border-r bg-sidebar text-sidebar-foreground transition-[width] duration-200 lg:flex",
          collapsed ? "w-16" : "w-64",
        )}
      >
        <SidebarContents user={user} companyName={companyName} collapsed={collapsed} />
      </aside>

      {drawerUsed ? (
        <Suspense fallback={null}>
          <AdminDrawer open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SidebarContents user={user} companyName={companyName} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
          </AdminDrawer>
        </Suspense>
      ) : null}

      <div className={cn("flex min-h-screen flex-col transition-[padding] duration-200", collapsed ? "lg:pl-16" : "lg:pl-64")}>
        <header className="sticky top-0 z-20 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
          <div className="flex h-16 items-center gap-3 px-4 lg:px-6">
            <Button
              variant="ghost"
              size="icon"
              className="lg:hidden"
              aria-label="Open menu"
              aria-expanded={drawerOpen}
              // The drawer's code starts loading as the finger lands, before the click.
              onPointerDown={() => void loadDrawer()}
              onClick={() => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
            >
              <Menu aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="hidden lg:inline-flex"
              aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
              aria-pressed={collapsed}
              onClick={toggleCollapsed}
            >
              {collapsed ? <PanelLeftOpen aria-hidden="true" /> : <PanelLeftClose aria-hidden="true" />}
            </Button>
            <div className="min-w-0 flex-1">
              <h1 className="truncate text-lg leading-tight font-semibold">{title}</h1>
              <p className="truncate text-xs text-muted-foreground">Company Admin Panel</p>
            </div>
            <Button variant="ghost" size="sm" asChild className="hidden sm:inline-flex">
              <Link to="/" reloadDocument>
                <ExternalLink aria-hidden="true" />
                View site
              </Link>
            </Button>
            <div className="flex items-center gap-3">
              <UserAvatar user={user} />
              <div className="hidden text-right sm:block">
                <p className="max-w-40 truncate text-sm leading-tight font-medium">{user.fullName || "Admin User"}</p>
                <p className="text-xs text-muted-foreground">{user.roleLabel}</p>
              </div>
            </div>
          </div>
          <div role="status" aria-live="polite" className="relative h-0.5 overflow-hidden">
            {loading ? (
              <>
                <span className="absolute inset-y-0 left-0 w-1/3 animate-pulse bg-primary" />
                <span className="sr-only">Loading...</span>
              </>
            ) : null}
          </div>
        </header>
        <main id="admin-main" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6">
          <div className="mx-auto grid w-full max-w-7xl gap-6">{children}</div>
        </main>
      </div>
    </div>
  );
}

function UserAvatar({ user, className }: { user: ShellUser; className?: string }) {
  return (
    <Avatar className={cn("size-9", className)}>
      {user.avatarUrl ? <AvatarImage src={user.avatarUrl} alt="" className="object-cover" /> : null}
      <AvatarFallback className="bg-primary font-semibold text-primary-foreground">{initialOf(user.fullName || user.email, "A")}</AvatarFallback>
    </Avatar>
  );
}

function SidebarContents({ user, companyName, collapsed, onNavigate }: { user: ShellUser; companyName: string; collapsed: boolean; onNavigate?: () => void }) {
  return (
    <div className="flex h-full flex-col">
      <div className={cn("flex h-16 shrink-0 items-center gap-3 border-b border-sidebar-border", collapsed ? "justify-center px-2" : "px-5")}>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-sidebar-primary text-sidebar-primary-foreground">
          <HardHat aria-hidden="true" className="size-5" />
        </span>
        <div className={cn("min-w-0", collapsed && "sr-only")}>
          <p className="truncate text-sm font-semibold" title={companyName}>
            {companyName}
          </p>
          <p className="truncate text-xs text-muted-foreground">Admin Panel</p>
        </div>
      </div>
      <nav aria-label="Admin sections" className="flex-1 overflow-y-auto p-3">
        <ul className="grid gap-1">
          {NAV_ITEMS.filter((item) => user.permissions.includes(item.permission)).map((item) => (
            <li key={item.to}>
              <SidebarLink item={item} collapsed={collapsed} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </nav>
      <div className="shrink-0 border-t border-sidebar-border p-3">
        <div className={cn("mb-3 flex items-center gap-3", collapsed && "justify-center")}>
          <UserAvatar user={user} className="size-8" />
          <div className={cn("min-w-0", collapsed && "sr-only")}>
            <p className="truncate text-sm font-medium">{user.fullName || "Admin"}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email || FALLBACK_EMAIL}</p>
          </div>
        </div>
        <Form method="post" action="/admin/logout">
          {collapsed ? (
            <CollapsedTooltip label="Sign Out">
              <Button type="submit" variant="outline" size="icon" className="w-full" aria-label="Sign Out">
                <LogOut aria-hidden="true" />
              </Button>
            </CollapsedTooltip>
          ) : (
            <Button type="submit" variant="outline" className="w-full justify-start">
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
          )}
        </Form>
      </div>
    </div>
  );
}

function SidebarLink({ item, collapsed, onNavigate }: { item: (typeof NAV_ITEMS)[number]; collapsed: boolean; onNavigate?: () => void }) {
  const Icon = item.icon;
  // A plain class string (not NavLink's function form): the tooltip's Slot merges classes as strings.
  const isActive = useMatch(`${item.to}/*`) !== null;
  const link = (
    <NavLink
      to={item.to}
      prefetch="intent"
      onClick={onNavigate}
      className={cn(
        "flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors outline-none",
        "hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50",
        isActive && "bg-sidebar-primary text-sidebar-primary-foreground hover:bg-sidebar-primary hover:text-sidebar-primary-foreground",
        collapsed && "justify-center px-0",
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className={cn(collapsed && "sr-only")}>{item.label}</span>
    </NavLink>
  );
  if (!collapsed) return link;
  return <CollapsedTooltip label={item.label}>{link}</CollapsedTooltip>;
}
