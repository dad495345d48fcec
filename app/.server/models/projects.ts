import type { Kysely, Selectable } from "kysely";
import { PUBLIC_PROJECTS_LIMIT } from "~/validation/constants";
import { type ProjectInput, ProjectSchema } from "~/validation/project";
import { cached } from "../cache/cache";
import { db } from "../db";
import type { DB, ProjectsTable } from "../db/schema";
import { listToJson, toBool, toIso, toNumberOrNull, toTextList, toUrlList } from "./rows";
import { type Snapshot, snapshotOf, versionedRecord } from "./versioned-record";
import { shownAt } from "./visibility";
import type { RestoreResult } from "./versions";
import type { Project } from "~/lib/records";
import { PROJECT_DV_LISTS, PROJECT_TRANSLATABLE, type ProjectTranslations } from "~/validation/translations";
import { needsDhivehi } from "~/i18n/records";
import { readTranslations, translationsToJson } from "./translations";

export type { Project };

/**
 * Every column a visitor may see of a project, on any public page or file (detail page, cards, portfolio,
 * JSON-LD, sitemap). Public reads select these by name, never selectAll(), so a column added later stays
 * private until it is listed here (the client's email and phone, team, priority, is_public, created_by and
 * deleted_* are admin-only).
 */
export const PUBLIC_PROJECT_COLUMNS = [
  "id",
  "title",
  "description",
  "short_description",
  "featured_image_url",
  "featured_image_focal_x",
  "featured_image_focal_y",
  "gallery_images",
  "status",
  "category",
  "client_name",
  "project_location",
  "project_type",
  "budget",
  "start_date",
  "end_date",
  "duration_months",
  "completion_percentage",
  "materials_used",
  "challenges",
  "solutions",
  "testimonial",
  "tags",
  "technologies_used",
  "is_featured",
  // The Dhivehi values of the texts above (docs/decisions/0077-dhivehi-design.md).
  "dv",
  "updated_at",
] as const satisfies ReadonlyArray<keyof ProjectsTable>;
type PublicProjectColumn = (typeof PUBLIC_PROJECT_COLUMNS)[number];

/** The project card of the home page and the portfolio (docs/product.md#projects-section): a subset of the public columns. */
export const PROJECT_CARD_COLUMNS = [
  "id",
  "title",
  "short_description",
  "category",
  "project_location",
  "completion_percentage",
  "status",
  "featured_image_url",
  "featured_image_focal_x",
  "featured_image_focal_y",
  "is_featured",
  "dv",
] as const satisfies ReadonlyArray<PublicProjectColumn>;

/** What the sitemap lists of a project: its address, images and last change. */
const PROJECT_LINK_COLUMNS = ["id", "title", "featured_image_url", "gallery_images", "updated_at", "dv"] as const satisfies ReadonlyArray<PublicProjectColumn>;

/** A project as the public detail page has it. */
export type PublicProject = Pick<Project, Exclude<PublicProjectColumn, "updated_at">> & { updated_at: string };
/** A project card (home page, portfolio). */
export type ProjectCard = Pick<PublicProject, (typeof PROJECT_CARD_COLUMNS)[number]>;
/** A project as the admin preview of its public page has it: the public fields and whether visitors see it. */
export interface ProjectPreview {
  record: PublicProject;
  shown: boolean;
}

/** A stored `dv` column as the project's Dhivehi values. */
const readProjectDv = (value: unknown) => readTranslations<string, ProjectTranslations>(value, PROJECT_TRANSLATABLE, PROJECT_DV_LISTS);

