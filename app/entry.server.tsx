import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { clientBuildText } from "~/.server/http/client-build";
import { logger } from "~/.server/logger";
import { NotFoundPage } from "~/components/site/not-found-page";
import { isStaticPage } from "~/lib/hydration";
import { InlineAssetsContext } from "~/lib/inline-assets";
import { NonceContext } from "~/lib/nonce";
import { ServerNotFoundContext } from "~/lib/server-not-found";
import { ServerErrorPageContext } from "~/lib/server-error-page";
import { renderServerErrorPage } from "~/components/site/server-error-page";
import stylesheetHref from "./app.css?url";
import siteStylesheetHref from "./site.css?url";
import dhivehiStylesheetHref from "./site-dhivehi.css?url";

export const streamTimeout = 5_000;

const renderNotFoundPage = () => <NotFoundPage />;

/**
 * Unexpected errors thrown by loaders, actions and rendering: logged once, as an object (type, message, stack),
 * with the request id (logger.ts adds it). Thrown responses (404, redirects) never come here; a request the
 * browser gave up on, or one the router refused as the client's error, is not an error of ours.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  // React Router's own refusals (405 for a method a route does not take, 400 for a malformed request) are the
  // client's doing: at error level, anyone could flood the log and its alerts with them.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.debug({ status: error.status, method: request.method, path: new URL(request.url).pathname }, "request refused by the router");
    return;
  }
  logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "unexpected error");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA-mode get the whole document at once; browsers get it streamed.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineAssetsContext.Provider value={{ styles: clientBuildText(siteStylesheetHref), dhivehiStyles: clientBuildText(dhivehiStylesheetHref) }}>
          <ServerNotFoundContext.Provider value={renderNotFoundPage}>
            <ServerErrorPageContext.Provider value={renderServerErrorPage}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </ServerErrorPageContext.Provider>
          </ServerNotFoundContext.Provider>
        </InlineAssetsContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // A hydrated page (the admin) asks for its stylesheet with the response's headers, before the browser has
          // parsed the 100+ KB document that links it: the first paint can then come before the scripts have run
          // (docs/decisions/0054-admin-stylesheet-in-the-link-header.md). Public pages carry theirs inline.
          if (!isStaticPage(routerContext.staticHandlerContext.matches.map((m) => m.route))) {
            responseHeaders.append("Link", `<${stylesheetHref}>; rel=preload; as=style`);
          }
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while streaming after the shell are logged here; before it, they reject above.
          if (shellRendered) logger.error({ err: error, path: new URL(request.url).pathname }, "error while streaming a page");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
