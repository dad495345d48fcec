import { data } from "react-router";
import type { z } from "zod";
import type { SessionUser } from "~/.server/auth/access";
import { changedFields } from "~/.server/models/activity";
import { createCategory, listCategories, setCategoryNameDv } from "~/.server/models/categories";
import { logger } from "~/.server/logger";
import type { ActionResult } from "~/components/admin/action-result";
import { CategoryNameDvSchema, CategorySchema } from "~/validation/category";
import { fieldErrors, formValues } from "~/validation/fields";
import type { RecordAction, Wording } from "./record-action";

// The shape every admin action answers with (see ActionResult): success as plain data, failures as
// data with a 4xx status so the form shows field errors and nothing is revalidated. Bad input never
// gives a 500.

type Result = Omit<ActionResult, "ok">;

export const ok = (result: Result) => ({ ok: true as const, ...result });

export const fail = (result: Result, status = 400) => data({ ok: false as const, ...result }, { status });

/** The posted form, or null when the body is not a form (a 400, not a crash). */
export async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch (error) {
    logger.info({ err: error }, "admin action without a readable form body");
    return null;
  }
}

export const intentOf = (form: FormData) => String(form.get("intent") ?? "");

/** Ids are server-made (UUIDs); anything else cannot name a record and is simply "not found". */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** True when `value` could name a record (ID_PATTERN). */
export const isRecordId = (value: string) => ID_PATTERN.test(value);

export type IdResult = { kind: "ok"; id: string } | { kind: "missing" } | { kind: "unknown" };

export function readId(form: FormData): IdResult {
  const value = form.get("id");
  if (typeof value !== "string" || value.trim() === "") return { kind: "missing" };
  return isRecordId(value) ? { kind: "ok", id: value } : { kind: "unknown" };
}

/** Parses the form with a shared schema (its list fields keep every value): the data, or the first message per field. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  form: FormData,
): { success: true; data: z.output<S> } | { success: false; fieldErrors: Record<string, string> } {
  const parsed = schema.safeParse(formValues(form, schema));
  return parsed.success ? { success: true, data: parsed.data } : { success: false, fieldErrors: fieldErrors(parsed.error) };
}

/** The first field error, for toasts that carry a reason ('Failed to save project: {message}'). */
export const firstError = (errors: Record<string, string>) => Object.values(errors)[0] ?? "Unknown error";

/**
 * Runs a database step; an unexpected failure is logged with its context and answered as the spec's
 * failure toast with status 500 instead of breaking the page.
 */
export async function attempt<T>(context: Record<string, unknown>, step: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  try {
    return { ok: true, value: await step() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error({ ...context, err: error }, "admin action failed");
    return { ok: false, error: message };
  }
}

/** For a loader's `.catch`: logs the failure and gives null, which the page shows as 'Failed to fetch …'. */
export const loadFailed = (what: string) => (error: unknown) => {
  logger.error({ err: error }, `admin ${what} fetch failed`);
  return null;
};

/** The category picker's list. Its failure is silent (docs/product.md#categories): the form works without it. */
export async function categoryOptions(type: "service" | "project"): Promise<Array<{ id: string; name: string; name_dv: string | null }>> {
  try {
    return (await listCategories(type)).map((c) => ({ id: c.id, name: c.name, name_dv: c.name_dv }));
  } catch (error) {
    logger.error({ err: error, type }, "category fetch failed");
    return [];
  }
}

/** The failure wording of the inline 'new category' (docs/product.md#categories), on the services and projects pages alike. */
export const CATEGORY_WORDING: Wording = { message: "Failed to create category" };

/** Shared by the services and projects pages: the inline 'new category' of both forms, one step of their record action. */
export async function createCategoryAction(act: RecordAction, user: Pick<SessionUser, "id">) {
  const input = act.parse(CategorySchema);
  // Names are not unique in the database; an active one of the same name and reach would only show twice.
  const { taken } = await act.run(async () => {
    const types = input.type === "both" ? (["service", "project"] as const) : [input.type];
    const lists = await Promise.all(types.map((type) => listCategories(type)));
    return { taken: lists.flat().some((c) => c.name.toLowerCase() === input.name.toLowerCase()) };
  });
  if (taken) return act.refuse(null, 400, { name: "A category with this name already exists" });
  const created = await act.run(() => createCategory(input, user.id));
  return act.done(
    { action: "category.create", entity: "category", entityId: created.id, fields: changedFields(null, input), detail: created.name },
    { id: created.id, name: created.name, message: "Category created successfully" },
  );
}

/** The failure wording of setting a category's Dhivehi name. */
export const CATEGORY_NAME_DV_WORDING: Wording = { message: "Failed to save the Dhivehi name" };

/**
 * Shared by the services and projects pages: the Dhivehi name of an existing category, shown on Dhivehi pages
 * (docs/decisions/0077-dhivehi-design.md); one step of their record action.
 */
export async function nameCategoryAction(act: RecordAction) {
  const id = act.id();
  const input = act.parse(CategoryNameDvSchema);
  const { changed } = await act.run(async () => ({ changed: await setCategoryNameDv(id, input.name_dv) }));
  if (!changed) return act.refuse("Category not found", 404);
  return act.done(
    { action: "category.name-dv", entity: "category", entityId: id, fields: ["name_dv"], detail: input.name_dv },
    { id, message: "Dhivehi name saved" },
  );
}
