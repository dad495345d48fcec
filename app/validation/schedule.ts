import { z } from "zod";
import { SITE_LOCAL_PATTERN, siteLocalToIso } from "~/lib/site-time";
import { SECTION_KEYS, type SectionKey } from "./site-content";

// Scheduling (docs/product.md#scheduling): the show-from/hide-from pair of services and projects, and the form of a
// scheduled publish of site content.

/** Hide from, when both are set, comes after Show from: a record never shown would look like a mistake. */
export const hideAfterShow = (v: { show_from: string | null; hide_from: string | null }) => !v.show_from || !v.hide_from || v.hide_from > v.show_from;
export const HIDE_AFTER_SHOW = { path: ["hide_from"], message: "Hide from must be after Show from" };

/** What a Schedule form sends: a section (or "all": every section with a draft then) and a Maldives wall-clock time. */
export const ScheduleSchema = z.object({
  section: z
    .string()
    .trim()
    .refine((v): v is SectionKey | "all" => v === "all" || (SECTION_KEYS as readonly string[]).includes(v), "Unknown section"),
  run_at: z
    .string()
    .trim()
    .refine((v) => v !== "", "Choose a date and time")
    .refine((v) => v === "" || (SITE_LOCAL_PATTERN.test(v) && siteLocalToIso(v) !== null), "Enter a date and time, e.g. 2026-12-01 08:00")
    .transform((v) => siteLocalToIso(v) ?? "")
    // A moment already passed would publish at once: that is Publish, not Schedule.
    .refine((iso) => iso === "" || Date.parse(iso) > Date.now(), "Choose a time in the future (Maldives time)"),
});
