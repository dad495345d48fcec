import type { Selectable } from "kysely";
import { PUBLIC_PROJECTS_LIMIT } from "~/validation/constants";
import type { ProjectInput } from "~/validation/project";
import { bumpContentVersion, cached } from "../cache";
import { db } from "../db";
import type { ProjectsTable } from "../db/schema";
import { listToJson, newId, nowIso, toBool, toIso, toNumberOrNull, toTextList, toUrlList } from "./rows";

export interface Project {
  id: string;
  title: string;
  description: string | null;
  short_description: string | null;
  featured_image_url: string | null;
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
  created_by: string | null;
  created_at: string;
}

export type ProjectListItem = Pick<
  Project,
  | "id"
  | "title"
  | "short_description"
  | "category"
  | "project_location"
  | "completion_percentage"
  | "status"
  | "featured_image_url"
  | "is_featured"
  | "is_public"
  | "created_at"
>;

/** What a visitor may see of a project: the client's contact details stay private. */
export type PublicProject = Omit<Project, "client_email" | "client_phone" | "created_by" | "team_members" | "priority">;

function toProject(row: Selectable<ProjectsTable>): Project {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    short_description: row.short_description,
    featured_image_url: row.featured_image_url,
    gallery_images: toUrlList(row.gallery_images),
    status: row.status,
    category: row.category,
    client_name: row.client_name,
    client_email: row.client_email,
    client_phone: row.client_phone,
    project_location: row.project_location,
    project_type: row.project_type,
    budget: toNumberOrNull(row.budget),
    start_date: row.start_date,
    end_date: row.end_date,
    duration_months: toNumberOrNull(row.duration_months),
    completion_percentage: Number(row.completion_percentage),
    priority: row.priority,
    materials_used: toTextList(row.materials_used),
    challenges: row.challenges,
    solutions: row.solutions,
    testimonial: row.testimonial,
    tags: toTextList(row.tags),
    team_members: toTextList(row.team_members),
    technologies_used: toTextList(row.technologies_used),
    is_featured: toBool(row.is_featured),
    is_public: toBool(row.is_public),
    created_by: row.created_by,
    created_at: toIso(row.created_at),
  };
}

/** Public list: public projects, featured first then newest, at most 6 (SPEC.md section 7). */
export async function listPublicProjects(limit = PUBLIC_PROJECTS_LIMIT): Promise<ProjectListItem[]> {
  return cached(`projects:public:${limit}`, () => loadPublicProjects(limit));
}

async function loadPublicProjects(limit: number): Promise<ProjectListItem[]> {
  const rows = await db()
    .selectFrom("projects")
    .select([
      "id",
      "title",
      "short_description",
      "category",
      "project_location",
      "completion_percentage",
      "status",
      "featured_image_url",
      "is_featured",
      "is_public",
      "created_at",
    ])
    .where("is_public", "=", true)
    .orderBy("is_featured", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...r,
    completion_percentage: Number(r.completion_percentage),
    is_featured: toBool(r.is_featured),
    is_public: toBool(r.is_public),
    created_at: toIso(r.created_at),
  }));
}

