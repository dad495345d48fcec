import type { ContactType } from "~/validation/constants";
import type { ProjectInput } from "~/validation/project";
import type { ServiceInput } from "~/validation/service";

// The records the admin panel edits, as plain data: what the models (app/.server/models) return and the admin
// components show. They live here, outside app/.server, so a component can name them without importing
// server code (app/components/README.md).

/**
 * A form's parsed input as the database hands it back: a select's value is any text there (a value the form no
 * longer offers stays readable), so enumerations widen to string.
 */
type Stored<T> = { [K in keyof T]: T[K] extends string ? string : T[K] extends string | null ? string | null : T[K] };

/** What every record adds to the fields its form edits. */
interface RecordMeta {
  id: string;
  created_by: string | null;
  created_at: string;
}

/**
 * A service: its fields are the service form's schema (app/validation/service.ts), written once there, so a new
 * field is a migration and a schema line. The featured image's focal point is in percent (docs/product.md#focal-point).
 */
export type Service = RecordMeta & Stored<ServiceInput>;

/** A project: its fields are the project form's schema (app/validation/project.ts). */
export type Project = RecordMeta & Stored<ProjectInput>;

export interface ContactDetail {
  id: string;
  type: ContactType;
  label: string | null;
  value: string;
  /** Dhivehi label, and Dhivehi text of an address or opening hours (docs/decisions/0092-site-content-in-two-languages.md). */
  label_dv: string | null;
  value_dv: string | null;
  icon: string | null;
  is_primary: boolean;
  is_public: boolean;
  display_order: number;
}
