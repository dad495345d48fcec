import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The CSP nonce of this response (server/app.ts). */
    nonce?: string;
    requestId?: string;
    /** The contact form's signed render time for this response (server/app.ts). */
    formToken?: string;
  }
}
