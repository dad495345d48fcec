import { activityLabel, KIND_LABELS } from "~/components/admin/activity-labels";
import type { ActivityEntry } from "../models/activity";

// The columns of the activity export (GET /admin/activity/export.csv), apart from the route so the browser
// build never sees them.

/** The export's columns; pinned by tests/integration/activity.test.ts. */
export const ACTIVITY_CSV_HEADER = [
  "When (UTC)",
  "Person",
  "Account id",
  "IP address",
  "Kind",
  "Action",
  "Description",
  "Entity",
  "Entity id",
  "Fields changed",
  "Detail",
] as const;

/** One entry as a row of ACTIVITY_CSV_HEADER. */
export function activityCsvCells(e: ActivityEntry): unknown[] {
  return [
    e.created_at,
    e.actor_email,
    e.actor_id,
    e.ip,
    KIND_LABELS[e.kind],
    e.action,
    activityLabel(e.action),
    e.entity,
    e.entity_id,
    e.fields.join(" "),
    e.detail,
  ];
}
