import { useId, useRef, useState } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/utils";
import type { Option } from "./labels";
import { useOnNewValue } from "./use-new-value";

// Labelled form controls for the admin dialogs: the label, the control, an optional hint and the
// field error under it (docs/product.md#field-errors), wired together with ids for screen readers.

interface FieldShellProps {
  id: string;
  /** The label's own id, for a control elsewhere that refers to it (a field's Dhivehi input). */
  labelId?: string;
  label: React.ReactNode;
  /** Classes of the label (a field whose name shows elsewhere on a phone hides it there, for sight only). */
  labelClassName?: string;
  hint?: string;
  error?: string;
  required?: boolean;
  className?: string;
  /** Shown at the label's end, on its line (a character counter). */
  labelAside?: React.ReactNode;
  children: React.ReactNode;
}

export function FieldShell({ id, labelId, label, labelClassName, hint, error, required, className, labelAside, children }: FieldShellProps) {
  const labelled = (
    <Label htmlFor={id} id={labelId} className={labelClassName}>
      {label}
      {required ? (
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      ) : null}
    </Label>
  );
  return (
    // content-start: beside a taller field (one with a hint or an error) the label and input stay level with its own.
    <div className={cn("grid content-start gap-2", className)}>
      {labelAside ? (
        <div className="flex items-baseline justify-between gap-2">
          {labelled}
          {labelAside}
        </div>
      ) : (
        labelled
      )}
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/** aria attributes tying a control to its hint and error. */
export function describedBy(id: string, hint?: string, error?: string) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  } as const;
}

type InputProps = Omit<React.ComponentProps<"input">, "id"> & {
  label: string;
  name: string;
  hint?: string;
  error?: string;
  className?: string;
};

export function TextField({ label, hint, error, required, className, inputClassName, ...props }: InputProps & { inputClassName?: string }) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required} className={className}>
      <Input id={id} required={required} className={inputClassName} {...describedBy(id, hint, error)} {...props} />
    </FieldShell>
  );
}

type TextAreaProps = Omit<React.ComponentProps<"textarea">, "id"> & {
  label: string;
  name: string;
  hint?: string;
  error?: string;
  className?: string;
};

export function TextAreaField({ label, hint, error, required, className, rows = 3, ...props }: TextAreaProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required} className={className}>
      <Textarea id={id} rows={rows} required={required} {...describedBy(id, hint, error)} {...props} />
    </FieldShell>
  );
}

type SelectProps = Omit<React.ComponentProps<"select">, "id" | "size"> & {
  label: string;
  name: string;
  options: Option[];
  /** Text of an empty first option ("no value"); omitted when the field always has a value. */
  placeholder?: string;
  hint?: string;
  error?: string;
  className?: string;
};

export function SelectField({ label, options, placeholder, hint, error, required, className, ...props }: SelectProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required} className={className}>
      <div className="[&>[data-slot=native-select-wrapper]]:w-full">
        <NativeSelect id={id} required={required} {...describedBy(id, hint, error)} {...props}>
          {placeholder !== undefined ? <NativeSelectOption value="">{placeholder}</NativeSelectOption> : null}
          <SelectOptions options={options} />
        </NativeSelect>
      </div>
    </FieldShell>
  );
}

/** A native select's options, one per Option. */
export function SelectOptions({ options }: { options: readonly Option[] }) {
  return options.map((o) => <NativeSelectOption key={o.value} value={o.value}>{o.label}</NativeSelectOption>);
}

interface SwitchFieldProps {
  label: string;
  /** Form field name: a hidden input carries "true" or "false". */
  name?: string;
  description?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
}

/** A switch with its label on the left; controlled or not. Submits "true"/"false" under `name`. */
export function SwitchField({ label, name, description, checked, defaultChecked = false, onCheckedChange, disabled, className }: SwitchFieldProps) {
  const id = useId();
  const [inner, setInner] = useState(defaultChecked);
  const value = checked ?? inner;
  return (
    <div className={cn("flex items-center justify-between gap-4 rounded-lg border p-3", className)}>
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        {description ? (
          <p id={`${id}-description`} className="text-xs text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
      <Switch
        id={id}
        checked={value}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
        onCheckedChange={(next) => {
          setInner(next);
          onCheckedChange?.(next);
        }}
      />
      {name ? <input type="hidden" name={name} value={value ? "true" : "false"} /> : null}
    </div>
  );
}

/** A titled group of fields inside a long form. */
export function FormSection({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  return (
    // grid-cols-1 (minmax(0, 1fr)): a wide child (an upload button that does not wrap) cannot widen the whole section.
    <fieldset className={cn("grid min-w-0 grid-cols-1 gap-4", className)}>
      <legend className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Moves focus to the first invalid control whenever a new set of field errors arrives. The errors may
 * be a fetcher's (`fetcher.data.fieldErrors`), hence useOnNewValue rather than an effect keyed on them.
 */
export function useFocusFirstInvalid(errors: Record<string, string>) {
  const formRef = useRef<HTMLFormElement>(null);
  useOnNewValue(errors, (value) => {
    if (Object.keys(value).length === 0) return;
    formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  });
  return formRef;
}
