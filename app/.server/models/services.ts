import type { Kysely, Selectable } from "kysely";
import { type ServiceInput, ServiceSchema } from "~/validation/service";
import { cached } from "../cache/cache";
import { db } from "../db";
import type { DB, ServicesTable } from "../db/schema";
import { listToJson, toBool, toIso, toTextList, toUrlList } from "./rows";
import { type Snapshot, snapshotOf, versionedRecord } from "./versioned-record";
import { shownAt } from "./visibility";
import type { RestoreResult } from "./versions";
import type { Service } from "~/lib/records";
import { SERVICE_DV_LISTS, SERVICE_TRANSLATABLE, type ServiceTranslations } from "~/validation/translations";
import { readTranslations, translationsToJson } from "./translations";

export type { Service };

/**
 * Every column a visitor may see of a service, on any public page or file (detail page, cards, JSON-LD,
 * sitemap). Public reads select these by name, never selectAll(), so a column added later stays private
 * until it is listed here (icon, sort_order, is_active, created_by, deleted_* are admin-only).
 */
export const PUBLIC_SERVICE_COLUMNS = [
  "id",
  "title",
  "description",
  "short_description",
  "category",
  "overview",
  "featured_image_url",
  "featured_image_focal_x",
  "featured_image_focal_y",
  "gallery",
  "features",
  "service_type",
  "pricing_model",
  "duration_estimate",
  "prerequisites",
  "warranty",
  "availability",
  "target_audience",
  "benefits",
  // The Dhivehi values of the texts above (docs/decisions/0077-dhivehi-design.md).
  "dv",
  "updated_at",
] as const satisfies ReadonlyArray<keyof ServicesTable>;
type PublicServiceColumn = (typeof PUBLIC_SERVICE_COLUMNS)[number];

/** The home page's service card (docs/product.md#services-section): a subset of the public columns. */
export const SERVICE_CARD_COLUMNS = [
  "id",
  "title",
  "short_description",
  "category",
  "service_type",
  "pricing_model",
  "featured_image_url",
  "featured_image_focal_x",
  "featured_image_focal_y",
  "dv",
] as const satisfies ReadonlyArray<PublicServiceColumn>;

/** What the sitemap lists of a service: its address, images and last change. */
const SERVICE_LINK_COLUMNS = ["id", "title", "featured_image_url", "gallery", "updated_at", "dv"] as const satisfies ReadonlyArray<PublicServiceColumn>;

/** A service as the public detail page has it. */
export type PublicService = Pick<Service, Exclude<PublicServiceColumn, "updated_at">> & { updated_at: string };
/** A service card (home page). */
export type ServiceCard = Pick<PublicService, (typeof SERVICE_CARD_COLUMNS)[number]>;
/** A service as the admin preview of its public page has it: the public fields and whether visitors see it. */
export interface ServicePreview {
  record: PublicService;
  shown: boolean;
}

/** A stored `dv` column as the service's Dhivehi values. */
const readServiceDv = (value: unknown) => readTranslations<string, ServiceTranslations>(value, SERVICE_TRANSLATABLE, SERVICE_DV_LISTS);

function toPublicService(row: Pick<Selectable<ServicesTable>, PublicServiceColumn>): PublicService {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    short_description: row.short_description,
    category: row.category,
    overview: row.overview,
    featured_image_url: row.featured_image_url,
    featured_image_focal_x: Number(row.featured_image_focal_x),
    featured_image_focal_y: Number(row.featured_image_focal_y),
    gallery: toUrlList(row.gallery),
    features: toTextList(row.features, ["name", "title"]),
    service_type: row.service_type,
    pricing_model: row.pricing_model,
    duration_estimate: row.duration_estimate,
    prerequisites: row.prerequisites,
    warranty: row.warranty,
    availability: row.availability,
    target_audience: row.target_audience,
    benefits: toTextList(row.benefits),
    dv: readServiceDv(row.dv),
    updated_at: toIso(row.updated_at),
  };
}

function toService(row: Selectable<ServicesTable>): Service {
  // The fields visitors see are read exactly as the public pages read them; then what only the admin has.
  const { updated_at: _updatedAt, ...visible } = toPublicService(row);
  return {
    ...visible,
    icon: row.icon,
    is_active: toBool(row.is_active),
    show_from: row.show_from ? toIso(row.show_from) : null,
    hide_from: row.hide_from ? toIso(row.hide_from) : null,
    sort_order: Number(row.sort_order),
    created_by: row.created_by,
    created_at: toIso(row.created_at),
  };
}

function toColumns(input: ServiceInput) {
  return {
    title: input.title,
    description: input.description,
    short_description: input.short_description,
    category: input.category,
    overview: input.overview,
    featured_image_url: input.featured_image_url,
    featured_image_focal_x: input.featured_image_focal_x,
    featured_image_focal_y: input.featured_image_focal_y,
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
    dv: translationsToJson(input.dv),
    is_active: input.is_active,
    show_from: input.show_from,
    hide_from: input.hide_from,
    sort_order: input.sort_order,
  };
}

