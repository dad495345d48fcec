import { loader as health } from "./health";

/**
 * GET /readyz: ready for traffic. The server answers 503 here itself while it shuts down (server.mjs);
 * otherwise ready means start-up finished (the server only listens after it) and the database answers.
 */
export async function loader() {
  return health();
}
