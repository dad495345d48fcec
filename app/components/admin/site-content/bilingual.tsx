import { createContext, useContext } from "react";
import { cn } from "~/lib/utils";

// English and Dhivehi side by side in the Site Content editor (docs/decisions/0092-site-content-in-two-languages.md):
// two columns on a wide screen; on a phone one language at a time, picked with the tabs at the top of the section
// (English | ދިވެހި). The admin's own words stay English; only the Dhivehi inputs are right to left, in Thaana.

export type EditorLanguage = "en" | "dv";

/** The language a phone shows; wider screens show both. */
export const PhoneLanguage = createContext<EditorLanguage>("en");

/** What a Dhivehi input carries: right to left, in Dhivehi, in the Thaana font. */
export const DHIVEHI_INPUT = { dir: "rtl", lang: "dv", className: "font-thaana" } as const;

/** One text in both languages: English first (left), Dhivehi beside it. */
export function BilingualRow({ english, dhivehi }: { english: React.ReactNode; dhivehi: React.ReactNode }) {
  const phone = useContext(PhoneLanguage);
  return (
    <div className="grid gap-5 md:grid-cols-2 md:gap-4" data-bilingual>
      <div className={cn("min-w-0", phone === "dv" && "max-md:hidden")}>{english}</div>
      <div className={cn("min-w-0", phone === "en" && "max-md:hidden")}>{dhivehi}</div>
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
      {tab(
        "dv",
        <span lang="dv" className="font-thaana">
          ދިވެހި
        </span>,
      )}
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

/** "Dhivehi: 9 of 12": how many of the section's texts have a Dhivehi value. */
export function DhivehiProgress({ translated, total }: { translated: number; total: number }) {
  const done = translated >= total;
  return (
    <span className={cn("rounded-md px-2 py-0.5 text-xs font-medium", done ? "bg-emerald-50 text-emerald-800" : "bg-amber-50 text-amber-900")}>
      Dhivehi: {translated} of {total}
    </span>
  );
}
