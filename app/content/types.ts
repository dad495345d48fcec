// Shapes of the public cards. The public list queries (listActiveServices, listPublicProjects)
// return these fields; the built-in sample cards use the same shapes.

export interface ServiceSummary {
  id: string;
  title: string;
  short_description: string | null;
  category: string | null;
  service_type: string | null;
  pricing_model: string | null;
  featured_image_url: string | null;
  /** Where the image is cropped around, in percent; the centre when absent (docs/product.md#focal-point). */
  featured_image_focal_x?: number;
  featured_image_focal_y?: number;
  /** On a Dhivehi page, the fields shown in English for want of a Dhivehi value (docs/decisions/0077-dhivehi-design.md). */
  fallback?: readonly string[];
}

export interface ProjectSummary {
  id: string;
  title: string;
  short_description: string | null;
  category: string | null;
  project_location: string | null;
  completion_percentage: number;
  status: string;
  featured_image_url: string | null;
  /** Where the image is cropped around, in percent; the centre when absent (docs/product.md#focal-point). */
  featured_image_focal_x?: number;
  featured_image_focal_y?: number;
  is_featured: boolean;
  /** On a Dhivehi page, the fields shown in English for want of a Dhivehi value (docs/decisions/0077-dhivehi-design.md). */
  fallback?: readonly string[];
}

/** Names of the icons the fixed content may use (mapped to lucide icons by the site components). */
export type ContentIcon = "shield" | "clock" | "users" | "award" | "leaf" | "handshake" | "eye" | "target";

export interface FeatureCard {
  icon: ContentIcon;
  title: string;
  description: string;
}

export interface Testimonial {
  name: string;
  position: string;
  content: string;
  rating: number;
  initials: string;
}

export interface GalleryImage {
  src: string;
  alt: string;
  title: string;
  category: string;
}

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface NavLink {
  label: string;
  /** The id of the home page section the link scrolls to. */
  sectionId: "home" | "about" | "services" | "projects" | "contact";
}
