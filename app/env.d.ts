import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The CSP nonce of this response (server/app.ts). */
    nonce?: string;
    requestId?: string;
  }
}
