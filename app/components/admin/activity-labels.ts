import { PROJECT_VERSION_FIELDS, SERVICE_VERSION_FIELDS } from "./version-fields";

// How the Activity page and its CSV name what happened: one sentence-case label per recorded action.
// An action without a label here (one added later) is shown as it was recorded.

const LABELS: Record<string, string> = {
  "service.create": "Created a service",
  "service.update": "Updated a service",
  "service.activate": "Activated a service",
  "service.deactivate": "Deactivated a service",
  "service.delete": "Moved a service to the Trash",
  "service.restore": "Restored a service from the Trash",
  "service.delete-forever": "Deleted a service forever",
  "service.restore-version": "Restored an earlier version of a service",
  "project.create": "Created a project",
  "project.update": "Updated a project",
  "project.set-flags": "Changed a project's visibility",
  "project.delete": "Moved a project to the Trash",
  "project.restore": "Restored a project from the Trash",
  "project.delete-forever": "Deleted a project forever",
  "project.restore-version": "Restored an earlier version of a project",
  "category.create": "Created a category",
  "category.name-dv": "Named a category in Dhivehi",
  "contact-detail.create": "Added a contact detail",
  "contact-detail.update": "Updated a contact detail",
  "contact-detail.delete": "Deleted a contact detail",
  "contact-detail.move": "Moved a contact detail",
  "setting.update": "Changed a setting",
  "profile.update": "Updated their profile",
  "enquiry.set-status": "Changed an enquiry's status",
  "enquiry.delete": "Deleted an enquiry",
  "enquiry.set-stage": "Moved a lead to another stage",
  "enquiry.add-note": "Added a note to a lead",
  "enquiry.set-assignee": "Assigned a lead",
  "enquiry.set-follow-up": "Set a lead's follow-up date",
  "enquiry.set-value": "Set a lead's estimated value",
  "enquiry.send-reply": "Replied to a lead",
  "enquiry.save-lead": "Saved a lead's details",
  "enquiry.record-reply": "Recorded a reply sent from their own email app",
  "reply-template.create": "Created a reply template",
  "reply-template.update": "Updated a reply template",
  "reply-template.delete": "Deleted a reply template",
  "upload.create": "Uploaded a file",
  "upload.alt": "Changed the alt text of a file",
  "upload.delete": "Deleted a file from Media",
  "upload.replace": "Replaced a file in Media",
  "site-content.save": "Saved a draft of site content",
  "site-content.publish": "Published site content",
  "site-content.discard": "Discarded a draft of site content",
  "site-content.restore": "Restored an earlier version of site content as a draft",
  "site-content.schedule": "Scheduled a publish of site content",
  "site-content.cancel-schedule": "Cancelled a scheduled publish of site content",
  "site-content.publish-scheduled": "Published site content as scheduled",
  "sign-in.success": "Signed in",
  "sign-in.failure": "Sign-in failed",
  "sign-in.rate-limited": "Sign-in blocked: too many attempts",
  "sign-in.refused": "Sign-in refused: not an admin",
  "sign-out": "Signed out",
  "sign-in.second-step-success": "Signed in with a second factor",
  "sign-in.second-step-failure": "Second sign-in step failed",
  "password.change": "Changed their password",
  "password.reset-requested": "Asked for a password reset link",
  "password.reset": "Reset a password with an emailed link",
  "session.sign-out-others": "Signed out their other sessions",
  "two-factor.setup-start": "Started setting up two-factor",
  "two-factor.enable": "Turned on two-factor",
  "two-factor.disable": "Turned off two-factor",
  "two-factor.regenerate-backup-codes": "Created new backup codes",
  "team.invite": "Invited a team member",
  "team.set-role": "Changed a team member's role",
  "team.resend-invite": "Sent an invitation again",
  "team.revoke-invite": "Revoked an invitation",
  "team.remove-access": "Removed a team member's access",
  "team.invite-accepted": "Accepted an invitation",
};

export const activityLabel = (action: string) => LABELS[action] ?? action;

export const KIND_LABELS = { content: "Content", security: "Security" } as const;

/** Fields as the forms label them (docs/decisions/0075-activity-names-and-labels.md); services and projects as their History pages do. */
const FIELD_LABELS: Record<string, Record<string, string>> = {
  service: Object.fromEntries(SERVICE_VERSION_FIELDS.map((f) => [f.key, f.label])),
  project: Object.fromEntries(PROJECT_VERSION_FIELDS.map((f) => [f.key, f.label])),
  enquiry: { status: "Status", stage: "Stage", assignee_id: "Assignee", follow_up_on: "Follow-up date", estimated_value: "Estimated value", lost_reason: "Reason lost" },
  "contact-detail": { type: "Type", platform: "Social platform", icon: "Icon", label: "Label", value: "Value", is_primary: "Primary", is_public: "Public", display_order: "Order" },
  "reply-template": { name: "Name", subject: "Subject", body: "Message", subject_dv: "Dhivehi subject", body_dv: "Dhivehi message" },
  profile: { full_name: "Full name", avatar_url: "Avatar" },
  category: { name: "Name", name_dv: "Dhivehi name", type: "Type" },
  setting: {
    show_sample_content: "Show sample content",
    require_two_factor_owner: "Require two-factor for Owners",
    require_two_factor_editor: "Require two-factor for Editors",
    require_two_factor_sales: "Require two-factor for Sales",
    sales_own_leads_only: "Sales see only their own leads",
    header_logo_type: "Header logo type",
    header_logo_text: "Header Logo Text",
    header_logo_image_url: "Header Logo Image URL",
    footer_logo_type: "Footer logo type",
    footer_logo_text: "Footer Logo Text",
    footer_logo_image_url: "Footer Logo Image URL",
    hero_background_type: "Background Type",
    hero_background_url: "Background Image or Video URL",
  },
};

/** A changed field as its form names it; one without a label reads as words ("follow_up_on" would read "Follow up on"). */
export function fieldLabel(entity: string | null, field: string): string {
  const label = FIELD_LABELS[entity ?? ""]?.[field];
  if (label) return label;
  const words = field.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
