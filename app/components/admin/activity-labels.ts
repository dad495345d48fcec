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
  "contact-detail.create": "Added a contact detail",
  "contact-detail.update": "Updated a contact detail",
  "contact-detail.delete": "Deleted a contact detail",
  "setting.update": "Changed a setting",
  "profile.update": "Updated their profile",
  "enquiry.set-status": "Changed an enquiry's status",
  "enquiry.delete": "Deleted an enquiry",
  "upload.create": "Uploaded a file",
  "sign-in.success": "Signed in",
  "sign-in.failure": "Sign-in failed",
  "sign-in.rate-limited": "Sign-in blocked: too many attempts",
  "sign-in.refused": "Sign-in refused: not an admin",
  "sign-out": "Signed out",
};

export const activityLabel = (action: string) => LABELS[action] ?? action;

export const KIND_LABELS = { content: "Content", security: "Security" } as const;
