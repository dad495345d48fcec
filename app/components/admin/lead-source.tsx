import { FileText } from "lucide-react";
import { formatBudget } from "~/lib/format";
import type { Lead } from "~/lib/lead-records";
import { Section } from "./lead-form";

// Where a lead came from (docs/product.md#insight): the page its form was sent from, the page its visit began on,
// the referring site and campaign, and its estimated value.

/** The page a visit began on (docs/product.md#insight): its kind, and its path where that says more. */
function landingLabel(page: string | null): string {
  if (page === null) return "Not known";
  const label = sourceLabel(page);
  return label === page || page === "/" ? label : `${label} (${page})`;
}

export function sourceLabel(page: string | null): string {
  if (!page || page === "/") return "Home page";
  if (page.startsWith("/service/")) return "A service page";
  if (page.startsWith("/project/")) return "A project page";
  return page;
}

type SourceFields = Pick<Lead, "source_page" | "landing_page" | "referrer" | "utm_campaign" | "utm_source" | "utm_medium" | "estimated_value">;

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
