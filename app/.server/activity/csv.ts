import { activityLabel, fieldLabel, KIND_LABELS } from "~/components/admin/activity-labels";
import type { ActivityEntry } from "../models/activity";
import type { ActivityTarget } from "./targets";

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
  "Name",
  "Fields changed",
  "Detail",
] as const;

/** One entry as a row of ACTIVITY_CSV_HEADER: the record's name (its name now where the page looked it up) and the fields as the forms label them. */
export function activityCsvCells(e: ActivityEntry & { target?: ActivityTarget | null }): unknown[] {
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
    e.target?.name ?? e.entity_name,
    e.fields.map((field) => fieldLabel(e.entity, field)).join(", "),
    e.detail,
  ];
}
