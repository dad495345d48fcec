import { createContext, useContext, useEffect, useId, useRef, useState } from "react";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/utils";
import { dvName } from "~/validation/translations";
import { FieldShell, describedBy } from "./form-fields";
import { FormattedTextArea } from "./formatted-text-field";
import { FORMATTING_HINT } from "./formatting";
import { useOnNewValue } from "./use-new-value";

// English and Dhivehi in the admin (docs/decisions/0077-dhivehi-design.md, 0092-site-content-in-two-languages.md):
// side by side where both fit, one language at a time on a phone. Site Content pairs a section's texts in rows under
// one pair of tabs for the section; a service's or project's dialog pairs each translatable field with tabs of its
// own (TranslatedField); categories and contact details put their Dhivehi inputs under or beside the English ones.
// The admin's own words stay English; only the Dhivehi inputs are right to left, in Thaana.

export type EditorLanguage = "en" | "dv";

/** What a Dhivehi input carries: right to left, in Dhivehi, in the Thaana font. */
export const DHIVEHI_INPUT = { dir: "rtl", lang: "dv", className: "font-thaana" } as const;

/** The same for a TextField, whose `className` is its wrapper's. */
export const DHIVEHI_TEXT_FIELD = { dir: DHIVEHI_INPUT.dir, lang: DHIVEHI_INPUT.lang, inputClassName: DHIVEHI_INPUT.className } as const;

/** The Dhivehi language's name, as the tabs, the Dhivehi column and the Dhivehi preview call it. */
export function DhivehiName() {
  return (
    <span lang="dv" className="font-thaana">
      ދިވެހި
    </span>
  );
}

/**
 * Two columns, English first (left): from md up in Site Content, whose card is wide; from sm up in a dialog. Below
 * that only the language shown.
 */
const COLUMNS = {
  md: { grid: "grid gap-5 md:grid-cols-2 md:gap-4", hidden: "max-md:hidden" },
  sm: { grid: "grid gap-4 sm:grid-cols-2", hidden: "max-sm:hidden" },
} as const;

// ---- Site Content: one pair of tabs for the whole section.

/** The language a phone shows; wider screens show both. */
export const PhoneLanguage = /* @__PURE__ */ createContext<EditorLanguage>("en");

/** One text in both languages: English first (left), Dhivehi beside it. */
export function BilingualRow({ english, dhivehi }: { english: React.ReactNode; dhivehi: React.ReactNode }) {
  const phone = useContext(PhoneLanguage);
  return (
    <div className={COLUMNS.md.grid} data-bilingual>
      <div className={cn("min-w-0", phone === "dv" && COLUMNS.md.hidden)}>{english}</div>
      <div className={cn("min-w-0", phone === "en" && COLUMNS.md.hidden)}>{dhivehi}</div>
    </div>
  );
}

/** The phone's tabs: which language the section's texts show. Hidden where both columns fit. */
export function LanguageTabs({ value, onChange }: { value: EditorLanguage; onChange: (next: EditorLanguage) => void }) {
  const tab = (language: EditorLanguage, label: React.ReactNode) => (
    <button
      type="button"
      role="tab"
      aria-selected={value === language}
      onClick={() => onChange(language)}
      className={cn(
        "flex-1 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
        value === language ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground",
      )}
    >
      {label}
    </button>
  );
  return (
    <div role="tablist" aria-label="Language of the texts" className="mb-5 flex gap-1 rounded-lg bg-muted p-1 md:hidden">
      {tab("en", "English")}
      {tab("dv", <DhivehiName />)}
    </div>
  );
}

/** The heading of the two columns on a wide screen. */
export function ColumnHeadings() {
  return (
    <div aria-hidden="true" className="mb-3 hidden grid-cols-2 gap-4 border-b pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase md:grid">
      <span>English</span>
      <span lang="dv" dir="rtl" className="font-thaana text-sm normal-case">
        ދިވެހި
      </span>
    </div>
  );
}

// ---- A service's or project's dialog: each translatable field with its own tabs.
// Both inputs are always in the form, so a save posts both languages whichever one shows. The Dhivehi input is
// posted as `dv.<name>`.

