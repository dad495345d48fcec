// `npm run admin -- create --email E --password P [--name N]`   creates an admin (or promotes an existing user)
// `npm run admin -- password --email E --password P`            sets a new password and signs the user out everywhere
// `npm run admin -- demote --email E`                           removes the admin role (never the last admin)
import { parseArgs } from "node:util";
import { closeDatabase, getDatabase } from "~/.server/db";
import { migrate } from "~/.server/db/migrate";
import { demoteAdmin } from "~/.server/models/team";
import { ensureUser, setPassword } from "~/.server/models/users";
import { auth } from "~/.server/auth/auth";

const USAGE = `Usage:
  npm run admin -- create --email EMAIL --password PASSWORD [--name NAME]
  npm run admin -- password --email EMAIL --password PASSWORD
  npm run admin -- demote --email EMAIL`;

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
    strict: true,
  });
  if (!command || !values.email || (command !== "demote" && !values.password)) {
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
  if (command === "demote") {
    const found = await (await auth().$context).internalAdapter.findUserByEmail(values.email.toLowerCase());
    if (!found) {
      console.log(`No user ${values.email}`);
      return 1;
    }
    // The same rule as the Team page: never the last admin, and the person's sessions end at once.
    const result = await demoteAdmin(found.user.id);
    if (result === "last-admin") {
      console.error(`${values.email} is the last admin and cannot be demoted: create or invite another admin first`);
      return 1;
    }
    console.log(result === "demoted" ? `${values.email} is no longer an admin; their sessions were signed out` : `${values.email} was not an admin`);
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
