// The contact form's script: inlined after ./site.ts, and kept by the page cache only on pages with the form
// (docs/decisions/0049-contact-form-script-only-where-the-form-is.md).
import { initContactForm } from "./enquiry-form";
import { startIsland } from "./start";

startIsland([["contact form", initContactForm]]);
