// `npm run admin -- create --email E --password P [--name N]`   creates an admin (or promotes an existing user)
// `npm run admin -- password --email E --password P`            sets a new password and signs the user out everywhere
// `npm run admin -- role --email E --role owner|editor|sales`   gives a staff member a role (never away from the last Owner)
// `npm run admin -- demote --email E`                           removes every staff role (never the last Owner)
import { parseArgs } from "node:util";
import { closeDatabase, getDatabase } from "~/.server/db";
import { migrate } from "~/.server/db/migrate";
import { recordActivity } from "~/.server/models/activity";
import { changeRole } from "~/.server/models/team";
import { type Role, ROLE_LABELS } from "~/lib/permissions";
import { roleChangeEntry } from "~/.server/auth/staff";
import { ensureUser, setPassword } from "~/.server/models/users";
import { auth } from "~/.server/auth/auth";

const USAGE = `Usage:
  npm run admin -- create --email EMAIL --password PASSWORD [--name NAME]
  npm run admin -- password --email EMAIL --password PASSWORD
  npm run admin -- role --email EMAIL --role owner|editor|sales
  npm run admin -- demote --email EMAIL`;

/** The role names an operator types: the ones the Team page shows, and `admin`, the stored name of Owner. */
const TYPED_ROLES: Record<string, Role> = { owner: "admin", admin: "admin", editor: "editor", sales: "sales" };

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, role: { type: "string" } },
    strict: true,
  });
  const passwordless = command === "demote" || command === "role";
  if (!command || !values.email || (!passwordless && !values.password) || (command === "role" && !TYPED_ROLES[values.role?.toLowerCase() ?? ""])) {
    console.error(USAGE);
    return 2;
  }
  await migrate(getDatabase());
  if (command === "create") {
    const user = await ensureUser({ email: values.email, password: values.password!, name: values.name, role: "admin" });
    console.log(user.created ? `Created admin ${user.email}` : `${user.email} already existed: it is now an admin (password unchanged)`);
    return 0;
  }
  if (command === "password") {
    const ok = await setPassword(values.email, values.password!);
    console.log(ok ? `Password changed for ${values.email}; its sessions were signed out` : `No user ${values.email}`);
    return ok ? 0 : 1;
  }
  if (command === "demote" || command === "role") {
    const found = await (await auth().$context).internalAdapter.findUserByEmail(values.email.toLowerCase());
    if (!found) {
      console.log(`No user ${values.email}`);
      return 1;
    }
    // The same rule as the Team page: never away from the last Owner; removing the role ends the sessions at once.
    const to = command === "role" ? TYPED_ROLES[values.role!.toLowerCase()] : null;
    const result = await changeRole(found.user.id, to);
    if (result.outcome === "last-owner") {
      console.error(`${values.email} is the last Owner and cannot be ${to ? "given another role" : "demoted"}: make someone else an Owner first`);
      return 1;
    }
    if (result.outcome === "not-staff" && to === null) {
      console.log(`${values.email} had no staff role`);
      return 0;
    }
    if (result.outcome === "not-staff") {
      console.error(`${values.email} is not on the team: invite them from the Team page, or use create`);
      return 1;
    }
    if (result.outcome === "unchanged") {
      console.log(`${values.email} is already ${ROLE_LABELS[result.role]}`);
      return 0;
    }
    await recordActivity({ kind: "security", actorId: null, actorEmail: "command line", ip: null, ...roleChangeEntry(found.user.id, result) });
    console.log(to ? `${values.email} is now ${ROLE_LABELS[to]}` : `${values.email} no longer has a staff role; their sessions were signed out`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main()
  .then(async (code) => {
    await closeDatabase();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await closeDatabase();
    process.exit(1);
  });
