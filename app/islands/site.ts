// The public pages' script (docs/decisions/0007-public-pages-without-hydration.md), inlined in every public page
// (docs/decisions/0020-public-pages-inline-style-and-script.md). What it does is in ./behaviours; the contact
// form's part is ./enquiry.ts, a script of its own (docs/decisions/0049-contact-form-script-only-where-the-form-is.md).
import { BEHAVIOURS } from "./behaviours";
import { startIsland } from "./start";

startIsland(BEHAVIOURS);