function toPublicProject(row: Pick<Selectable<ProjectsTable>, PublicProjectColumn>): PublicProject {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    short_description: row.short_description,
    featured_image_url: row.featured_image_url,
    featured_image_focal_x: Number(row.featured_image_focal_x),
    featured_image_focal_y: Number(row.featured_image_focal_y),
    gallery_images: toUrlList(row.gallery_images),
    status: row.status,
    category: row.category,
    client_name: row.client_name,
    project_location: row.project_location,
    project_type: row.project_type,
    budget: toNumberOrNull(row.budget),
    start_date: row.start_date,
    end_date: row.end_date,
    duration_months: toNumberOrNull(row.duration_months),
    completion_percentage: Number(row.completion_percentage),
    materials_used: toTextList(row.materials_used),
    challenges: row.challenges,
    solutions: row.solutions,
    testimonial: row.testimonial,
    tags: toTextList(row.tags),
    technologies_used: toTextList(row.technologies_used),
    is_featured: toBool(row.is_featured),
    dv: readProjectDv(row.dv),
    updated_at: toIso(row.updated_at),
  };
}

function toProjectCard(row: Pick<Selectable<ProjectsTable>, (typeof PROJECT_CARD_COLUMNS)[number]>): ProjectCard {
  return { ...row, completion_percentage: Number(row.completion_percentage), is_featured: toBool(row.is_featured), dv: readProjectDv(row.dv) };
}

function toProject(row: Selectable<ProjectsTable>): Project {
  // The fields visitors see are read exactly as the public pages read them; then what only the admin has.
  const { updated_at: _updatedAt, ...visible } = toPublicProject(row);
  return {
    ...visible,
    client_email: row.client_email,
    client_phone: row.client_phone,
    priority: row.priority,
    team_members: toTextList(row.team_members),
    is_public: toBool(row.is_public),
    show_from: row.show_from ? toIso(row.show_from) : null,
    hide_from: row.hide_from ? toIso(row.hide_from) : null,
    created_by: row.created_by,
    created_at: toIso(row.created_at),
  };
}

function toColumns(input: ProjectInput) {
  return {
    title: input.title,
    description: input.description,
    short_description: input.short_description,
    featured_image_url: input.featured_image_url,
    featured_image_focal_x: input.featured_image_focal_x,
    featured_image_focal_y: input.featured_image_focal_y,
    gallery_images: listToJson(input.gallery_images),
    status: input.status,
    category: input.category,
    client_name: input.client_name,
    client_email: input.client_email,
    client_phone: input.client_phone,
    project_location: input.project_location,
    project_type: input.project_type,
    budget: input.budget,
    start_date: input.start_date,
    end_date: input.end_date,
    duration_months: input.duration_months,
    completion_percentage: input.completion_percentage,
    priority: input.priority,
    materials_used: listToJson(input.materials_used),
    challenges: input.challenges,
    solutions: input.solutions,
    testimonial: input.testimonial,
    tags: listToJson(input.tags),
    team_members: listToJson(input.team_members),
    technologies_used: listToJson(input.technologies_used),
    dv: translationsToJson(input.dv),
    is_featured: input.is_featured,
    is_public: input.is_public,
    show_from: input.show_from,
    hide_from: input.hide_from,
  };
}

const records = versionedRecord({
  table: "projects",
  kind: "project",
  schema: ProjectSchema,
  toRecord: toProject,
  toColumns,
  saverIsCreatedBy: false,
  shownColumn: "is_public",
});

/** Public list: public projects, featured first then newest, at most 6 (docs/product.md#projects-section). */
export async function listPublicProjects(limit = PUBLIC_PROJECTS_LIMIT): Promise<ProjectCard[]> {
  return cached(`projects:public:${limit}`, () => loadPublicProjects(limit));
}

