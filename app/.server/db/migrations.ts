import { type Kysely, type Migration, type MigrationProvider, sql } from "kysely";
import type { Engine } from "./connection";

// Migrations live in code (not files read at run time) so they ship inside the server build.
// Each one is written once for both engines; the few column types that differ are chosen here.
// Never edit a migration that has shipped: add the next one.
function types(engine: Engine) {
  return {
    timestamp: engine === "postgres" ? sql`timestamptz` : sql`text`,
    now: engine === "postgres" ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    decimal: sql`numeric(14, 2)`,
  };
}

function m0001(engine: Engine): Migration {
  const t = types(engine);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("profiles")
        .addColumn("id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("full_name", "text")
        .addColumn("email", "text")
        .addColumn("avatar_url", "text")
        .addColumn("role", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();

      await db.schema
        .createTable("categories")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("description", "text")
        .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('service', 'project', 'both')`))
        .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
        .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();

      await db.schema
        .createTable("services")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("description", "text")
        .addColumn("short_description", "text")
        .addColumn("category", "text")
        .addColumn("overview", "text")
        .addColumn("featured_image_url", "text")
        .addColumn("gallery", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("features", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("icon", "text")
        .addColumn("service_type", "text")
        .addColumn("pricing_model", "text")
        .addColumn("duration_estimate", "text")
        .addColumn("prerequisites", "text")
        .addColumn("warranty", "text")
        .addColumn("availability", "text")
        .addColumn("target_audience", "text")
        .addColumn("benefits", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
        .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();
      await db.schema.createIndex("services_active_sort").on("services").columns(["is_active", "sort_order"]).execute();

      await db.schema
        .createTable("projects")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("description", "text")
        .addColumn("short_description", "text")
        .addColumn("featured_image_url", "text")
        .addColumn("gallery_images", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
        .addColumn("category", "text")
        .addColumn("client_name", "text")
        .addColumn("client_email", "text")
        .addColumn("client_phone", "text")
        .addColumn("project_location", "text")
        .addColumn("project_type", "text")
        .addColumn("budget", t.decimal)
        .addColumn("start_date", "text")
        .addColumn("end_date", "text")
        .addColumn("duration_months", "integer")
        .addColumn("completion_percentage", "integer", (c) =>
          c.notNull().defaultTo(0).check(sql`completion_percentage between 0 and 100`),
        )
        .addColumn("priority", "text", (c) => c.notNull().defaultTo("medium"))
        .addColumn("materials_used", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("challenges", "text")
        .addColumn("solutions", "text")
        .addColumn("testimonial", "text")
        .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("team_members", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("technologies_used", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("is_featured", "boolean", (c) => c.notNull().defaultTo(false))
        .addColumn("is_public", "boolean", (c) => c.notNull().defaultTo(true))
        .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();
      await db.schema
        .createIndex("projects_public_listing")
        .on("projects")
        .columns(["is_public", "is_featured", "created_at"])
        .execute();

      await db.schema
        .createTable("contact_details")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("label", "text")
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("icon", "text")
        .addColumn("is_primary", "boolean", (c) => c.notNull().defaultTo(false))
        .addColumn("is_public", "boolean", (c) => c.notNull().defaultTo(true))
        .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();

      await db.schema
        .createTable("site_settings")
        .addColumn("setting_key", "text", (c) => c.primaryKey())
        .addColumn("setting_value", "text")
        .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();

      // Fixed-window counters (sign-in and enquiry limits) shared by every instance through the database.
      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("hits", "integer", (c) => c.notNull())
        .addColumn("reset_at", "bigint", (c) => c.notNull())
        .execute();
    },
  };
}

/** Enquiries from the contact form (docs/product.md#enquiries). */
function m0002(engine: Engine): Migration {
  const t = types(engine);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("enquiries")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("phone", "text")
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("source_page", "text")
        .addColumn("status", "text", (c) =>
          c.notNull().defaultTo("new").check(sql`status in ('new', 'read', 'archived', 'spam')`),
        )
        .addColumn("spam_reason", "text")
        .addColumn("ip", "text")
        .addColumn("user_agent", "text")
        .addColumn("email_status", "text", (c) =>
          c.notNull().defaultTo("skipped").check(sql`email_status in ('pending', 'sending', 'sent', 'failed', 'skipped')`),
        )
        .addColumn("email_attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("email_error", "text")
        .addColumn("email_next_attempt_at", "bigint")
        .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();
      await db.schema.createIndex("enquiries_status_created").on("enquiries").columns(["status", "created_at"]).execute();
      await db.schema.createIndex("enquiries_email_queue").on("enquiries").columns(["email_status", "email_next_attempt_at"]).execute();
    },
  };
}

/** Counters shared by every instance, e.g. the public content version that clears caches (docs/decisions/0006-rendered-page-cache.md, docs/deploy.md#several-machines). */
function m0003(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("site_counters")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("value", "bigint", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.insertInto("site_counters").values({ name: "content_version", value: 1 }).execute();
    },
  };
}

/** Versions and the 30-day Trash of services and projects (docs/decisions/0013-versions-and-trash.md). */
function m0006Revisions(engine: Engine): Migration {
  const t = types(engine);
  return {
    async up(db: Kysely<any>) {
      for (const [table, versions] of [
        ["services", "service_versions"],
        ["projects", "project_versions"],
      ] as const) {
        await db.schema.alterTable(table).addColumn("deleted_at", t.timestamp).execute();
        await db.schema.alterTable(table).addColumn("deleted_by", "text").execute();
        await db.schema
          .createTable(versions)
          .addColumn("id", "text", (c) => c.primaryKey())
          // Versions go with their record when it is deleted forever or purged from the Trash.
          .addColumn("record_id", "text", (c) => c.notNull().references(`${table}.id`).onDelete("cascade"))
          .addColumn("version", "integer", (c) => c.notNull())
          .addColumn("action", "text", (c) => c.notNull())
          .addColumn("snapshot", "text", (c) => c.notNull())
          .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
          .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
          .execute();
        await db.schema.createIndex(`${versions}_record`).on(versions).columns(["record_id", "version"]).unique().execute();
      }
    },
  };
}

/** The activity log: who changed what, and every sign-in event (docs/decisions/0016-activity-log.md). */
function m0008Activity(engine: Engine): Migration {
  const t = types(engine);
  return {
    async up(db: Kysely<any>) {
      // No foreign key to user: an entry outlives the account it names (the email is kept beside the id).
      await db.schema
        .createTable("activity_log")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn("actor_id", "text")
        .addColumn("actor_email", "text")
        .addColumn("ip", "text")
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('content', 'security')`))
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("entity", "text")
        .addColumn("entity_id", "text")
        .addColumn("fields", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("detail", "text")
        .execute();
      await db.schema.createIndex("activity_log_created").on("activity_log").columns(["created_at"]).execute();
      await db.schema.createIndex("activity_log_actor_created").on("activity_log").columns(["actor_id", "created_at"]).execute();
      await db.schema.createIndex("activity_log_kind_created").on("activity_log").columns(["kind", "created_at"]).execute();
    },
  };
}

