import { useEffect, useId, useRef, useState } from "react";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/utils";
import { dvName } from "~/validation/translations";
import { FieldShell, describedBy } from "./form-fields";
import { FormattedTextArea } from "./formatted-text-field";
import { FORMATTING_HINT } from "./formatting";
import { useOnNewValue } from "./use-new-value";

// One translatable field of a service or project (docs/decisions/0077-dhivehi-design.md): English and ދިވެހި side by
// side from the small breakpoint up, and on a phone one at a time behind two buttons (English | ދިވެހި). Both inputs
// are always in the form, so a save posts both languages whichever one shows. The Dhivehi input is right to left,
// in the Thaana font, posted as `dv.<name>`. The admin's own words stay English.

/** The Dhivehi language's name, as the tab and the Dhivehi column call it. */
const DHIVEHI = (
  <span lang="dv" className="font-thaana">
    ދިވެހި
  </span>
);

/** What a Dhivehi control carries: right to left, in Dhivehi, in the Thaana font. */
const DV_ATTRIBUTES = { dir: "rtl", lang: "dv" } as const;

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
  const [shown, setShown] = useState<"en" | "dv">("en");
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

  const control = (language: "en" | "dv") => {
    const own = language === "en";
    const controlId = own ? id : dvId;
    const props = {
      id: controlId,
      name: own ? name : dvName(name),
      defaultValue: own ? defaultValue : dvDefaultValue,
      ...(own
        ? { ...describedBy(id, hint, error), required, placeholder }
        : {
            ...DV_ATTRIBUTES,
            className: "font-thaana",
            "aria-invalid": dvError ? true : undefined,
            // Its accessible name is ދިވެހި; the description names the field it translates, and the English hint.
            "aria-describedby": [`${id}-label`, hint ? `${id}-hint` : null, dvError ? `${dvId}-error` : null].filter(Boolean).join(" "),
          }),
    };
    if (kind === "formatted") return <FormattedTextArea label={own ? label : `${label} (Dhivehi)`} rows={rows} {...props} />;
    if (kind === "textarea") return <Textarea rows={rows} {...props} />;
    return <Input autoComplete={autoComplete ?? (own ? undefined : "off")} {...props} />;
  };

  const tab = (language: "en" | "dv") => (
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
      {language === "en" ? "English" : DHIVEHI}
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
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldShell id={id} labelId={`${id}-label`} label={label} labelClassName="max-sm:sr-only" hint={hint} error={error} required={required} className={cn(shown !== "en" && "max-sm:hidden")}>
          {control("en")}
        </FieldShell>
        <FieldShell id={dvId} label={DHIVEHI} labelClassName="max-sm:sr-only" error={dvError} className={cn(shown !== "dv" && "max-sm:hidden")}>
          {control("dv")}
        </FieldShell>
      </div>
    </div>
  );
}
