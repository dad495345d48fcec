import type { ContactType } from "~/validation/constants";

// The records the admin panel edits, as plain data: what the models (app/.server/models) return and the admin
// components show. They live here, outside app/.server, so a component can name them without importing
// server code (app/components/README.md).

export interface Service {
  id: string;
  title: string;
  description: string | null;
  short_description: string | null;
  category: string | null;
  overview: string | null;
  featured_image_url: string | null;
  /** The featured image's focal point in percent (docs/product.md#focal-point). */
  featured_image_focal_x: number;
  featured_image_focal_y: number;
  gallery: string[];
  features: string[];
  icon: string | null;
  service_type: string | null;
  pricing_model: string | null;
  duration_estimate: string | null;
  prerequisites: string | null;
  warranty: string | null;
  availability: string | null;
  target_audience: string | null;
  benefits: string[];
  is_active: boolean;
  /** When visitors start and stop seeing it (ISO, UTC), if set (docs/decisions/0087-show-from-and-hide-from.md). */
  show_from: string | null;
  hide_from: string | null;
  sort_order: number;
  created_by: string | null;
  created_at: string;
}

export interface Project {
  id: string;
  title: string;
  description: string | null;
  short_description: string | null;
  featured_image_url: string | null;
  /** The featured image's focal point in percent (docs/product.md#focal-point). */
  featured_image_focal_x: number;
  featured_image_focal_y: number;
  gallery_images: string[];
  status: string;
  category: string | null;
  client_name: string | null;
  client_email: string | null;
  client_phone: string | null;
  project_location: string | null;
  project_type: string | null;
  budget: number | null;
  start_date: string | null;
  end_date: string | null;
  duration_months: number | null;
  completion_percentage: number;
  priority: string;
  materials_used: string[];
  challenges: string | null;
  solutions: string | null;
  testimonial: string | null;
  tags: string[];
  team_members: string[];
  technologies_used: string[];
  is_featured: boolean;
  is_public: boolean;
  /** When visitors start and stop seeing it (ISO, UTC), if set (docs/decisions/0087-show-from-and-hide-from.md). */
  show_from: string | null;
  hide_from: string | null;
  created_by: string | null;
  created_at: string;
}

export interface ContactDetail {
  id: string;
  type: ContactType;
  label: string | null;
  value: string;
  icon: string | null;
  is_primary: boolean;
  is_public: boolean;
  display_order: number;
}
