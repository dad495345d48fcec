import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { describedBy, FieldError, FieldShell } from "~/components/admin/form-fields";
import { MediaUrlField } from "~/components/admin/media-fields";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { FormattedTextArea } from "../formatted-text-field";
import type { SectionKey } from "~/validation/site-content";
import { isTranslated } from "~/validation/site-content-translations";
import { BilingualRow, DHIVEHI_INPUT } from "../bilingual";
import { type Field, ICON_OPTIONS, type ListField, type ScalarField } from "./section-fields";

// The controls of one Site Content section, drawn from its field list (section-fields.ts). Values
// live in the editor's state; errors are keyed by dotted path ("cards.2.title") as the server sends them.
// A text a visitor reads has its Dhivehi value beside it, at the `dv` key of its section or list entry
// ("dv.title", "cards.2.dv.title"): docs/decisions/0092-site-content-in-two-languages.md.

type Path = Array<string | number>;
export type ServiceOption = { id: string; title: string };

const pathKey = (path: Path) => path.map(String).join(".");

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, key) => (v !== null && typeof v === "object" ? (v as Record<string | number, unknown>)[key] : undefined), value);
}

/** A copy of `value` with `next` at `path`. */
export function setAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = setAt(copy[head as number], rest, next);
    return copy;
  }
  const obj = (value ?? {}) as Record<string, unknown>;
  return { ...obj, [head]: setAt(obj[head as string], rest, next) };
}

/** The list a path's entry belongs to ("cards" for ["cards", 2]), or undefined for the section itself. */
const listOf = (path: Path) => (path.length >= 2 && typeof path[path.length - 1] === "number" ? String(path[path.length - 2]) : undefined);

interface FieldsProps {
  section: SectionKey;
  fields: Field[];
  value: unknown;
  path?: Path;
  errors: Record<string, string>;
  onChange: (path: Path, next: unknown) => void;
  services: ServiceOption[];
}

export function ContentFields({ section, fields, value, path = [], errors, onChange, services }: FieldsProps) {
  const list = listOf(path);
  return (
    <div className="grid gap-5">
      {fields.map((field) => {
        const own = [...path, field.key];
        const dv = [...path, "dv", field.key];
        const translated = isTranslated(section, field.key, list);
        if (field.kind === "list") {
          const english = <ListEditor section={section} field={field} value={value} path={own} errors={errors} onChange={onChange} services={services} />;
          // A list of strings (paragraphs, bullets) is translated as a whole: its own list beside the English one.
          if (!(translated && field.text)) return <div key={field.key}>{english}</div>;
          return (
            <BilingualRow
              key={field.key}
              english={english}
              dhivehi={<ListEditor section={section} field={field} value={value} path={dv} errors={errors} onChange={onChange} services={services} dhivehi />}
            />
          );
        }
        const english = <ScalarEditor field={field} value={getAt(value, own)} path={own} errors={errors} onChange={onChange} services={services} />;
        if (!translated) return <div key={field.key}>{english}</div>;
        return (
          <BilingualRow
            key={field.key}
            english={english}
            dhivehi={<ScalarEditor field={field} value={getAt(value, dv)} path={dv} errors={errors} onChange={onChange} services={services} dhivehi />}
          />
        );
      })}
    </div>
  );
}

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <span id={id} className={length > max ? "text-xs font-medium text-destructive" : "text-xs text-muted-foreground"}>
      {length}/{max}
    </span>
  );
}

