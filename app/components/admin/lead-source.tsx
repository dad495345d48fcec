import { FileText } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { englishPath, type Language } from "~/i18n/language";
import { formatBudget } from "~/lib/format";
import type { Lead } from "~/lib/lead-records";
import { cn } from "~/lib/utils";
import { Section } from "./lead-form";

// Where a lead came from (docs/product.md#insight): the page its form was sent from and its language, the page its
// visit began on, the referring site and campaign, and its estimated value.

/** The page a visit began on (docs/product.md#insight): its kind, and its path where that says more. */
function landingLabel(page: string | null): string {
  if (page === null) return "Not known";
  const label = sourceLabel(page);
  return label === page || page === "/" ? label : `${label} (${page})`;
}

/** The kind of a page of either language: a Dhivehi page (/dv/service/x) is of the kind of its English one. */
export function sourceLabel(page: string | null): string {
  const path = page ? englishPath(page) : null;
  if (!path || path === "/") return "Home page";
  if (path.startsWith("/service/")) return "A service page";
  if (path.startsWith("/project/")) return "A project page";
  return page ?? path;
}

/**
 * The language the visitor wrote from (docs/decisions/0077-dhivehi-design.md, Enquiries): Dhivehi in its own script and
 * in English, so staff who do not read Thaana still know it.
 */
export function LanguageBadge({ language, className }: { language: Language; className?: string }) {
  if (language === "en") {
    return (
      <Badge variant="outline" className={className}>
        English
      </Badge>
    );
  }
  return (
    <Badge variant="secondary" className={cn("gap-1.5", className)}>
      {/* Thaana letters sit small beside Latin ones at the same size: a step up keeps them legible. */}
      <span lang="dv" dir="rtl" className="font-thaana text-sm leading-none">
        ދިވެހި
      </span>
      <span>Dhivehi</span>
    </Badge>
  );
}

type SourceFields = Pick<Lead, "source_page" | "landing_page" | "referrer" | "utm_campaign" | "utm_source" | "utm_medium" | "estimated_value" | "language">;

export function LeadSource({ lead }: { lead: SourceFields }) {
  return (
    <Section title="Source" icon={FileText}>
      <dl className="grid gap-2 text-sm @xl:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Sent from</dt>
          <dd>
            {lead.source_page && lead.source_page !== "/" ? (
              <a className="font-medium text-primary underline-offset-4 hover:underline" href={lead.source_page} target="_blank" rel="noreferrer">
                {sourceLabel(lead.source_page)} ({lead.source_page})
              </a>
            ) : (
              sourceLabel(lead.source_page)
            )}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Language</dt>
          <dd>
            <LanguageBadge language={lead.language} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Landing page</dt>
          <dd>{landingLabel(lead.landing_page)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Referring site</dt>
          <dd>{lead.referrer ?? "Direct or unknown"}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Campaign (UTM)</dt>
          <dd>{[lead.utm_campaign, lead.utm_source, lead.utm_medium].filter(Boolean).join(" · ") || "None"}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Estimated value</dt>
          <dd>{lead.estimated_value === null ? "Not set" : formatBudget(lead.estimated_value)}</dd>
        </div>
      </dl>
    </Section>
  );
}
