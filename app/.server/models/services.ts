import type { Selectable } from "kysely";
import type { ServiceInput } from "~/validation/service";
import { bumpContentVersion, cached } from "../cache";
import { db } from "../db";
import type { ServicesTable } from "../db/schema";
import { listToJson, newId, nowIso, toBool, toIso, toTextList, toUrlList } from "./rows";

export interface Service {
  id: string;
  title: string;
  description: string | null;
  short_description: string | null;
  category: string | null;
  overview: string | null;
  featured_image_url: string | null;
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
  sort_order: number;
  created_by: string | null;
  created_at: string;
}

export type ServiceListItem = Pick<
  Service,
  "id" | "title" | "short_description" | "category" | "service_type" | "pricing_model" | "featured_image_url" | "is_active"
>;

function toService(row: Selectable<ServicesTable>): Service {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    short_description: row.short_description,
    category: row.category,
    overview: row.overview,
    featured_image_url: row.featured_image_url,
    gallery: toUrlList(row.gallery),
    features: toTextList(row.features, ["name", "title"]),
    icon: row.icon,
    service_type: row.service_type,
    pricing_model: row.pricing_model,
    duration_estimate: row.duration_estimate,
    prerequisites: row.prerequisites,
    warranty: row.warranty,
    availability: row.availability,
    target_audience: row.target_audience,
    benefits: toTextList(row.benefits),
    is_active: toBool(row.is_active),
    sort_order: Number(row.sort_order),
    created_by: row.created_by,
    created_at: toIso(row.created_at),
  };
}

/** Public list: active services by sort order (docs/product.md#services-section). */
export async function listActiveServices(): Promise<ServiceListItem[]> {
  return cached("services:active", loadActiveServices);
}

async function loadActiveServices(): Promise<ServiceListItem[]> {
  const rows = await db()
    .selectFrom("services")
    .select(["id", "title", "short_description", "category", "service_type", "pricing_model", "featured_image_url", "is_active"])
    .where("is_active", "=", true)
    .orderBy("sort_order", "asc")
    .orderBy("created_at", "asc")
    .execute();
  return rows.map((r) => ({ ...r, is_active: toBool(r.is_active) }));
}

/** Public detail: only an active service is found. */
export async function getActiveService(id: string): Promise<Service | null> {
  return cached(`service:${id}`, async () => {
    const row = await db().selectFrom("services").selectAll().where("id", "=", id).where("is_active", "=", true).executeTakeFirst();
    return row ? toService(row) : null;
  });
}

/** Every active service with its images, for the sitemap. */
export async function listActiveServiceLinks(): Promise<Array<{ id: string; title: string; images: string[]; updated_at: string }>> {
  return cached("services:links", async () => {
    const rows = await db()
      .selectFrom("services")
      .select(["id", "title", "featured_image_url", "gallery", "updated_at"])
      .where("is_active", "=", true)
      .orderBy("sort_order", "asc")
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      images: [r.featured_image_url, ...toUrlList(r.gallery)].filter((u): u is string => Boolean(u)),
      updated_at: toIso(r.updated_at),
    }));
  });
}

/** Admin list: every service by sort order. */
export async function listServices(): Promise<Service[]> {
  const rows = await db().selectFrom("services").selectAll().orderBy("sort_order", "asc").orderBy("created_at", "asc").execute();
  return rows.map(toService);
}

export async function getService(id: string): Promise<Service | null> {
  const row = await db().selectFrom("services").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toService(row) : null;
}

function toColumns(input: ServiceInput) {
  return {
    title: input.title,
    description: input.description,
    short_description: input.short_description,
    category: input.category,
    overview: input.overview,
    featured_image_url: input.featured_image_url,
    gallery: listToJson(input.gallery),
    features: listToJson(input.features),
    icon: input.icon,
    service_type: input.service_type,
    pricing_model: input.pricing_model,
    duration_estimate: input.duration_estimate,
    prerequisites: input.prerequisites,
    warranty: input.warranty,
    availability: input.availability,
    target_audience: input.target_audience,
    benefits: listToJson(input.benefits),
    is_active: input.is_active,
    sort_order: input.sort_order,
  };
}

export async function createService(input: ServiceInput, userId: string | null): Promise<Service> {
  const id = newId();
  const now = nowIso();
  await db()
    .insertInto("services")
    .values({ id, ...toColumns(input), created_by: userId, created_at: now, updated_at: now })
    .execute();
  await bumpContentVersion();
  return (await getService(id))!;
}

/** Updates a service; docs/product.md#entities: created_by is set on update too. Null when it does not exist. */
export async function updateService(id: string, input: ServiceInput, userId: string | null): Promise<Service | null> {
  const result = await db()
    .updateTable("services")
    .set({ ...toColumns(input), created_by: userId, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return null;
  await bumpContentVersion();
  return getService(id);
}

export async function setServiceActive(id: string, isActive: boolean): Promise<boolean> {
  const result = await db()
    .updateTable("services")
    .set({ is_active: isActive, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) await bumpContentVersion();
  return result.numUpdatedRows > 0n;
}

export async function deleteService(id: string): Promise<boolean> {
  const result = await db().deleteFrom("services").where("id", "=", id).executeTakeFirst();
  if (result.numDeletedRows > 0n) await bumpContentVersion();
  return result.numDeletedRows > 0n;
}

export async function countServices(): Promise<{ total: number; active: number }> {
  const row = await db()
    .selectFrom("services")
    .select((eb) => [eb.fn.countAll<number>().as("total"), eb.fn.sum<number>(eb.case().when("is_active", "=", true).then(1).else(0).end()).as("active")])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), active: Number(row.active ?? 0) };
}
