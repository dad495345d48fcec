// Enumerations and limits (docs/product.md#enumerations-and-defaults, docs/product.md#limits), shared by forms, schemas and the server.

export const SERVICE_TYPES = ["construction", "renovation", "consulting", "maintenance", "design"] as const;
export const PRICING_MODELS = ["fixed", "hourly", "project", "consultation"] as const;
export const PROJECT_TYPES = ["residential", "commercial", "industrial", "infrastructure"] as const;
export const PROJECT_STATUSES = [
  "draft",
  "planning",
  "in_progress",
  "review",
  "completed",
  "on_hold",
  "cancelled",
] as const;
export const PROJECT_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const CONTACT_TYPES = ["phone", "email", "address", "hours", "website", "social", "whatsapp", "viber"] as const;
export const SOCIAL_PLATFORMS = ["facebook", "instagram", "linkedin", "twitter"] as const;
export const CATEGORY_TYPES = ["service", "project", "both"] as const;

export type ServiceType = (typeof SERVICE_TYPES)[number];
export type PricingModel = (typeof PRICING_MODELS)[number];
export type ProjectType = (typeof PROJECT_TYPES)[number];
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export type ProjectPriority = (typeof PROJECT_PRIORITIES)[number];
export type ContactType = (typeof CONTACT_TYPES)[number];
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export type CategoryType = (typeof CATEGORY_TYPES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  draft: "Draft",
  planning: "Planning",
  in_progress: "In Progress",
  review: "Under Review",
  completed: "Completed",
  on_hold: "On Hold",
  cancelled: "Cancelled",
};

export const DEFAULTS = {
  sortOrder: 0,
  priority: "medium",
  projectStatus: "draft",
  serviceIsActive: true,
  projectIsPublic: true,
  projectIsFeatured: false,
  completionPercentage: 0,
} as const;

export const PUBLIC_PROJECTS_LIMIT = 6;
/** Projects per page of the portfolio (/projects). */
export const PORTFOLIO_PAGE_SIZE = 12;
export const SKELETON_COUNT = 6;
export const SCROLL_TO_CONTACT_DELAY_MS = 100;
export const FADE_IN_THRESHOLD = 0.1;

export const LOGIN_EMAIL_MAX = 255;
export const LOGIN_PASSWORD_MIN = 6;
export const LOGIN_PASSWORD_MAX = 100;
/** Every new password (invite, reset, change, the admin command): at least the sign-in minimum (docs/decisions/0073-one-password-policy.md). */
export const NEW_PASSWORD_MIN = Math.max(8, LOGIN_PASSWORD_MIN);
export const PASSWORD_TOO_SHORT = `Password must be at least ${NEW_PASSWORD_MIN} characters`;
export const PASSWORD_TOO_LONG = "Password must be less than 100 characters";
export const PASSWORD_TOO_COMMON = "This password is too common. Choose one that is harder to guess.";
/** The hint under a new password field. */
export const NEW_PASSWORD_HINT = `At least ${NEW_PASSWORD_MIN} characters, not a common password.`;

const MB = 1024 * 1024;
/** Upload limits (docs/product.md#limits): default 5 MB; avatars and logos 2 MB; hero background 10 MB. */
export const UPLOAD_LIMITS_MB = { default: 5, avatar: 2, logo: 2, hero: 10 } as const;
export const uploadLimitBytes = (mb: number) => mb * MB;
export const MAX_FILES_SINGLE = 1;
export const MAX_FILES_MULTIPLE = 10;

export const UPLOAD_BUCKETS = ["service-images", "project-images", "site-assets"] as const;
export const UPLOAD_FOLDERS = ["featured", "gallery", "avatars", "logos", "hero-backgrounds"] as const;
export type UploadBucket = (typeof UPLOAD_BUCKETS)[number];
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

/** The size limit for a folder, in MB. */
export function uploadLimitFor(folder: UploadFolder): number {
  if (folder === "avatars") return UPLOAD_LIMITS_MB.avatar;
  if (folder === "logos") return UPLOAD_LIMITS_MB.logo;
  if (folder === "hero-backgrounds") return UPLOAD_LIMITS_MB.hero;
  return UPLOAD_LIMITS_MB.default;
}

/** Longest text we accept in any single-line field, and in any multi-line field. */
export const TEXT_MAX = 300;
export const LONG_TEXT_MAX = 20_000;
export const URL_MAX = 2048;
/** An image's focal point when none was chosen: its centre, in percent (docs/product.md#focal-point). */
export const FOCAL_CENTRE = 50;

/** Hidden fields of the contact form: a honeypot a person never fills, and a signed render time. */
export const HONEYPOT_FIELD = "website";
export const FORM_TOKEN_FIELD = "form_token";

// Files sent with the contact form (docs/decisions/0018-enquiry-attachments.md).
export const ATTACHMENT_FIELD = "attachments";
export const ATTACHMENT_MAX_FILES = 5;
export const MAX_ATTACHMENT_MB = 10;
export const MAX_ATTACHMENTS_TOTAL_MB = 25;
export const MAX_ATTACHMENT_BYTES = MAX_ATTACHMENT_MB * 1024 * 1024;
export const MAX_ATTACHMENTS_TOTAL_BYTES = MAX_ATTACHMENTS_TOTAL_MB * 1024 * 1024;
export const ATTACHMENT_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif,application/pdf";
export const ATTACHMENTS_TOO_MANY = `You can attach up to ${ATTACHMENT_MAX_FILES} files`;
export const ATTACHMENTS_TOO_LARGE = `Attachments must be less than ${MAX_ATTACHMENTS_TOTAL_MB}MB in all`;
export const ATTACHMENT_UNSUPPORTED = "Attachments must be images (JPEG, PNG, WebP, GIF, AVIF) or PDF files";
export const attachmentTooLarge = (name: string) => `${name.slice(0, 80)}: each file must be less than ${MAX_ATTACHMENT_MB}MB`;
