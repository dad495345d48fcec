import { isoToSiteLocal } from "~/lib/site-time";
import { TextField } from "./form-fields";

// A date and time in Maldives time (docs/product.md#scheduling): a native datetime-local control, whose value has no
// zone, filled and read as Maldives wall-clock time whatever the browser's zone is; the server turns it into UTC
// (siteMoment in app/validation/fields.ts). Empty means not set.

interface DateTimeFieldProps {
  label: string;
  name: string;
  /** The stored moment (ISO, UTC), or null. */
  defaultValue?: string | null;
  hint?: string;
  error?: string;
  required?: boolean;
  className?: string;
}

export function DateTimeField({ label, name, defaultValue, hint = "Maldives time", error, required, className }: DateTimeFieldProps) {
  return <TextField type="datetime-local" label={label} name={name} defaultValue={isoToSiteLocal(defaultValue)} hint={hint} error={error} required={required} className={className} />;
}

/**
 * "Show from" and "Hide from" beside a service's Active or a project's Public switch
 * (docs/decisions/0087-show-from-and-hide-from.md): the switch must be on; these bound when it counts.
 */
export function ShowHideFields({ record, errors }: { record: { show_from: string | null; hide_from: string | null } | null; errors: Record<string, string | undefined> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <DateTimeField label="Show from" name="show_from" defaultValue={record?.show_from} hint="Maldives time; empty: as soon as it is on" error={errors.show_from} />
      <DateTimeField label="Hide from" name="hide_from" defaultValue={record?.hide_from} hint="Maldives time; empty: until it is turned off" error={errors.hide_from} />
    </div>
  );
}
