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

export function migrationProvider(engine: Engine): MigrationProvider {
  return {
    async getMigrations() {
      return {
        "0001_initial": m0001(engine),
        "0002_enquiries": m0002(engine),
        "0003_site_counters": m0003(),
        "0011_insight": m0011Insight(),
      };
    },
  };
}
