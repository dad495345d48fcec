/** Where to go after signing in: an admin page named by ?redirectTo, never another site or the sign-in pages. */
export function safeRedirect(to: string | null): string {
  return to && to.startsWith("/admin") && !to.startsWith("//") && !to.startsWith("/admin/login") ? to : "/admin/dashboard";
}
