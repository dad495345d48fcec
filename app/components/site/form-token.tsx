import { FORM_TOKEN_FIELD } from "~/validation/constants";

// Its own module: app/root.tsx renders the token on every page that has a contact form, and importing the whole
// form there would put it in the admin's first-load JavaScript too.

export const CONTACT_FORM_ID = "contact-form";

/** The contact form's token field, placed by app/root.tsx after everything else in the body. */
export function FormTokenInput({ formToken }: { formToken: string }) {
  return <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} form={CONTACT_FORM_ID} />;
}