async function loadPublicProjects(limit: number): Promise<ProjectCard[]> {
  const rows = await db()
    .selectFrom("projects")
    .select(PROJECT_CARD_COLUMNS)
    .where("is_public", "=", true)
      .where(shownAt())
    .where("deleted_at", "is", null)
    .orderBy("is_featured", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
  return rows.map(toProjectCard);
}

/** Public detail: only a public project is found, with its public columns only. */
export async function getPublicProject(id: string): Promise<PublicProject | null> {
  return cached(`project:${id}`, async () => {
    const row = await db()
      .selectFrom("projects")
      .select(PUBLIC_PROJECT_COLUMNS)
      .where("id", "=", id)
      .where("is_public", "=", true)
      .where(shownAt())
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    return row ? toPublicProject(row) : null;
  });
}

/**
 * The admin preview of a project's public page (docs/decisions/0013-versions-and-trash.md): any project
 * not in the Trash, public or not, with the same public columns a visitor would get. Never cached.
 */
export async function getProjectPreview(id: string): Promise<ProjectPreview | null> {
  return records.preview(id, PUBLIC_PROJECT_COLUMNS, toPublicProject);
}

/** The filters of the portfolio page (/projects): the categories and project types public projects have, with counts. */
export interface PortfolioFacets {
  categories: Array<{ value: string; count: number }>;
  projectTypes: Array<{ value: string; count: number }>;
}

export async function listPublicProjectFacets(): Promise<PortfolioFacets> {
  return cached("projects:facets", async () => {
    const count = (column: "category" | "project_type") =>
      db()
        .selectFrom("projects")
        .select((eb) => [eb.ref(column).as("value"), eb.fn.countAll<number>().as("count")])
        .where("is_public", "=", true)
      .where(shownAt())
        .where("deleted_at", "is", null)
        .where(column, "is not", null)
        .where(column, "!=", "")
        .groupBy(column)
        .orderBy(column, "asc")
        .execute();
    const [categories, projectTypes] = await Promise.all([count("category"), count("project_type")]);
    const clean = (rows: Array<{ value: string | null; count: number }>) => rows.map((r) => ({ value: String(r.value), count: Number(r.count) }));
    return { categories: clean(categories), projectTypes: clean(projectTypes) };
  });
}

type PortfolioFilter = { category: string | null; projectType: string | null };

function publicProjectsWhere(filter: PortfolioFilter) {
  // A public project in the Trash is gone from the site, as from the home page and its own page.
  let query = db().selectFrom("projects").where("is_public", "=", true)
.where(shownAt())
      .where("deleted_at", "is", null);
  if (filter.category !== null) query = query.where("category", "=", filter.category);
  if (filter.projectType !== null) query = query.where("project_type", "=", filter.projectType);
  return query;
}

/** How many public projects the portfolio filter matches (the caller passes only values listPublicProjectFacets gave). */
export async function countPublicProjects(filter: PortfolioFilter): Promise<number> {
  return cached(`projects:portfolio-count:${filter.projectType ?? ""}:${filter.category ?? ""}`, async () => {
    const row = await publicProjectsWhere(filter)
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  });
}

/**
 * One page of the portfolio (/projects): public projects, featured first then newest (as the home page),
 * filtered by category and project type. The caller passes only filter values listPublicProjectFacets gave
 * and a page that exists (countPublicProjects), so the cache holds a bounded set of lists.
 */
export async function listPublicProjectsPage(filter: PortfolioFilter & { page: number; pageSize: number }): Promise<ProjectCard[]> {
  const key = `projects:portfolio:${filter.pageSize}:${filter.page}:${filter.projectType ?? ""}:${filter.category ?? ""}`;
  return cached(key, async () => {
    const rows = await publicProjectsWhere(filter)
      .select(PROJECT_CARD_COLUMNS)
      .orderBy("is_featured", "desc")
      .orderBy("created_at", "desc")
      .orderBy("id", "asc")
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute();
    return rows.map(toProjectCard);
  });
}

/** Every public project with its images, for the sitemap. */
export async function listPublicProjectLinks(): Promise<Array<{ id: string; title: string; images: string[]; updated_at: string; dv: ProjectTranslations | null }>> {
  return cached("projects:links", async () => {
    const rows = await db()
      .selectFrom("projects")
      .select(PROJECT_LINK_COLUMNS)
      .where("is_public", "=", true)
      .where(shownAt())
      .where("deleted_at", "is", null)
      .orderBy("created_at", "desc")
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      images: [r.featured_image_url, ...toUrlList(r.gallery_images)].filter((u): u is string => Boolean(u)),
      updated_at: toIso(r.updated_at),
      dv: readProjectDv(r.dv),
    }));
  });
}

