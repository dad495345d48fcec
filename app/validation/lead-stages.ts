// The stages of a lead (docs/decisions/0017-leads-pipeline.md), apart from the lead forms' schemas: the dashboard
// shows them without loading zod in the browser (docs/performance.md#admin).

export const LEAD_STAGES = ["new", "contacted", "quoted", "won", "lost"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export const STAGE_LABELS: Record<LeadStage, string> = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quote sent",
  won: "Won",
  lost: "Lost",
};
