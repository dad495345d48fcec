import type { Permission } from "~/lib/permissions";
import { ChartLine, FileText, FolderKanban, History, Images, Inbox, LayoutDashboard, type LucideIcon, Phone, Settings, Trash2, UserRound, Users, Wrench } from "lucide-react";

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** What the page's loader asks for: a role without it does not see the item (docs/product.md#access). */
  permission: Permission;
}

/** The admin sections, in sidebar order; the label is also the header's section title. */
export const NAV_ITEMS: NavItem[] = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard, permission: "dashboard.view" },
  { to: "/admin/services", label: "Services", icon: Wrench, permission: "content.edit" },
  { to: "/admin/projects", label: "Projects", icon: FolderKanban, permission: "content.edit" },
  { to: "/admin/contact-details", label: "Contact Details", icon: Phone, permission: "content.edit" },
  { to: "/admin/site-content", label: "Site Content", icon: FileText, permission: "content.edit" },
  { to: "/admin/media", label: "Media", icon: Images, permission: "content.edit" },
  { to: "/admin/enquiries", label: "Enquiries", icon: Inbox, permission: "leads.view" },
  { to: "/admin/team", label: "Team", icon: Users, permission: "team.manage" },
  { to: "/admin/insight", label: "Insight", icon: ChartLine, permission: "insight.view" },
  { to: "/admin/profile", label: "Profile", icon: UserRound, permission: "self.manage" },
  { to: "/admin/settings", label: "Settings", icon: Settings, permission: "settings.site" },
  { to: "/admin/trash", label: "Trash", icon: Trash2, permission: "trash.restore" },
  { to: "/admin/activity", label: "Activity", icon: History, permission: "activity.view" },
];

export function sectionTitle(pathname: string): string {
  const item = NAV_ITEMS.find((i) => pathname === i.to || pathname.startsWith(`${i.to}/`));
  return item?.label ?? "Dashboard";
}

/** The sidebar's wide / icon-only state lives in this cookie so the server renders it right away. */
export const SIDEBAR_COOKIE = "admin_sidebar";

export function readSidebarCollapsed(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(/;\s*/).some((part) => part === `${SIDEBAR_COOKIE}=collapsed`);
}

export function writeSidebarCookie(collapsed: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${collapsed ? "collapsed" : "expanded"}; Path=/admin; Max-Age=31536000; SameSite=Lax`;
}