/** Staff accounts (docs/product.md#staff-accounts): invites, the outgoing-mail queue, known browsers, last sign-in. */
function m0007_staff(engine: Engine): Migration {
  const t = types(engine);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("invites")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("invited_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("accepted_at", t.timestamp)
        .addColumn("revoked_at", t.timestamp)
        .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();
      await db.schema
        .createTable("mail_outbox")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("to_address", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("text_body", "text", (c) => c.notNull())
        .addColumn("html_body", "text")
        .addColumn("reply_to", "text")
        .addColumn("status", "text", (c) =>
          c.notNull().defaultTo("pending").check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
        )
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("error", "text")
        .addColumn("next_attempt_at", "bigint")
        .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn("sent_at", t.timestamp)
        .execute();
      await db.schema.createIndex("mail_outbox_due").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();
      await db.schema
        .createTable("known_browsers")
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("fingerprint", "text", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addPrimaryKeyConstraint("known_browsers_pk", ["user_id", "fingerprint"])
        .execute();
      await db.schema.alterTable("profiles").addColumn("last_sign_in_at", t.timestamp).execute();
    },
  };
}

/**
 * The site editor (docs/decisions/0011-site-content-drafts.md): one row per home page section with its
 * published content and draft (JSON text), and a version per publish (the last 50 per section are kept).
 */
function m0005SiteContent(engine: Engine): Migration {
  const t = types(engine);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("site_content")
        .addColumn("section", "text", (c) => c.primaryKey())
        .addColumn("published", "text")
        .addColumn("draft", "text")
        .addColumn("revision", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("draft_updated_at", t.timestamp)
        .addColumn("draft_updated_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("published_at", t.timestamp)
        .addColumn("published_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .execute();
      await db.schema
        .createTable("site_content_versions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("section", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();
      await db.schema.createIndex("site_content_versions_section").on("site_content_versions").columns(["section", "version"]).unique().execute();
    },
  };
}

/** Leads (docs/product.md#leads; docs/decisions/0017-leads-pipeline.md): stages, a timeline, replies, private attachments. */
function m0009Leads(engine: Engine): Migration {
  const t = types(engine);
  return {
    async up(db: Kysely<any>) {
      // status keeps its folders (new = unread and read are both the open pipeline; archived; spam); the stage is new.
      await db.schema
        .alterTable("enquiries")
        .addColumn("stage", "text", (c) => c.notNull().defaultTo("new").check(sql`stage in ('new', 'contacted', 'quoted', 'won', 'lost')`))
        .execute();
      for (const [name, type] of [
        ["lost_reason", "text"],
        ["follow_up_on", "text"],
        ["referrer", "text"],
        ["utm_source", "text"],
        ["utm_medium", "text"],
        ["utm_campaign", "text"],
      ] as const) {
        await db.schema.alterTable("enquiries").addColumn(name, type).execute();
      }
      await db.schema.alterTable("enquiries").addColumn("estimated_value", t.decimal).execute();
      await db.schema
        .alterTable("enquiries")
        .addColumn("assignee_id", "text", (c) => c.references("user.id").onDelete("set null"))
        .execute();
      // When a lead first reached each step: the dashboard's funnel counts leads, not their current stage.
      for (const name of ["contacted_at", "quoted_at", "won_at", "stage_changed_at"]) {
        await db.schema.alterTable("enquiries").addColumn(name, t.timestamp).execute();
      }
      await db.schema.createIndex("enquiries_stage").on("enquiries").columns(["stage", "created_at"]).execute();
      await db.schema.createIndex("enquiries_follow_up").on("enquiries").columns(["follow_up_on"]).execute();

      await db.schema
        .createTable("enquiry_events")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("enquiry_id", "text", (c) => c.notNull().references("enquiries.id").onDelete("cascade"))
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('note', 'stage', 'email', 'assignee', 'follow_up', 'value')`))
        .addColumn("author_id", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("author_name", "text")
        .addColumn("body", "text")
        .addColumn("from_stage", "text")
        .addColumn("to_stage", "text")
        .addColumn("email_to", "text")
        .addColumn("email_subject", "text")
        .addColumn("email_status", "text")
        .addColumn("email_error", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();
      await db.schema.createIndex("enquiry_events_enquiry").on("enquiry_events").columns(["enquiry_id", "created_at"]).execute();

      await db.schema
        .createTable("reply_templates")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();
      const now = new Date().toISOString();
      await db
        .insertInto("reply_templates")
        .values([
          {
            id: "tpl-call-tomorrow",
            name: "Thanks, we will call you tomorrow",
            subject: "Re: {project_type}",
            body: "Dear {name},\n\nThank you for your enquiry about {project_type}. We will call you tomorrow to talk it through.\n\nKind regards,\n{company}",
            created_at: now,
            updated_at: now,
          },
          {
            id: "tpl-site-visit",
            name: "Site visit",
            subject: "Re: {project_type}: a site visit",
            body: "Dear {name},\n\nThank you for getting in touch. To prepare an accurate quote we would like to visit the site. Which days suit you this week?\n\nKind regards,\n{company}",
            created_at: now,
            updated_at: now,
          },
        ])
        .execute();

      await db.schema
        .createTable("enquiry_attachments")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("enquiry_id", "text", (c) => c.notNull().references("enquiries.id").onDelete("cascade"))
        .addColumn("storage_key", "text", (c) => c.notNull())
        .addColumn("file_name", "text", (c) => c.notNull())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();
      await db.schema.createIndex("enquiry_attachments_enquiry").on("enquiry_attachments").columns(["enquiry_id"]).execute();
    },
  };
}

/** Cookie-free visitor statistics and enquiry conversion (docs/product.md#insight, docs/decisions/0023-insight-counted-on-the-server.md). */
function m0011Insight(): Migration {
  return {
    async up(db: Kysely<any>) {
      // One random salt per site-time-zone day, shared by every instance and deleted once its day is over.
      await db.schema
        .createTable("insight_salts")
        .addColumn("day", "text", (c) => c.primaryKey())
        .addColumn("salt", "text", (c) => c.notNull())
        .execute();
      // One row per visitor per day: a hash that nobody can recompute once the salt is gone, the first page
      // of the day and where the visitor came from. No IP address, no user agent.
      await db.schema
        .createTable("insight_visitors")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("visitor", "text", (c) => c.notNull())
        .addColumn("landing_path", "text", (c) => c.notNull())
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("utm_medium", "text")
        .addColumn("utm_campaign", "text")
        .addColumn("device", "text", (c) => c.notNull())
        .addColumn("browser", "text", (c) => c.notNull())
        .addColumn("pageviews", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("insight_visitors_pk", ["day", "visitor"])
        .execute();
      await db.schema
        .createTable("insight_pages")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("pageviews", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("insight_pages_pk", ["day", "path"])
        .execute();
      // Each enquiry that was not spam, with the landing page and source of the visitor who sent it.
      await db.schema
        .createTable("insight_conversions")
        .addColumn("enquiry_id", "text", (c) => c.primaryKey().references("enquiries.id").onDelete("cascade"))
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("landing_path", "text")
        .addColumn("source", "text")
        .addColumn("utm_campaign", "text")
        .execute();
      await db.schema.createIndex("insight_conversions_day").on("insight_conversions").column("day").execute();
      // Daily totals of days whose detail is older than the retention period and was rolled up.
      await db.schema
        .createTable("insight_daily")
        .addColumn("day", "text", (c) => c.primaryKey())
        .addColumn("visitors", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("pageviews", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("enquiries", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}

/**
 * Where a service's or project's featured image is cropped around: x and y in percent of its width and height
 * (docs/product.md#focal-point). Old rows get the centre, which is how every crop looked before.
 */
function m0012FocalPoint(): Migration {
  return {
    async up(db: Kysely<any>) {
      // One column per statement: SQLite's ALTER TABLE adds one column at a time.
      for (const table of ["services", "projects"]) {
        for (const column of ["featured_image_focal_x", "featured_image_focal_y"]) {
          await db.schema.alterTable(table).addColumn(column, "integer", (c) => c.notNull().defaultTo(50)).execute();
        }
      }
    },
  };
}

/**
 * Replies to leads go through the outgoing-mail queue (docs/decisions/0058-lead-replies-through-the-mail-queue.md):
 * the queue keeps the visitor's name, the sender's name and extra headers of a message; a reply's timeline event
 * names its queued message, whose delivery it follows, and an invite names its latest email, whose delivery the
 * Team page shows.
 */
function m0013MailTracking(): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const column of ["to_name", "from_name", "headers"]) {
        await db.schema.alterTable("mail_outbox").addColumn(column, "text").execute();
      }
      await db.schema.alterTable("enquiry_events").addColumn("mail_id", "text").execute();
      await db.schema.createIndex("enquiry_events_mail_id").on("enquiry_events").column("mail_id").execute();
      await db.schema.alterTable("invites").addColumn("mail_id", "text").execute();
    },
  };
}

/**
 * Activity entries keep the name their record had when written (docs/decisions/0075-activity-names-and-labels.md),
 * so an entry about a record deleted since still says which one it was.
 */
function m0014ActivityEntityName(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("activity_log").addColumn("entity_name", "text").execute();
      await db.schema.createIndex("activity_log_entity").on("activity_log").columns(["entity", "entity_id"]).execute();
    },
  };
}

/**
 * Where a visit began reaches its enquiry (docs/product.md#insight): a visitor's stored entry keeps its utm_source
 * apart from a referring site's host (both are its "source"), and an enquiry keeps the visit's landing page.
 * Clicks on a WhatsApp or Viber link count as conversions, per day, channel, landing page and source
 * (docs/decisions/0068-chat-links-through-a-counting-redirect.md).
 */
function m0015VisitOrigin(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("insight_visitors").addColumn("utm_source", "text").execute();
      await db.schema.alterTable("enquiries").addColumn("landing_page", "text").execute();
      await db.schema
        .createTable("insight_chat_clicks")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("channel", "text", (c) => c.notNull())
        .addColumn("landing_path", "text", (c) => c.notNull())
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("clicks", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("insight_chat_clicks_pk", ["day", "channel", "landing_path", "source"])
        .execute();
    },
  };
}

/**
 * Insight's lists per ended day (docs/decisions/0065-insight-daily-rollups.md): visitors per source, campaign,
 * device, browser and landing page, and each day's visitors and page views, so that a 90-day report reads a few
 * thousand rows instead of 90,000 visitor rows per list.
 */
function m0016InsightRollups(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("insight_rollups")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("dimension", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("visitors", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("pageviews", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("insight_rollups_pk", ["day", "dimension", "key"])
        .execute();
    },
  };
}

/**
 * Indexes for a company some years in (docs/performance.md, "At scale and under floods"): every list reads its page
 * newest first by (created_at, id) straight off an index instead of sorting the whole table, the board reads each
 * stage's newest the same way, and the counts the pages show read a narrow index rather than every wide row.
 */
function m0017ScaleIndexes(): Migration {
  return {
    async up(db: Kysely<any>) {
      // The list of any folder or search, the funnel's last 90 days and the CSV export's pages.
      await db.schema.createIndex("enquiries_created").on("enquiries").columns(["created_at", "id"]).execute();
      // A folder's list and a board column; without id their tie-break was a sort of the whole folder or stage.
      await db.schema.dropIndex("enquiries_status_created").execute();
      await db.schema.createIndex("enquiries_status_created_id").on("enquiries").columns(["status", "created_at", "id"]).execute();
      await db.schema.dropIndex("enquiries_stage").execute();
      await db.schema.createIndex("enquiries_stage_created").on("enquiries").columns(["stage", "created_at", "id"]).execute();
      // The board's count per stage and the folder counts of one stage.
      await db.schema.createIndex("enquiries_stage_status").on("enquiries").columns(["stage", "status"]).execute();
      // The admin's project cards (newest first, then id) and their counts.
      // Partial (outside the Trash): Postgres does not order by the columns after an "is null" one.
      const listed = db.schema.createIndex("projects_admin_listing").on("projects").columns(["created_at desc", "id"]);
      await listed.where(sql<boolean>`deleted_at is null`).execute();
      await db.schema.createIndex("projects_counts").on("projects").columns(["deleted_at", "is_featured", "is_public"]).execute();
    },
  };
}

/**
 * Scheduled publishing (docs/decisions/0086-scheduled-publish.md, 0087-show-from-and-hide-from.md): a publish of the
 * site content at a set moment, for one section or every section with a draft, claimed by one statement so that
 * one instance runs it; the versions it made say which schedule; and services and projects get the moments their
 * Active/Public switch starts and stops counting for visitors.
 */
function m0018Schedules(engine: Engine): Migration {
  const t = types(engine);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("content_schedules")
        .addColumn("id", "text", (c) => c.primaryKey())
        // null: every section that has a draft when the schedule runs.
        .addColumn("section", "text")
        .addColumn("run_at", t.timestamp, (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("pending").check(sql`status in ('pending', 'done', 'cancelled')`))
        .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn("ran_at", t.timestamp)
        // What the run published (a JSON list of sections), or why it published nothing.
        .addColumn("outcome", "text")
        .execute();
      await db.schema.createIndex("content_schedules_due").on("content_schedules").columns(["status", "run_at"]).execute();
      await db.schema.alterTable("site_content_versions").addColumn("schedule_id", "text").execute();
      for (const table of ["services", "projects"]) {
        // One column per statement: SQLite's ALTER TABLE adds one column at a time.
        for (const column of ["show_from", "hide_from"]) {
          await db.schema.alterTable(table).addColumn(column, t.timestamp).execute();
          // The scheduler asks each tick whether a moment has just passed (app/.server/ops/scheduler.ts).
          await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
        }
      }
    },
  };
}

/**
 * The media library (docs/decisions/0088-media-library.md): one row per stored upload, written at upload time and
 * for older files from the storage listing. Where a file is used is computed from the content when asked, never
 * stored here, so it cannot go stale.
 */
function m0019Media(engine: Engine): Migration {
  const t = types(engine);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("media")
        // The storage key of the original (`<bucket>/<folder>/<hex>-<ms>.<ext>`); its variants share the base.
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("file_name", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("bytes", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("width", "integer")
        .addColumn("height", "integer")
        .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("uploaded_by", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();
      await db.schema.createIndex("media_created").on("media").columns(["created_at", "key"]).execute();
    },
  };
}

/**
 * "Require two-factor for all admins" gets a row of its own in site_counters, which every admin request reads
 * (docs/decisions/0079-two-factor-requirement-fails-closed.md): copied from the site setting of the same key.
 */
function m0020TwoFactorRequirement(): Migration {
  return {
    async up(db: Kysely<any>) {
      const row = await db.selectFrom("site_settings").select("setting_value").where("setting_key", "=", "require_two_factor").executeTakeFirst();
      // Settings may be stored JSON-quoted ('"true"'): docs/product.md#entities.
      const required = String(row?.setting_value ?? "").replace(/^"|"$/g, "").trim() === "true" ? 1 : 0;
      await db.insertInto("site_counters").values({ name: "require_two_factor", value: required }).execute();
    },
  };
}

/**
 * Staff roles (docs/decisions/0076-staff-roles-design.md): an invite carries the role its account gets, and "Require
 * two-factor" becomes one switch per role, each starting as the old all-admins switch was.
 */
function m0021StaffRoles(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("invites").addColumn("role", "text").execute();
      const old = await db.selectFrom("site_settings").select(["setting_value", "updated_at"]).where("setting_key", "=", "require_two_factor").executeTakeFirst();
      if (old) {
        for (const role of ["owner", "editor", "sales"]) {
          await db
            .insertInto("site_settings")
            .values({ setting_key: `require_two_factor_${role}`, setting_value: old.setting_value, updated_at: old.updated_at })
            .onConflict((oc) => oc.column("setting_key").doNothing())
            .execute();
        }
        await db.deleteFrom("site_settings").where("setting_key", "=", "require_two_factor").execute();
      }
      // The requirement as every admin request reads it (0020's counter row, docs/decisions/0079-two-factor-requirement-fails-closed.md)
      // becomes one row per role too, each starting as the all-admins row was.
      const counter = await db.selectFrom("site_counters").select("value").where("name", "=", "require_two_factor").executeTakeFirst();
      for (const role of ["owner", "editor", "sales"]) {
        await db
          .insertInto("site_counters")
          .values({ name: `require_two_factor_${role}`, value: Number(counter?.value ?? 0) })
          .onConflict((oc) => oc.column("name").doNothing())
          .execute();
      }
      await db.deleteFrom("site_counters").where("name", "=", "require_two_factor").execute();
    },
  };
}

/**
 * Services and projects in Dhivehi beside English (docs/decisions/0077-dhivehi-design.md): one nullable JSON text
 * column `dv` holds the Dhivehi values of a record's texts and lists (app/validation/translations.ts), so versions and
 * the Trash, which keep whole rows, carry both languages; a category gets its Dhivehi name. Existing rows have none:
 * they show in English on Dhivehi pages until someone translates them.
 */
function m0022DhivehiRecords(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("services").addColumn("dv", "text").execute();
      await db.schema.alterTable("projects").addColumn("dv", "text").execute();
      await db.schema.alterTable("categories").addColumn("name_dv", "text").execute();
    },
  };
}

/**
 * Contact details in Dhivehi (docs/decisions/0092-site-content-in-two-languages.md): the label and, for an address or
 * opening hours, the text a visitor reads on the Dhivehi pages. Nullable: a missing one shows the English value.
 * Phone numbers, emails and links are the same in both languages and get no column.
 */
function m0023DhivehiContactDetails(): Migration {
  return {
    async up(db: Kysely<any>) {
      // One column per statement: SQLite's ALTER TABLE adds one column at a time.
      for (const column of ["label_dv", "value_dv"]) await db.schema.alterTable("contact_details").addColumn(column, "text").execute();
    },
  };
}

/**
 * The enquiry's language and the reply templates' Dhivehi version (docs/decisions/0077-dhivehi-design.md, Enquiries):
 * every enquiry so far came from the English form; a template's Dhivehi subject and body are optional.
 */
function m0024EnquiryLanguage(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("enquiries").addColumn("language", "text", (c) => c.notNull().defaultTo("en")).execute();
      await db.schema.alterTable("reply_templates").addColumn("subject_dv", "text").execute();
      await db.schema.alterTable("reply_templates").addColumn("body_dv", "text").execute();
    },
  };
}

export function migrationProvider(engine: Engine): MigrationProvider {
  return {
    async getMigrations() {
      return {
        "0001_initial": m0001(engine),
        "0002_enquiries": m0002(engine),
        "0003_site_counters": m0003(),
        "0005_site_content": m0005SiteContent(engine),
        "0006_revisions": m0006Revisions(engine),
        "0007_staff": m0007_staff(engine),
        "0008_activity": m0008Activity(engine),
        "0009_leads": m0009Leads(engine),
        "0011_insight": m0011Insight(),
        "0012_focal_point": m0012FocalPoint(),
        "0013_mail_tracking": m0013MailTracking(),
        "0014_activity_entity_name": m0014ActivityEntityName(),
        "0015_visit_origin": m0015VisitOrigin(),
        "0016_insight_rollups": m0016InsightRollups(),
        "0017_scale_indexes": m0017ScaleIndexes(),
        "0018_schedules": m0018Schedules(engine),
        "0019_media": m0019Media(engine),
        "0020_two_factor_requirement": m0020TwoFactorRequirement(),
        "0021_staff_roles": m0021StaffRoles(),
        "0022_dhivehi_records": m0022DhivehiRecords(),
        "0023_dhivehi_contact_details": m0023DhivehiContactDetails(),
        "0024_enquiry_language": m0024EnquiryLanguage(),
      };
    },
  };
}