/** Public detail: only a public project is found, without the client's private contact fields. */
export async function getPublicProject(id: string): Promise<PublicProject | null> {
  return cached(`project:${id}`, async () => {
    const row = await db().selectFrom("projects").selectAll().where("id", "=", id).where("is_public", "=", true).executeTakeFirst();
    if (!row) return null;
    const { client_email: _e, client_phone: _p, created_by: _c, team_members: _t, priority: _pr, ...visible } = toProject(row);
    return visible;
  });
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

export type PortfolioProject = ProjectListItem & { project_type: string | null };

type PortfolioFilter = { category: string | null; projectType: string | null };

function publicProjectsWhere(filter: PortfolioFilter) {
  let query = db().selectFrom("projects").where("is_public", "=", true);
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
export async function listPublicProjectsPage(filter: PortfolioFilter & { page: number; pageSize: number }): Promise<PortfolioProject[]> {
  const key = `projects:portfolio:${filter.pageSize}:${filter.page}:${filter.projectType ?? ""}:${filter.category ?? ""}`;
  return cached(key, async () => {
    const rows = await publicProjectsWhere(filter)
      .select([
        "id",
        "title",
        "short_description",
        "category",
        "project_type",
        "project_location",
        "completion_percentage",
        "status",
        "featured_image_url",
        "is_featured",
        "is_public",
        "created_at",
      ])
      .orderBy("is_featured", "desc")
      .orderBy("created_at", "desc")
      .orderBy("id", "asc")
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute();
    return rows.map((r) => ({
      ...r,
      completion_percentage: Number(r.completion_percentage),
      is_featured: toBool(r.is_featured),
      is_public: toBool(r.is_public),
      created_at: toIso(r.created_at),
    }));
  });
}

/** Every public project with its images, for the sitemap. */
export async function listPublicProjectLinks(): Promise<Array<{ id: string; title: string; images: string[]; updated_at: string }>> {
  return cached("projects:links", async () => {
    const rows = await db()
      .selectFrom("projects")
      .select(["id", "title", "featured_image_url", "gallery_images", "updated_at"])
      .where("is_public", "=", true)
      .orderBy("created_at", "desc")
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      images: [r.featured_image_url, ...toUrlList(r.gallery_images)].filter((u): u is string => Boolean(u)),
      updated_at: toIso(r.updated_at),
    }));
  });
}

/** Admin list: every project, newest first. */
export async function listProjects(): Promise<Project[]> {
  const rows = await db().selectFrom("projects").selectAll().orderBy("created_at", "desc").orderBy("id", "asc").execute();
  return rows.map(toProject);
}

export async function getProject(id: string): Promise<Project | null> {
  const row = await db().selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toProject(row) : null;
}

function toColumns(input: ProjectInput) {
  return {
    title: input.title,
    description: input.description,
    short_description: input.short_description,
    featured_image_url: input.featured_image_url,
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
    is_featured: input.is_featured,
    is_public: input.is_public,
  };
}

/** created_by is set on create only (SPEC.md section 3). */
export async function createProject(input: ProjectInput, userId: string | null, createdAt = nowIso()): Promise<Project> {
  const id = newId();
  await db()
    .insertInto("projects")
    .values({ id, ...toColumns(input), created_by: userId, created_at: createdAt, updated_at: createdAt })
    .execute();
  await bumpContentVersion();
  return (await getProject(id))!;
}

export async function updateProject(id: string, input: ProjectInput): Promise<Project | null> {
  const result = await db()
    .updateTable("projects")
    .set({ ...toColumns(input), updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return null;
  await bumpContentVersion();
  return getProject(id);
}

export async function deleteProject(id: string): Promise<boolean> {
  const result = await db().deleteFrom("projects").where("id", "=", id).executeTakeFirst();
  if (result.numDeletedRows > 0n) await bumpContentVersion();
  return result.numDeletedRows > 0n;
}

/** Dashboard counts: total, featured and public projects. */
export async function countProjects(): Promise<{ total: number; featured: number; public: number }> {
  const row = await db()
    .selectFrom("projects")
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      eb.fn.sum<number>(eb.case().when("is_featured", "=", true).then(1).else(0).end()).as("featured"),
      eb.fn.sum<number>(eb.case().when("is_public", "=", true).then(1).else(0).end()).as("public"),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), featured: Number(row.featured ?? 0), public: Number(row.public ?? 0) };
}

/** The card switches of the admin list: Public/Private and Featured, alone. False when it does not exist. */
export async function setProjectFlags(id: string, flags: { is_public?: boolean; is_featured?: boolean }): Promise<boolean> {
  const set = {
    ...(flags.is_public === undefined ? {} : { is_public: flags.is_public }),
    ...(flags.is_featured === undefined ? {} : { is_featured: flags.is_featured }),
  };
  if (Object.keys(set).length === 0) return (await getProject(id)) !== null;
  const result = await db()
    .updateTable("projects")
    .set({ ...set, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await bumpContentVersion();
  return true;
}
