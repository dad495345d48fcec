import { useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { fieldErrors, formValues } from "~/validation/fields";
import { type ActionResult, useActionToast } from "./action-result";
import { useFocusFirstInvalid } from "./form-fields";
import { submitFetcher } from "./fetcher-submit";

/** The browser-side check of a form by its schema: the field errors, or null when it may go. */
export function schemaFormErrors(schema: z.ZodType, form: FormData): Record<string, string> | null {
  const parsed = schema.safeParse(formValues(form, schema));
  return parsed.success ? null : fieldErrors(parsed.error);
}

/**
 * One admin form checked by its shared schema (app/validation/) in the browser before it goes, then by the
 * action (docs/decisions/0028-one-message-mechanism.md). Gives the fetcher, the field errors to show (the
 * browser's own check while it fails, else the server's), whether it is on its way, and the props of the
 * form element: a failed check stops the submit and focus moves to the first invalid field. The action's
 * result shows as a toast once and is handed to `onResult` (a dialog closes on success).
 */
export function useSchemaForm(schema: z.ZodType, onResult?: (result: ActionResult) => void) {
  const fetcher = useFetcher<ActionResult>();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const errors = clientErrors ?? serverErrors ?? {};
  const ref = useFocusFirstInvalid(errors);
  useActionToast(fetcher.data, onResult);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const found = schemaFormErrors(schema, new FormData(event.currentTarget));
    if (found) event.preventDefault();
    setClientErrors(found);
  };

  /**
   * For a control without a form of its own (a setting's switch, the new category inside the service form, as
   * forms cannot nest): the same check of its values, then the post.
   */
  const submit = (values: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    const found = schemaFormErrors(schema, form);
    setClientErrors(found);
    if (!found) submitFetcher(fetcher, values, { method: "post" });
  };

  return {
    fetcher,
    errors,
    busy: fetcher.state !== "idle",
    /** Spread on `<fetcher.Form>`: posts to the page's action, with the app's own checks instead of the browser's. */
    formProps: { ref, method: "post", noValidate: true, onSubmit } as const,
    submit,
  };
}
