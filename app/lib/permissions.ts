// Staff roles (docs/decisions/0076-staff-roles-design.md, docs/product.md#access): the one table of who may do what. It sits
// in app/lib because the navigation and the Team page's role pickers read it in the browser too; it holds no secret
// (docs/decisions/0082-staff-roles-as-built.md).
// Every admin loader and action asks requirePermission (app/.server/auth/access.ts) with a permission named here; the
// navigation and the dashboard read the same table, and the access matrix test reads it to know what to expect.

/** The closed list of permissions. */
export const PERMISSIONS = [
  "dashboard.view",
  "self.manage",
  "insight.view",
  "content.edit",
  "settings.site",
  "trash.restore",
  "trash.purge",
  "leads.view",
  "leads.edit",
  "team.manage",
  "settings.security",
  "activity.view",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The stored profile roles. `admin` is the spec's administrator, shown as Owner. */
export const ROLES = ["admin", "editor", "sales"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { admin: "Owner", editor: "Editor", sales: "Sales" };

/** The Settings key that requires two-factor of a role (docs/product.md#staff-accounts). */
export const TWO_FACTOR_KEY = { admin: "require_two_factor_owner", editor: "require_two_factor_editor", sales: "require_two_factor_sales" } as const satisfies Record<Role, string>;

const EVERYONE: Permission[] = ["dashboard.view", "self.manage", "insight.view"];

/** role -> what it may do. Owners may do everything. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  editor: [...EVERYONE, "content.edit", "settings.site", "trash.restore"],
  sales: [...EVERYONE, "leads.view", "leads.edit"],
};

/** A stored role value as a role, or null: null, empty and unknown values are the spec's signed-in non-admin. */
export function roleOf(value: string | null | undefined): Role | null {
  return (ROLES as readonly string[]).includes(value ?? "") ? (value as Role) : null;
}

export function can(role: Role | null, permission: Permission): boolean {
  return role !== null && ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * What a route module exports as `permissions`: the permission its loader needs, and one per action intent. An
 * action without intents (a resource route's single write) names it under "". An intent without an entry is
 * refused (deny by default).
 */
export interface RoutePermissions {
  loader?: Permission;
  intents?: Readonly<Record<string, Permission>>;
}