function ScalarEditor({
  field,
  value,
  path,
  errors,
  onChange,
  services,
  label: englishLabel = field.label,
  dhivehi = false,
}: {
  field: ScalarField;
  value: unknown;
  path: Path;
  errors: Record<string, string>;
  onChange: (path: Path, next: unknown) => void;
  services: ServiceOption[];
  label?: string;
  /** The Dhivehi value of a text: right to left, in Thaana, named "(Dhivehi)". */
  dhivehi?: boolean;
}) {
  const id = useId();
  const error = errors[pathKey(path)];
  const label = dhivehi ? `${englishLabel} (Dhivehi)` : englishLabel;
  // The English field carries the hint; the Dhivehi one beside it would only repeat it.
  const hint = "hint" in field && !dhivehi ? field.hint : undefined;
  const langProps = dhivehi ? DHIVEHI_INPUT : {};
  const set = (next: unknown) => onChange(path, next);

  if (field.kind === "image") {
    const { alt } = field;
    return (
      <MediaUrlField
        label={label}
        name={pathKey(path)}
        bucket="site-assets"
        folder={field.folder}
        value={typeof value === "string" ? value : ""}
        onChange={(next) => {
          set(next);
          // The old picture's description must not stay with a new picture: the alt text empties, and saving
          // asks for one (docs/product.md "Site editor").
          if (alt && next !== value) onChange([...path.slice(0, -1), alt], "");
        }}
        error={error}
        uploadLabel={`Upload ${label.toLowerCase()}`}
      />
    );
  }

  let control: React.ReactNode;
  const aria = describedBy(id, hint, error);
  if (field.kind === "text" || field.kind === "textarea") {
    const text = typeof value === "string" ? value : "";
    const counterId = `${id}-count`;
    const describe = [aria["aria-describedby"], counterId].filter(Boolean).join(" ");
    control =
      field.kind === "textarea" && field.formatted ? (
        <FormattedTextArea id={id} label={label} rows={field.rows ?? 3} value={text} onChange={(e) => set(e.currentTarget.value)} {...aria} aria-describedby={describe} {...langProps} />
      ) : field.kind === "textarea" ? (
        <Textarea id={id} rows={field.rows ?? 3} value={text} onChange={(e) => set(e.currentTarget.value)} {...aria} aria-describedby={describe} {...langProps} />
      ) : (
        <Input id={id} value={text} autoComplete="off" onChange={(e) => set(e.currentTarget.value)} {...aria} aria-describedby={describe} {...langProps} />
      );
    return (
      <FieldShell id={id} label={label} hint={hint} error={error} labelAside={<Counter id={counterId} length={text.length} max={field.max} />}>
        {control}
      </FieldShell>
    );
  }

  if (field.kind === "average") {
    control = (
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={1}
        max={5}
        step={0.1}
        className="w-28"
        value={value === undefined || value === null ? "" : String(value)}
        onChange={(e) => set(e.currentTarget.value)}
        {...aria}
      />
    );
  } else {
    const options =
      field.kind === "icon"
        ? ICON_OPTIONS
        : field.kind === "rating"
          ? [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} star${n === 1 ? "" : "s"}` }))
          : [{ value: "", label: "No link" }, ...services.map((s) => ({ value: `/service/${s.id}`, label: s.title }))];
    const current = value === undefined || value === null ? "" : String(value);
    // A link to a service that is no longer active stays selectable, so saving does not drop it silently.
    const withCurrent = options.some((o) => o.value === current) ? options : [...options, { value: current, label: current }];
    control = (
      <div className="[&>[data-slot=native-select-wrapper]]:w-full">
        <NativeSelect id={id} value={current} onChange={(e) => set(field.kind === "rating" ? Number(e.currentTarget.value) : e.currentTarget.value)} {...aria}>
          {withCurrent.map((o) => (
            <NativeSelectOption key={o.value} value={o.value}>
              {o.label}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
    );
  }
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      {control}
    </FieldShell>
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function ListEditor({
  section,
  field: baseField,
  value,
  path,
  errors,
  onChange,
  services,
  dhivehi = false,
}: {
  section: SectionKey;
  field: ListField;
  value: unknown;
  path: Path;
  errors: Record<string, string>;
  onChange: (path: Path, next: unknown) => void;
  services: ServiceOption[];
  /** The Dhivehi list of a translated list of strings. */
  dhivehi?: boolean;
}) {
  const field = dhivehi ? { ...baseField, label: `${baseField.label} (Dhivehi)`, itemName: `Dhivehi ${baseField.itemName}` } : baseField;
  const id = useId();
  const items = (getAt(value, path) as unknown[] | undefined) ?? [];
  const error = errors[pathKey(path)];
  // After a move or removal the focus follows the entry (or lands on the next control), never on <body>.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const setList = (next: unknown[]) => onChange(path, next);
  const move = (from: number, to: number, button: "up" | "down") => {
    const next = [...items];
    const [entry] = next.splice(from, 1);
    next.splice(to, 0, entry);
    // At the top or bottom the button in that direction is disabled: focus the other one.
    const target = (to === 0 && button === "up") || (to === next.length - 1 && button === "down") ? (button === "up" ? "down" : "up") : button;
    focusNext.current = `${id}-${to}-${target}`;
    setList(next);
  };
  const remove = (index: number) => {
    focusNext.current = items.length > 1 ? `${id}-${Math.min(index, items.length - 2)}-remove` : `${id}-add`;
    setList(items.filter((_, i) => i !== index));
  };
  const name = capitalize(field.itemName);

  return (
    <fieldset className="grid gap-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 flex w-full items-baseline justify-between gap-2 text-sm font-semibold">
        <span>{field.label}</span>
        {field.fixed ? null : (
          <span className="text-xs font-normal text-muted-foreground">
            {items.length} of at most {field.max}
          </span>
        )}
      </legend>
      <FieldError id={`${id}-error`} message={error} />
      <ol className="grid gap-3">
        {items.map((item, index) => {
          const itemPath = [...path, index];
          const itemLabel = `${name} ${index + 1}`;
          return (
            <li key={index} className="rounded-lg border bg-card p-4" aria-label={itemLabel}>
              <div className="mb-3 flex items-center justify-between gap-2">
                <span className="text-sm font-medium text-muted-foreground">{itemLabel}</span>
                {field.fixed ? null : (
                  <div className="flex gap-1">
                    <Button id={`${id}-${index}-up`} type="button" variant="ghost" size="icon" aria-label={`Move ${field.itemName} ${index + 1} up`} disabled={index === 0} onClick={() => move(index, index - 1, "up")}>
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      id={`${id}-${index}-down`}
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Move ${field.itemName} ${index + 1} down`}
                      disabled={index === items.length - 1}
                      onClick={() => move(index, index + 1, "down")}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button id={`${id}-${index}-remove`} type="button" variant="ghost" size="icon" aria-label={`Remove ${field.itemName} ${index + 1}`} onClick={() => remove(index)}>
                      <Trash2 aria-hidden="true" className="text-destructive" />
                    </Button>
                  </div>
                )}
              </div>
              {field.text ? (
                <ScalarEditor field={field.text} value={item} path={itemPath} errors={errors} onChange={onChange} services={services} label={`${field.text.label} ${index + 1}`} dhivehi={dhivehi} />
              ) : (
                <ContentFields section={section} fields={field.fields ?? []} value={value} path={itemPath} errors={errors} onChange={onChange} services={services} />
              )}
            </li>
          );
        })}
      </ol>
      {field.fixed ? null : (
        <div>
          <Button
            id={`${id}-add`}
            type="button"
            variant="outline"
            disabled={items.length >= field.max}
            onClick={() => {
              focusNext.current = null;
              setList([...items, field.empty()]);
            }}
          >
            <Plus aria-hidden="true" />
            Add {field.itemName}
          </Button>
          {items.length >= field.max ? <p className="mt-2 text-xs text-muted-foreground">This list holds at most {field.max} entries.</p> : null}
        </div>
      )}
    </fieldset>
  );
}

