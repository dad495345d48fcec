import { DEFAULT_SETTINGS } from "~/validation/settings";
import { logger } from "../logger";
import { listPublicContactDetails } from "./contact-details";
import { getPublicSettings } from "./settings";

/**
 * What every public page needs for its header and footer: the public settings and the public contact
 * entries. docs/product.md#messages: these fetches fail silently (logged; defaults and an empty contact list).
 */
export async function getSiteChrome() {
  const [settings, contactDetails] = await Promise.all([
    getPublicSettings().catch((error: unknown) => {
      logger.error({ err: error }, "public settings fetch failed");
      return { ...DEFAULT_SETTINGS };
    }),
    listPublicContactDetails().catch((error: unknown) => {
      logger.error({ err: error }, "public contact details fetch failed");
      return [];
    }),
  ]);
  return {
    settings,
    // Only what the pages show.
    contactDetails: contactDetails.map(({ type, label, value, icon, is_primary }) => ({ type, label, value, icon, is_primary })),
  };
}

export type SiteChrome = Awaited<ReturnType<typeof getSiteChrome>>;
