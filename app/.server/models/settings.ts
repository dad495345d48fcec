import { DEFAULT_SETTINGS, heroUrlProblem, SETTING_KEYS, type SettingKey, type SiteSettings } from "~/validation/settings";
import { type Role, TWO_FACTOR_KEY } from "~/lib/permissions";
import { bumpContentVersion, cached } from "../cache/cache";
import { db } from "../db";
import { readCounter } from "./counters";
import { nowIso, toIso } from "./rows";

export interface SiteSettingRow {
  setting_key: string;
  setting_value: string;
  updated_at: string;
}

/** docs/product.md#entities: a value may be stored JSON-quoted; surrounding double quotes are removed when read. */
export function unquoteSetting(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  const v = value.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(v);
      if (typeof parsed === "string") return parsed;
    } catch {
      // Not valid JSON: fall back to stripping the quotes themselves.
    }
    return v.slice(1, -1);
  }
  return value;
}

/** Admin read: every setting by key. */
export async function listSettings(): Promise<SiteSettingRow[]> {
  const rows = await db().selectFrom("site_settings").selectAll().orderBy("setting_key", "asc").execute();
  return rows.map((r) => ({ setting_key: r.setting_key, setting_value: unquoteSetting(r.setting_value), updated_at: toIso(r.updated_at) }));
}

/** Public read: key -> value map of the known keys only, defaults filled in. */
export async function getPublicSettings(): Promise<Required<SiteSettings>> {
  return cached("settings:public", loadPublicSettings);
}

async function loadPublicSettings(): Promise<Required<SiteSettings>> {
  const rows = await db().selectFrom("site_settings").select(["setting_key", "setting_value"]).execute();
  const out: Record<SettingKey, string> = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    if ((SETTING_KEYS as readonly string[]).includes(row.setting_key)) {
      out[row.setting_key as SettingKey] = unquoteSetting(row.setting_value);
    }
  }
  return out;
}

/**
 * "Require two-factor" per role as every admin request reads it (docs/decisions/0079-two-factor-requirement-fails-closed.md):
 * a row of its own per role in site_counters (1 = required), named as the setting, apart from the content settings
 * and read without the cache. The settings row of the same key is what the Settings page shows; updateSetting
 * writes both in one transaction.
 */
const TWO_FACTOR_KEYS: ReadonlySet<string> = new Set(Object.values(TWO_FACTOR_KEY));

/** Whether two-factor is required of a role; throws when it cannot be read (the caller decides what that means). */
export async function readTwoFactorRequirement(role: Role): Promise<boolean> {
  return (await readCounter(TWO_FACTOR_KEY[role])) === 1;
}

/** Sets one setting by key (created if the key has no row yet). */
export async function updateSetting(key: SettingKey, value: string): Promise<void> {
  const updated_at = nowIso();
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("site_settings")
        .values({ setting_key: key, setting_value: value, updated_at })
        .onConflict((oc) => oc.column("setting_key").doUpdateSet({ setting_value: value, updated_at }))
        .execute();
      if (!TWO_FACTOR_KEYS.has(key)) return;
      const required = value === "true" ? 1 : 0;
      await trx
        .insertInto("site_counters")
        .values({ name: key, value: required })
        .onConflict((oc) => oc.column("name").doUpdateSet({ value: required }))
        .execute();
    });
  await bumpContentVersion();
}

/** One setting's stored value (unquoted), or its default when it has no row. */
export async function getSetting(key: SettingKey): Promise<string> {
  const row = await db().selectFrom("site_settings").select("setting_value").where("setting_key", "=", key).executeTakeFirst();
  return row ? unquoteSetting(row.setting_value) : DEFAULT_SETTINGS[key];
}

/**
 * Sets the hero background type; an address of the other kind is cleared in the same step, so a
 * switch never leaves a video address behind an image type or the reverse (docs/decisions/0019-admin-toasts-and-hero-media.md).
 * Returns whether an address was cleared.
 */
export async function setHeroBackgroundType(type: "image" | "video"): Promise<{ clearedUrl: boolean }> {
  const updated_at = nowIso();
  const clearedUrl = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("site_settings").select("setting_value").where("setting_key", "=", "hero_background_url").executeTakeFirst();
      const url = row ? unquoteSetting(row.setting_value) : "";
      const upsert = (key: SettingKey, value: string) =>
        trx
          .insertInto("site_settings")
          .values({ setting_key: key, setting_value: value, updated_at })
          .onConflict((oc) => oc.column("setting_key").doUpdateSet({ setting_value: value, updated_at }))
          .execute();
      await upsert("hero_background_type", type);
      if (heroUrlProblem(type, url) === null) return false;
      await upsert("hero_background_url", "");
      return true;
    });
  await bumpContentVersion();
  return { clearedUrl };
}

/** Fills in missing known keys with their defaults; existing values are kept. */
export async function ensureDefaultSettings(): Promise<void> {
  const now = nowIso();
  for (const key of SETTING_KEYS) {
    await db()
      .insertInto("site_settings")
      .values({ setting_key: key, setting_value: DEFAULT_SETTINGS[key], updated_at: now })
      .onConflict((oc) => oc.column("setting_key").doNothing())
      .execute();
  }
}

/** Set once start-up has completed on this database (a row outside the known keys, never shown). */
const INITIALIZED_KEY = "site_initialized_at";

/** Whether start-up has ever completed on this database (the admin command may have migrated it already). */
export async function isSiteInitialized(): Promise<boolean> {
  const row = await db().selectFrom("site_settings").select("setting_key").where("setting_key", "=", INITIALIZED_KEY).executeTakeFirst();
  return Boolean(row);
}

export async function markSiteInitialized(): Promise<void> {
  const now = nowIso();
  await db()
    .insertInto("site_settings")
    .values({ setting_key: INITIALIZED_KEY, setting_value: now, updated_at: now })
    .onConflict((oc) => oc.column("setting_key").doNothing())
    .execute();
}
