import type { SessionUser } from "~/.server/auth/access";
import { MAIL_NOT_CONFIGURED, sendLeadReply } from "~/.server/enquiries/leads";
import { type LeadDetailsInput, saveLeadDetails } from "~/.server/models/lead-details";
import { addLeadNote, recordLeadReply, setLeadStage } from "~/.server/models/lead-events";
import { getLead } from "~/.server/models/leads";
import { AssigneeSchema, FollowUpSchema, LeadDetailsSchema, NoteSchema, ReplySchema, STAGE_LABELS, StageSchema, ValueSchema } from "~/validation/lead";
import { fail } from "./action-helpers";
import type { RecordAction, Wording } from "./record-action";

// The lead intents of the enquiries page (docs/decisions/0017-leads-pipeline.md): the board's stage, the
// lead's details form, a note, a reply by mail and a reply sent from the admin's own email app, as steps of the page's recordAction
// (docs/decisions/0028-one-message-mechanism.md). The route has checked requireAction already.

const FAILED: Record<string, string> = {
  "set-stage": "Failed to change the stage",
  "add-note": "Failed to add the note",
  "save-lead": "Failed to save the lead",
  "set-assignee": "Failed to assign the lead",
  "set-follow-up": "Failed to set the follow-up",
  "set-value": "Failed to save the estimated value",
  "send-reply": "Failed to send the reply",
  "record-reply": "Failed to record the reply",
};

/** A lead intent's failure toast, or null for an intent that is not a lead's. 'Enquiry not found' replaces it. */
export const leadWording = (intent: string): Wording | null => (FAILED[intent] ? { message: FAILED[intent], reason: "instead" } : null);

/** Which field of the lead each lead intent changes (notes and replies join the timeline only; save-lead says). */
const LEAD_FIELDS: Record<string, string[]> = {
  "set-stage": ["stage"],
};

export async function leadAction(act: RecordAction, user: SessionUser) {
  const { intent } = act;
  if (!FAILED[intent]) return act.unknown();
  const id = act.id();
  const author = { id: user.id, name: user.profile?.full_name || user.name || user.email };
  const done = (message: string, more: { detail?: string; pending?: boolean; fields?: string[] } = {}) => {
    const { fields = LEAD_FIELDS[intent] ?? [], ...shown } = more;
    return act.done({ action: `enquiry.${intent}`, entityId: id, fields }, { id, message, ...shown });
  };

  /** Saves the lead's details: what is given, the rest as stored. */
  const save = async (fields: Partial<LeadDetailsInput>) => {
    const lead = await act.run(() => getLead(id));
    const stored = { stage: lead.stage, lost_reason: lead.lost_reason, assignee_id: lead.assignee_id, follow_up_on: lead.follow_up_on, estimated_value: lead.estimated_value };
    return act.run(async () => {
      const outcome = await saveLeadDetails(id, { ...stored, ...fields }, author);
      return outcome.status === "no-lead" ? null : outcome;
    });
  };

  switch (intent) {
    case "set-stage": {
      const { stage, lost_reason } = act.parse(StageSchema);
      await act.run(() => setLeadStage(id, stage, lost_reason, author));
      return done(`Moved to ${STAGE_LABELS[stage]}`);
    }
    case "add-note": {
      const { body } = act.parse(NoteSchema);
      await act.run(() => addLeadNote(id, body, author));
      return done("Note added");
    }
    case "save-lead": {
      const result = await save(act.parse(LeadDetailsSchema));
      if (result.status === "not-admin") return act.refuse(null, 400, { assignee_id: "Choose an admin" });
      return done(result.changed.length > 0 ? "Lead saved" : "Nothing changed", { fields: result.changed });
    }
    // One field at a time (API callers): the others stay as stored, and an unchanged value adds no timeline entry.
    case "set-assignee": {
      const { assignee_id } = act.parse(AssigneeSchema);
      const result = await save({ assignee_id });
      if (result.status === "not-admin") return act.refuse(null, 400, { assignee_id: "Choose an admin" });
      return done(assignee_id ? "Lead assigned" : "Lead unassigned", { fields: result.changed });
    }
    case "set-follow-up": {
      const { follow_up_on } = act.parse(FollowUpSchema);
      const result = await save({ follow_up_on });
      return done(follow_up_on ? "Follow-up set" : "Follow-up cleared", { fields: "changed" in result ? result.changed : [] });
    }
    case "set-value": {
      const { estimated_value } = act.parse(ValueSchema);
      const result = await save({ estimated_value });
      return done("Estimated value saved", { fields: "changed" in result ? result.changed : [] });
    }
    case "send-reply": {
      const reply = act.parse(ReplySchema);
      const target = await act.run(() => getLead(id));
      const outcome = await act.run(() => sendLeadReply(target, author, reply));
      // The mail server's refusal keeps the failure toast with the reason under it (not in its place).
      if (outcome.status === "not-configured") return fail({ intent, message: FAILED[intent], detail: MAIL_NOT_CONFIGURED }, 409);
      // A failed delivery is on the timeline too; 502: the mail server, not the admin, refused it.
      if (outcome.status === "failed") return fail({ intent, message: FAILED[intent], detail: outcome.error }, 502);
      // Still queued when the wait ended: the reply is kept and tried again, so the form clears
      // (docs/decisions/0058-lead-replies-through-the-mail-queue.md).
      if (outcome.status === "queued") {
        const when = outcome.error
          ? `The mail server did not take it yet (${outcome.error}). It is tried again over the next minutes`
          : "It is still in the mail queue and goes out shortly";
        return done(`Reply to ${target.email} is queued`, { detail: `${when}; the timeline shows when it is sent.`, pending: true });
      }
      return done(`Reply sent to ${target.email}`);
    }
    case "record-reply": {
      // No mail server: the admin sends the reply from their own email app, and the lead keeps what was sent
      // (docs/decisions/0071-replies-from-the-admins-own-email-app.md).
      const reply = act.parse(ReplySchema);
      const target = await act.run(() => getLead(id));
      await act.run(() => recordLeadReply(id, author, { to: target.email, subject: reply.subject, body: reply.body, status: "external", error: null }));
      return done("Reply recorded on the timeline");
    }
  }
  return act.unknown();
}
