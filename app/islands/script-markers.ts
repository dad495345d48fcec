// Two of ATTR's names (./attributes), written here for app/root.tsx, which marks the contact form's script with
// them. The root is in the admin's bundle too, and everything it imports lands in the admin's first chunk: this
// module instead of ATTR's whole list (docs/decisions/0049-contact-form-script-only-where-the-form-is.md).

/** The contact form (ATTR.enquiryForm). */
export const ENQUIRY_FORM_ATTR = "data-enquiry-form";
/** On an inline script: the attribute of the markup it serves (ATTR.islandFor). */
export const ISLAND_FOR_ATTR = "data-island-for";