const records = versionedRecord({
  table: "services",
  kind: "service",
  schema: ServiceSchema,
  toRecord: toService,
  toColumns,
  saverIsCreatedBy: true,
  shownColumn: "is_active",
});

/** Public list: active services by sort order (docs/product.md#services-section). */
export async function listActiveServices(): Promise<ServiceCard[]> {
  return cached("services:active", loadActiveServices);
}

async function loadActiveServices(): Promise<ServiceCard[]> {
  const rows = await db()
    .selectFrom("services")
    .select(SERVICE_CARD_COLUMNS)
    .where("is_active", "=", true)
      .where(shownAt())
    .where("deleted_at", "is", null)
    .orderBy("sort_order", "asc")
    .orderBy("created_at", "asc")
    .execute();
  return rows.map((row) => ({ ...row, dv: readServiceDv(row.dv) }));
}

/** Public detail: only an active service is found, with its public columns only. */
export async function getActiveService(id: string): Promise<PublicService | null> {
  return cached(`service:${id}`, async () => {
    const row = await db()
      .selectFrom("services")
      .select(PUBLIC_SERVICE_COLUMNS)
      .where("id", "=", id)
      .where("is_active", "=", true)
      .where(shownAt())
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    return row ? toPublicService(row) : null;
  });
}

/**
 * The admin preview of a service's public page (docs/decisions/0013-versions-and-trash.md): any service
 * not in the Trash, active or not, with the same public columns a visitor would get. Never cached.
 */
export async function getServicePreview(id: string): Promise<ServicePreview | null> {
  return records.preview(id, PUBLIC_SERVICE_COLUMNS, toPublicService);
}

/** Every active service with its images, for the sitemap. */
export async function listActiveServiceLinks(): Promise<Array<{ id: string; title: string; images: string[]; updated_at: string; dv: ServiceTranslations | null }>> {
  return cached("services:links", async () => {
    const rows = await db()
      .selectFrom("services")
      .select(SERVICE_LINK_COLUMNS)
      .where("is_active", "=", true)
      .where(shownAt())
      .where("deleted_at", "is", null)
      .orderBy("sort_order", "asc")
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      images: [r.featured_image_url, ...toUrlList(r.gallery)].filter((u): u is string => Boolean(u)),
      updated_at: toIso(r.updated_at),
      dv: readServiceDv(r.dv),
    }));
  });
}

/** Admin list: every service not in the Trash, by sort order. */
export async function listServices(): Promise<Service[]> {
  const rows = await db()
    .selectFrom("services")
    .selectAll()
    .where("deleted_at", "is", null)
    .orderBy("sort_order", "asc")
    .orderBy("created_at", "asc")
    .execute();
  return rows.map(toService);
}

/** A service not in the Trash, active or not (admin edits and the admin preview), or null. */
export const getService = (id: string, executor?: Kysely<DB>): Promise<Service | null> => records.get(id, executor);

/** What a version keeps: every field the form edits (docs/decisions/0013-versions-and-trash.md). */
export type ServiceSnapshot = Snapshot<Service>;
export const serviceSnapshot: (service: Service) => ServiceSnapshot = snapshotOf;

export const createService = (input: ServiceInput, userId: string | null): Promise<Service> => records.create(input, userId);

/** Updates a service; docs/product.md#entities: created_by is set on update too. Null when it does not exist. */
export const updateService = (id: string, input: ServiceInput, userId: string | null): Promise<Service | null> => records.update(id, input, userId);

export const setServiceActive = (id: string, isActive: boolean, userId: string | null = null): Promise<boolean> =>
  records.setColumns(id, { is_active: isActive }, userId);

/**
 * Makes a version the current service (created_by: the restorer, as any save) and keeps the result as a
 * new version, so the state it replaced stays in the history. The snapshot passes the form's schema again.
 */
export const restoreServiceVersion = (id: string, versionId: string, userId: string | null): Promise<RestoreResult<Service>> =>
  records.restoreVersion(id, versionId, userId);

/**
 * The Trash (docs/decisions/0013-versions-and-trash.md): delete moves a service there (false when it is not there to
 * delete); the list is the services deleted and not yet purged, latest first; restore takes one out as it was, delete
 * forever removes it with its versions (both false when it is not in the Trash).
 */
export const { trash: deleteService, listTrashed: listTrashedServices, restoreFromTrash: restoreServiceFromTrash, deleteForever: deleteServiceForever } = records;

export async function countServices(): Promise<{ total: number; active: number }> {
  const row = await db()
    .selectFrom("services")
    .select((eb) => [eb.fn.countAll<number>().as("total"), eb.fn.sum<number>(eb.case().when("is_active", "=", true).then(1).else(0).end()).as("active")])
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), active: Number(row.active ?? 0) };
}
export { hasDhivehiTitle } from "./translations";