/** A read-only view of a section's content (a version in the history), each text with its Dhivehi value. */
export function ContentView({ section, fields, value, path = [] }: { section: SectionKey; fields: Field[]; value: unknown; path?: Path }) {
  const list = listOf(path);
  return (
    <dl className="grid gap-3 text-sm">
      {fields.map((field) => {
        const v = getAt(value, [...path, field.key]);
        const translated = isTranslated(section, field.key, list);
        const dv = translated ? getAt(value, [...path, "dv", field.key]) : undefined;
        if (field.kind === "list") {
          const items = Array.isArray(v) ? v : [];
          const dvItems = Array.isArray(dv) ? dv : [];
          return (
            <div key={field.key}>
              <dt className="font-semibold">{field.label}</dt>
              <dd>
                <ol className="mt-1 grid list-decimal gap-2 pl-5">
                  {items.map((item, i) => (
                    <li key={i}>{field.text ? <span className="whitespace-pre-line" dir="auto">{String(item)}</span> : <ContentView section={section} fields={field.fields ?? []} value={value} path={[...path, field.key, i]} />}</li>
                  ))}
                </ol>
              </dd>
              {translated && field.text ? (
                <>
                  <dt className="mt-2 font-semibold">{field.label} (Dhivehi)</dt>
                  <dd>
                    {dvItems.length === 0 ? <span className="text-muted-foreground">—</span> : null}
                    <ol className="mt-1 grid list-decimal gap-2 pr-5" dir="rtl" lang="dv">
                      {dvItems.map((item, i) => (
                        <li key={i} className="font-thaana whitespace-pre-line">
                          {String(item)}
                        </li>
                      ))}
                    </ol>
                  </dd>
                </>
              ) : null}
            </div>
          );
        }
        return (
          <div key={field.key}>
            <dt className="font-semibold">{field.label}</dt>
            <dd className="break-words whitespace-pre-line text-muted-foreground" dir="auto">{shown(v)}</dd>
            {translated ? (
              <>
                <dt className="mt-1 font-semibold">{field.label} (Dhivehi)</dt>
                <dd className="font-thaana break-words whitespace-pre-line text-muted-foreground" dir="rtl" lang="dv">
                  {shown(dv)}
                </dd>
              </>
            ) : null}
          </div>
        );
      })}
    </dl>
  );
}

const shown = (v: unknown) => (v === undefined || v === null || v === "" ? "—" : String(v));