/** Admin list: the projects not in the Trash, newest first; all of them, or one `page` of them. */
export async function listProjects(page?: { offset: number; limit: number }): Promise<Project[]> {
  let query = db().selectFrom("projects").selectAll().where("deleted_at", "is", null).orderBy("created_at", "desc").orderBy("id", "asc");
  if (page) query = query.offset(page.offset).limit(page.limit);
  return (await query.execute()).map(toProject);
}

/**
 * The admin list's "Needs Dhivehi" view (docs/decisions/0077-dhivehi-design.md): the projects not in the Trash with an
 * English text not yet in Dhivehi, newest first, and one `page` of them. The count is per field, so it is made here
 * rather than in SQL; a company's projects number in the hundreds at most.
 */
export async function listProjectsNeedingDhivehi(page: (total: number) => { offset: number; limit: number }): Promise<{ total: number; projects: Project[] }> {
  const all = (await listProjects()).filter((p) => needsDhivehi(p, PROJECT_TRANSLATABLE));
  const { offset, limit } = page(all.length);
  return { total: all.length, projects: all.slice(offset, offset + limit) };
}

/** A project not in the Trash, public or not (admin edits and the admin preview), or null. */
export const getProject = (id: string, executor?: Kysely<DB>): Promise<Project | null> => records.get(id, executor);

/** What a version keeps: every field the form edits (docs/decisions/0013-versions-and-trash.md). */
export type ProjectSnapshot = Snapshot<Project>;
export const projectSnapshot: (project: Project) => ProjectSnapshot = snapshotOf;

/** created_by is set on create only (docs/product.md#entities). */
export const createProject = (input: ProjectInput, userId: string | null, createdAt?: string): Promise<Project> => records.create(input, userId, createdAt);

/** `userId` is who saved (the version's author); created_by stays the creator's. */
export const updateProject = (id: string, input: ProjectInput, userId: string | null = null): Promise<Project | null> => records.update(id, input, userId);

/** Makes a version the current project and keeps the result as a new version (see restoreServiceVersion). */
export const restoreProjectVersion = (id: string, versionId: string, userId: string | null): Promise<RestoreResult<Project>> =>
  records.restoreVersion(id, versionId, userId);

/**
 * The Trash (docs/decisions/0013-versions-and-trash.md): delete moves a project there (false when it is not there to
 * delete); the list is the projects deleted and not yet purged, latest first; restore takes one out as it was, delete
 * forever removes it with its versions (both false when it is not in the Trash).
 */
export const { trash: deleteProject, listTrashed: listTrashedProjects, restoreFromTrash: restoreProjectFromTrash, deleteForever: deleteProjectForever } = records;

/** Dashboard counts: total, featured and public projects (the Trash does not count). */
export async function countProjects(): Promise<{ total: number; featured: number; public: number }> {
  const row = await db()
    .selectFrom("projects")
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      eb.fn.sum<number>(eb.case().when("is_featured", "=", true).then(1).else(0).end()).as("featured"),
      eb.fn.sum<number>(eb.case().when("is_public", "=", true).then(1).else(0).end()).as("public"),
    ])
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), featured: Number(row.featured ?? 0), public: Number(row.public ?? 0) };
}

/** The card switches of the admin list: Public/Private and Featured, alone. False when it does not exist. */
export async function setProjectFlags(
  id: string,
  flags: { is_public?: boolean; is_featured?: boolean },
  userId: string | null = null,
): Promise<boolean> {
  const set = {
    ...(flags.is_public === undefined ? {} : { is_public: flags.is_public }),
    ...(flags.is_featured === undefined ? {} : { is_featured: flags.is_featured }),
  };
  if (Object.keys(set).length === 0) return (await getProject(id)) !== null;
  return records.setColumns(id, set, userId);
}
export { hasDhivehiTitle } from "./translations";
