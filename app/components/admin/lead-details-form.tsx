import { ArrowRightLeft, CalendarClock, DollarSign, Save, UserRound } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { LEAD_STAGES, LeadDetailsSchema, type LeadStage, STAGE_LABELS } from "~/validation/lead";
import { FieldError } from "./form-fields";
import { LeadForm } from "./lead-form";
import type { LeadDetails } from "./lead-panel";

// A lead's stage, assignee, follow-up date and estimated value: one form, one Save (docs/product.md "Leads"), so
// no field's edit is lost to another field's button; the server adds a timeline entry only for what changed.
// After a save the fields take the stored values (keyed on them).

/** The selects as wide as the inputs beside them. */
const FULL_WIDTH = { wrapperClassName: "w-full", className: "w-full" };

export function LeadDetailsForm({ lead, admins }: { lead: LeadDetails; admins: Array<{ id: string; name: string }> }) {
  const uid = useId();
  const [stage, setStage] = useState<LeadStage>(lead.stage);
  return (
    <LeadForm intent="save-lead" schema={LeadDetailsSchema} id={lead.id} label="Lead details" className="grid gap-4">
      {({ errors, busy }) => (
        <>
          {/* Two columns only where the panel (not the window) is wide enough. */}
          <div className="grid gap-4 @xl:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor={`${uid}-stage`} className="gap-2">
                <ArrowRightLeft aria-hidden="true" className="size-4 text-muted-foreground" />
                Stage
              </Label>
              <NativeSelect id={`${uid}-stage`} name="stage" value={stage} onChange={(e) => setStage(e.target.value as LeadStage)} {...FULL_WIDTH}>
                {LEAD_STAGES.map((s) => (
                  <NativeSelectOption key={s} value={s}>
                    {STAGE_LABELS[s]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
              {stage === "lost" ? (
                <div className="grid gap-1">
                  <Label htmlFor={`${uid}-lost`}>Reason lost</Label>
                  <Input
                    id={`${uid}-lost`}
                    name="lost_reason"
                    defaultValue={lead.lost_reason ?? ""}
                    placeholder="e.g. Went with another builder"
                    aria-invalid={errors.lost_reason ? true : undefined}
                    aria-describedby={errors.lost_reason ? `${uid}-lost-error` : undefined}
                  />
                  <FieldError id={`${uid}-lost-error`} message={errors.lost_reason} />
                </div>
              ) : null}
            </div>

            <div className="grid content-start gap-2">
              <Label htmlFor={`${uid}-assignee`} className="gap-2">
                <UserRound aria-hidden="true" className="size-4 text-muted-foreground" />
                Assignee
              </Label>
              <NativeSelect id={`${uid}-assignee`} name="assignee_id" defaultValue={lead.assignee_id ?? ""} key={lead.assignee_id ?? ""} {...FULL_WIDTH}>
                <NativeSelectOption value="">Nobody</NativeSelectOption>
                {admins.map((a) => (
                  <NativeSelectOption key={a.id} value={a.id}>
                    {a.name}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
              <FieldError message={errors.assignee_id} />
            </div>

            <div className="grid content-start gap-2">
              <Label htmlFor={`${uid}-follow`} className="gap-2">
                <CalendarClock aria-hidden="true" className="size-4 text-muted-foreground" />
                Follow-up date
              </Label>
              <Input
                id={`${uid}-follow`}
                type="date"
                name="follow_up_on"
                defaultValue={lead.follow_up_on ?? ""}
                key={lead.follow_up_on ?? ""}
                aria-invalid={errors.follow_up_on ? true : undefined}
              />
              <FieldError message={errors.follow_up_on} />
            </div>

            <div className="grid content-start gap-2">
              <Label htmlFor={`${uid}-value`} className="gap-2">
                <DollarSign aria-hidden="true" className="size-4 text-muted-foreground" />
                Estimated value (USD)
              </Label>
              <Input
                id={`${uid}-value`}
                name="estimated_value"
                inputMode="decimal"
                defaultValue={lead.estimated_value ?? ""}
                key={String(lead.estimated_value)}
                placeholder="e.g. 45000"
                aria-invalid={errors.estimated_value ? true : undefined}
              />
              <FieldError message={errors.estimated_value} />
            </div>
          </div>
          <div>
            <Button type="submit" variant="secondary" disabled={busy}>
              <Save aria-hidden="true" />
              {busy ? "Saving..." : "Save details"}
            </Button>
          </div>
        </>
      )}
    </LeadForm>
  );
}