type Kind = "text" | "textarea" | "formatted";

interface TranslatedFieldProps {
  kind: Kind;
  label: string;
  /** The English field's name; the Dhivehi one is `dv.<name>`. */
  name: string;
  errors: Record<string, string>;
  defaultValue: string;
  dvDefaultValue: string;
  required?: boolean;
  hint?: string;
  placeholder?: string;
  rows?: number;
  autoComplete?: string;
}

export function TranslatedField({ kind, label, name, errors, defaultValue, dvDefaultValue, required, hint: ownHint, placeholder, rows, autoComplete }: TranslatedFieldProps) {
  const id = useId();
  const dvId = `${id}-dv`;
  const error = errors[name];
  const dvError = errors[dvName(name)];
  const hint = kind === "formatted" ? FORMATTING_HINT : ownHint;
  const [shown, setShown] = useState<EditorLanguage>("en");
  // On a phone, a refused Dhivehi value brings its tab forward (English first when both are refused).
  const focusDhivehi = useRef(false);
  useOnNewValue(errors, () => {
    if (error) setShown("en");
    else if (dvError) {
      setShown("dv");
      focusDhivehi.current = true;
    }
  });
  // The form moves focus to its first invalid control in the commit that brought the errors, while this one was still
  // hidden behind its tab; once shown, it takes the focus unless another invalid control has it.
  useEffect(() => {
    if (!focusDhivehi.current || shown !== "dv") return;
    focusDhivehi.current = false;
    if (document.activeElement?.getAttribute("aria-invalid") !== "true") document.getElementById(dvId)?.focus();
  }, [shown, dvId]);

  const control = (language: EditorLanguage) => {
    const own = language === "en";
    const controlId = own ? id : dvId;
    const props = {
      id: controlId,
      name: own ? name : dvName(name),
      defaultValue: own ? defaultValue : dvDefaultValue,
      ...(own
        ? { ...describedBy(id, hint, error), required, placeholder }
        : {
            ...DHIVEHI_INPUT,
            "aria-invalid": dvError ? true : undefined,
            // Its accessible name is ދިވެހި; the description names the field it translates, and the English hint.
            "aria-describedby": [`${id}-label`, hint ? `${id}-hint` : null, dvError ? `${dvId}-error` : null].filter(Boolean).join(" "),
          }),
    };
    if (kind === "formatted") return <FormattedTextArea label={own ? label : `${label} (Dhivehi)`} rows={rows} {...props} />;
    if (kind === "textarea") return <Textarea rows={rows} {...props} />;
    return <Input autoComplete={autoComplete ?? (own ? undefined : "off")} {...props} />;
  };

  const tab = (language: EditorLanguage) => (
    <button
      type="button"
      aria-pressed={shown === language}
      onClick={() => setShown(language)}
      className={cn(
        "rounded-md px-2.5 py-1 text-xs font-medium",
        shown === language ? "bg-background text-foreground shadow-sm" : "text-muted-foreground",
        (language === "en" ? error : dvError) && "text-destructive",
      )}
    >
      {language === "en" ? "English" : <DhivehiName />}
    </button>
  );

  return (
    <div className="grid gap-2">
      {/* A phone: the field's name and the two languages' buttons; from sm up both columns show and these hide. */}
      <div className="flex items-center justify-between gap-2 sm:hidden">
        <span aria-hidden="true" className="text-sm font-medium">
          {label}
          {required ? <span className="text-destructive"> *</span> : null}
        </span>
        <div className="flex gap-1 rounded-lg bg-muted p-1">
          {tab("en")}
          {tab("dv")}
        </div>
      </div>
      <div className={COLUMNS.sm.grid}>
        <FieldShell id={id} labelId={`${id}-label`} label={label} labelClassName="max-sm:sr-only" hint={hint} error={error} required={required} className={cn(shown !== "en" && COLUMNS.sm.hidden)}>
          {control("en")}
        </FieldShell>
        <FieldShell id={dvId} label={<DhivehiName />} labelClassName="max-sm:sr-only" error={dvError} className={cn(shown !== "dv" && COLUMNS.sm.hidden)}>
          {control("dv")}
        </FieldShell>
      </div>
    </div>
  );
}
