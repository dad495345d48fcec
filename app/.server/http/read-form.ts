import type { z } from "zod";
import { fieldErrors, formValues } from "~/validation/fields";

/** A posted form as its schema reads it: the values, its field errors, or `unreadable` for a body that is not a form. */
export type ReadForm<T> = { ok: true; data: T } | { ok: false; unreadable: true } | { ok: false; unreadable: false; fieldErrors: Record<string, string> };

/**
 * The first step of every signed-out page's action (sign-in, second step, reset, invite): the body read as a form
 * and checked by the same schema the page's fields follow (app/validation/). Each page says what an unreadable body
 * means to its reader, so that part stays with the page.
 */
export async function readForm<S extends z.ZodType>(request: Request, schema: S): Promise<ReadForm<z.infer<S>>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { ok: false, unreadable: true };
  }
  const parsed = schema.safeParse(formValues(form, schema));
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, unreadable: false, fieldErrors: fieldErrors(parsed.error) };
}
