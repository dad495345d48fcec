import type { SessionUser } from "~/.server/auth/access";
import { MAIL_NOT_CONFIGURED, sendLeadReply } from "~/.server/enquiries/leads";
import { addLeadNote, getLead, setLeadAssignee, setLeadFollowUp, setLeadStage, setLeadValue } from "~/.server/models/leads";
import { AssigneeSchema, FollowUpSchema, NoteSchema, ReplySchema, STAGE_LABELS, StageSchema, ValueSchema } from "~/validation/lead";
import { attempt, fail, ok, parseForm } from "./action-helpers";

// The lead intents of the enquiries page (docs/decisions/0017-leads-pipeline.md): stage, note,
// assignee, follow-up, value and reply. The route has checked requireAdmin and the id already.

const FAILED: Record<string, string> = {
  "set-stage": "Failed to change the stage",
  "add-note": "Failed to add the note",
  "set-assignee": "Failed to assign the lead",
  "set-follow-up": "Failed to set the follow-up",
  "set-value": "Failed to save the estimated value",
  "send-reply": "Failed to send the reply",
};

const NOT_FOUND = "Enquiry not found";

export async function leadAction(intent: string, id: string, form: FormData, user: SessionUser) {
  const failure = FAILED[intent];
  if (!failure) return fail({ intent, message: "Unknown action" });
  const author = { id: user.id, name: user.profile?.full_name || user.name || user.email };
  const run = async (step: () => Promise<boolean>, message: string) => {
    const result = await attempt({ intent, id }, step);
    if (!result.ok) return fail({ intent, message: failure }, 500);
    if (!result.value) return fail({ intent, message: NOT_FOUND }, 404);
    return ok({ intent, id, message });
  };

  switch (intent) {
    case "set-stage": {
      const parsed = parseForm(StageSchema, form);
      if (!parsed.success) return fail({ intent, message: failure, fieldErrors: parsed.fieldErrors });
      const { stage, lost_reason } = parsed.data;
      return run(() => setLeadStage(id, stage, lost_reason, author), `Moved to ${STAGE_LABELS[stage]}`);
    }
    case "add-note": {
      const parsed = parseForm(NoteSchema, form);
      if (!parsed.success) return fail({ intent, message: failure, fieldErrors: parsed.fieldErrors });
      return run(() => addLeadNote(id, parsed.data.body, author), "Note added");
    }
    case "set-assignee": {
      const parsed = parseForm(AssigneeSchema, form);
      if (!parsed.success) return fail({ intent, message: failure, fieldErrors: parsed.fieldErrors });
      const result = await attempt({ intent, id }, () => setLeadAssignee(id, parsed.data.assignee_id, author));
      if (!result.ok) return fail({ intent, message: failure }, 500);
      if (result.value === "no-lead") return fail({ intent, message: NOT_FOUND }, 404);
      if (result.value === "not-admin") return fail({ intent, message: failure, fieldErrors: { assignee_id: "Choose an admin" } });
      return ok({ intent, id, message: parsed.data.assignee_id ? "Lead assigned" : "Lead unassigned" });
    }
    case "set-follow-up": {
      const parsed = parseForm(FollowUpSchema, form);
      if (!parsed.success) return fail({ intent, message: failure, fieldErrors: parsed.fieldErrors });
      return run(() => setLeadFollowUp(id, parsed.data.follow_up_on, author), parsed.data.follow_up_on ? "Follow-up set" : "Follow-up cleared");
    }
    case "set-value": {
      const parsed = parseForm(ValueSchema, form);
      if (!parsed.success) return fail({ intent, message: failure, fieldErrors: parsed.fieldErrors });
      return run(() => setLeadValue(id, parsed.data.estimated_value, author), "Estimated value saved");
    }
    case "send-reply": {
      const parsed = parseForm(ReplySchema, form);
      if (!parsed.success) return fail({ intent, message: failure, fieldErrors: parsed.fieldErrors });
      const lead = await attempt({ intent, id }, () => getLead(id));
      if (!lead.ok) return fail({ intent, message: failure }, 500);
      if (!lead.value) return fail({ intent, message: NOT_FOUND }, 404);
      const target = lead.value;
      const outcome = await attempt({ intent, id }, () => sendLeadReply(target, author, parsed.data));
      if (!outcome.ok) return fail({ intent, message: failure }, 500);
      if (outcome.value.status === "not-configured") return fail({ intent, message: failure, detail: MAIL_NOT_CONFIGURED }, 409);
      // A failed delivery is on the timeline too; 502: the mail server, not the admin, refused it.
      if (outcome.value.status === "failed") return fail({ intent, message: failure, detail: outcome.value.error }, 502);
      return ok({ intent, id, message: `Reply sent to ${target.email}` });
    }
  }
  return fail({ intent, message: "Unknown action" });
}
