import { ChartLine, FileText, FolderKanban, History, Images, Inbox, LayoutDashboard, type LucideIcon, Phone, Settings, Trash2, UserRound, Users, Wrench } from "lucide-react";

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The admin sections, in sidebar order; the label is also the header's section title. */
export const NAV_ITEMS: NavItem[] = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/services", label: "Services", icon: Wrench },
  { to: "/admin/projects", label: "Projects", icon: FolderKanban },
  { to: "/admin/contact-details", label: "Contact Details", icon: Phone },
  { to: "/admin/site-content", label: "Site Content", icon: FileText },
  { to: "/admin/media", label: "Media", icon: Images },
  { to: "/admin/enquiries", label: "Enquiries", icon: Inbox },
  { to: "/admin/team", label: "Team", icon: Users },
  { to: "/admin/insight", label: "Insight", icon: ChartLine },
  { to: "/admin/profile", label: "Profile", icon: UserRound },
  { to: "/admin/settings", label: "Settings", icon: Settings },
  { to: "/admin/trash", label: "Trash", icon: Trash2 },
  { to: "/admin/activity", label: "Activity", icon: History },
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
