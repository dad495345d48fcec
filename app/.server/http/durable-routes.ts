import type { ServerBuild } from "react-router";
import { durable } from "../db";

// An acknowledged write survives power loss (docs/security.md): every loader and action of the server build waits,
// before it returns or throws, until the writes made so far are on disk. A request that wrote nothing does not
// wait; writes made at the same time share one sync (app/.server/db/group-commit.ts).

type RouteModule = ServerBuild["routes"][string] extends infer R ? (R extends { module: infer M } ? M : never) : never;

export function withDurableWrites(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module: RouteModule = { ...route.module };
    for (const key of ["loader", "action"] as const) {
      const handler = route.module[key];
      if (typeof handler !== "function") continue;
      module[key] = async (args: Parameters<typeof handler>[0]) => {
        try {
          return await handler(args);
        } finally {
          await durable();
        }
      };
    }
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}
