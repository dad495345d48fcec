import type { z } from "zod";
import type { SessionUser } from "~/.server/auth/access";
import { recordAdminActivity } from "~/.server/activity/activity";
import { changedFields } from "~/.server/models/activity";
import type { ActionResult } from "~/components/admin/action-result";
import { attempt, createCategoryAction, fail, firstError, intentOf, isRecordId, nameCategoryAction, ok, parseForm, readForm, readId } from "./action-helpers";

// The steps every admin write on a record takes, in one place (docs/decisions/0028-one-message-mechanism.md):
// read the form, pick the intent, read the record's id, parse the fields with the shared schema, run the database
// step, record one activity entry, answer. Each refusal is the same everywhere: no id 400, an id that names
// nothing 404, bad fields 400 with field errors, a crash 500 (logged), an unknown intent 400 'Unknown action'.
// Only the words differ per page, and the page says them in its Wording.

type Result = Omit<ActionResult, "ok">;
type ActivityEntry = Parameters<typeof recordAdminActivity>[2];

/** How a page words one intent's failure toast. */
export interface Wording {
  /** The toast's message: 'Failed to save service'. */
  message: string;
  /** A title above it, where the page's toasts have one (contact details: 'Error'). */
  title?: string;
  /**
   * Where a reason goes ('Service not found', the first field error): under the message (`detail`, the
   * default, and field errors stay under their fields), or after it ('Failed to save project: {reason}',
   * then an unexplained failure reads 'Unknown error' and a field error is named there too), or in its place
   * (`instead`: 'Template not found').
   */
  reason?: "detail" | "inline" | "instead";
  /** The record in words for this intent, where a page writes more than one kind (team: 'invitation', 'admin'). */
  noun?: string;
}

/** A refusal thrown by a step and answered by recordAction: the page's code reads straight on. */
class Refusal {
  constructor(
    readonly result: Result,
    readonly status: number,
  ) {}
}

export interface RecordAction {
  readonly intent: string;
  readonly form: FormData;
  /** The id the form names (hidden field `id`); none is 400 'No {noun} was given', a malformed one 404. */
  id(): string;
  /**
   * The ids a bulk action names (the field `ids`, repeated), each once and at most `max` of them: none is 400
   * 'No {noun} was selected', more than `max` is 400. A malformed id names nothing and is left out.
   */
  ids(max: number): string[];
  /** The fields by the shared schema (its list fields keep every value), or 400 with the field errors. */
  parse<S extends z.ZodType>(schema: S): z.output<S>;
  /** A database step: a crash is logged and answered 500; null or false (nothing by that id) is 404 '{Noun} not found'. */
  run<T>(step: () => Promise<T | null | undefined | false>, context?: Record<string, unknown>): Promise<T>;
  /** Refuses with this reason (and field errors); nothing has changed. */
  refuse(reason: string | null, status?: number, fieldErrors?: Record<string, string>): never;
  /** After the change: the one activity entry of this write, then the success answer. */
  done<R extends Omit<Result, "intent">>(entry: Omit<ActivityEntry, "entity"> & { entity?: ActivityEntry["entity"] }, result: R): Promise<Result & R & { ok: true }>;
  /** After a bulk change: one activity entry per record it changed (none for a record already as asked), then the answer. */
  doneMany<R extends Omit<Result, "intent">>(entries: Array<Omit<ActivityEntry, "entity">>, result: R): Promise<Result & R & { ok: true }>;
  /** The answer to an intent this page does not have. */
  unknown(): never;
}

export interface RecordActionOptions {
  /** The activity log's entity of the page's records ('service'). */
  entity: ActivityEntry["entity"];
  /** The record in words ('service', 'contact detail'): 'No service was given', 'Service not found'. */
  noun: string;
  /** The failure wording of each intent (also asked for intent "" when the body is not a form). */
  wording: (intent: string) => Wording;
  /**
   * Set where the page writes one thing that is always there (the site settings, one's own account) instead of
   * records named by the form's `id`: `act.id()` gives this id without reading the form, and a step that answers
   * nothing (a write without a result) has done its work instead of being '{Noun} not found'.
   * (docs/decisions/0041-record-action-for-singletons-and-accounts.md)
   */
  singleton?: string;
  /** The reason of a 404 when it is not '{Noun} not found' ('Service not found in the Trash'). */
  notFound?: string;
}

/** The wording of a page whose failures are all per intent (team, two-factor): a body that is not a form says only that. */
export const NOT_A_FORM: Wording = { message: "The request was not a form", reason: "instead" };

/** Options chosen by the posted form, where one page writes records of more than one kind (the Trash's `kind`). */
export type RecordActionOptionsOf = (form: FormData) => RecordActionOptions;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The answer of a refused write, worded as the page words it. */
export function refusal(intent: string, wording: Wording, reason: string | null, fieldErrors?: Record<string, string>): Result {
  const base = { intent, ...(wording.title ? { title: wording.title } : {}), ...(fieldErrors ? { fieldErrors } : {}) };
  if (wording.reason === "inline") {
    const why = reason ?? (fieldErrors ? firstError(fieldErrors) : null);
    return { ...base, message: `${wording.message}: ${why || "Unknown error"}` };
  }
  if (wording.reason === "instead") return { ...base, message: reason ?? wording.message };
  return { ...base, message: wording.message, ...(reason ? { detail: reason } : {}) };
}

/**
 * Runs one admin write on a record. `handle` uses the steps of `act`; a step that refuses throws, and the
 * refusal is answered here as data with its status (never a 500 page, never half a change).
 */
export async function recordAction<T>(
  request: Request,
  user: Pick<SessionUser, "id" | "email">,
  given: RecordActionOptions | RecordActionOptionsOf,
  handle: (act: RecordAction) => Promise<T>,
) {
  const form = await readForm(request);
  // A body that is not a form reads as an empty one, so the words are the page's own either way.
  const options = typeof given === "function" ? given(form ?? new FormData()) : given;
  if (!form) return fail(refusal("", options.wording(""), "The request was not a form"));
  const intent = intentOf(form);
  const wording = options.wording(intent);
  const noun = wording.noun ?? options.noun;
  const notFound = options.notFound ?? `${capitalized(noun)} not found`;
  const refuse = (reason: string | null, status = 400, fieldErrors?: Record<string, string>): never => {
    throw new Refusal(refusal(intent, wording, reason, fieldErrors), status);
  };
  let id: string | null = null;
  const act: RecordAction = {
    intent,
    form,
    id() {
      const target = readId(form);
      if (target.kind === "missing") refuse(`No ${noun} was given`);
      if (target.kind === "unknown") refuse(notFound, 404);
      id = (target as { id: string }).id;
      return id;
    },
    ids(max) {
      const given = form.getAll("ids").filter((value): value is string => typeof value === "string" && value.trim() !== "");
      if (given.length === 0) refuse(`No ${noun} was selected`);
      const unique = [...new Set(given)];
      if (unique.length > max) refuse(`At most ${max} can be changed at once`);
      return unique.filter(isRecordId);
    },
    parse(schema) {
      const parsed = parseForm(schema, form);
      if (!parsed.success) refuse(null, 400, parsed.fieldErrors);
      return (parsed as { data: z.output<typeof schema> }).data;
    },
    async run(step, context) {
      const done = await attempt({ intent, id, ...context }, step);
      if (!done.ok) refuse(null, 500);
      const value = (done as { value: Awaited<ReturnType<typeof step>> }).value;
      if (value === null || value === undefined || value === false) refuse(notFound, 404);
      return value as never;
    },
    refuse,
    async done(entry, result) {
      await recordAdminActivity(request, user, { entity: options.entity, ...entry });
      return ok({ intent, ...result }) as Result & typeof result & { ok: true };
    },
    async doneMany(entries, result) {
      for (const entry of entries) await recordAdminActivity(request, user, { entity: options.entity, ...entry });
      return ok({ intent, ...result }) as Result & typeof result & { ok: true };
    },
    unknown() {
      throw new Refusal({ intent, ...(wording.title ? { title: wording.title } : {}), message: "Unknown action" }, 400);
    },
  };
  if (options.singleton !== undefined) {
    const only = options.singleton;
    const runOnRecord = act.run;
    act.id = () => (id = only);
    // The step's answer, whatever it is, goes back as it came: only a crash refuses.
    act.run = async (step, context) => (await runOnRecord(async () => ({ answer: await step() }), context)).answer as never;
  }
  try {
    return await handle(act);
  } catch (error) {
    if (error instanceof Refusal) return fail(error.result, error.status);
    throw error;
  }
}

/** The database steps of a page whose records are created and edited from one dialog (services, projects). */
export interface SaveSteps<Input extends object, Stored extends object, Saved extends { id: string; title: string }> {
  /** The activity log's entity, also the message's noun: 'service' -> 'Service updated successfully'. */
  entity: "service" | "project";
  schema: z.ZodType<Input>;
  get(id: string): Promise<Stored | null>;
  create(input: Input, userId: string): Promise<Saved>;
  update(id: string, input: Input, userId: string): Promise<Saved | null>;
  /** Moves the record to the Trash; false when it is not there. */
  remove(id: string, userId: string): Promise<boolean>;
}

/**
 * The `create` and `update` intents of such a page: parse the dialog's fields, write, and log which fields changed
 * against the record as it was stored.
 */
export async function saveRecord<Input extends object, Stored extends object, Saved extends { id: string; title: string }>(
  act: RecordAction,
  user: Pick<SessionUser, "id">,
  steps: SaveSteps<Input, Stored, Saved>,
) {
  const id = act.intent === "update" ? act.id() : null;
  const input = act.parse(steps.schema);
  let before: Stored | null = null;
  const saved = await act.run(async () => {
    if (!id) return steps.create(input, user.id);
    before = await steps.get(id);
    return before ? steps.update(id, input, user.id) : null;
  });
  const noun = capitalized(steps.entity);
  return act.done(
    { action: `${steps.entity}.${act.intent}`, entityId: saved.id, fields: changedFields(before, input), detail: saved.title },
    { id: saved.id, message: id ? `${noun} updated successfully` : `${noun} created successfully` },
  );
}

/** The `delete` intent of such a page: the record goes to the Trash; the activity entry keeps its title. */
export async function deleteRecord<Input extends object, Stored extends { title: string }, Saved extends { id: string; title: string }>(
  act: RecordAction,
  user: Pick<SessionUser, "id">,
  steps: SaveSteps<Input, Stored, Saved>,
) {
  const id = act.id();
  let title: string | null = null;
  await act.run(async () => {
    title = (await steps.get(id))?.title ?? null;
    return steps.remove(id, user.id);
  });
  return act.done({ action: `${steps.entity}.delete`, entityId: id, detail: title }, { id, message: `${capitalized(steps.entity)} deleted successfully` });
}

/**
 * The intents the services and projects pages share: create and update, delete, and the forms' inline category
 * steps. Any other is unknown; each page handles its own (the status switches) before this.
 */
export function recordListIntent<Input extends object, Stored extends { title: string }, Saved extends { id: string; title: string }>(
  act: RecordAction,
  user: Pick<SessionUser, "id">,
  steps: SaveSteps<Input, Stored, Saved>,
) {
  switch (act.intent) {
    case "create":
    case "update":
      return saveRecord(act, user, steps);
    case "delete":
      return deleteRecord(act, user, steps);
    case "create-category":
      return createCategoryAction(act, user);
    case "name-category":
      return nameCategoryAction(act);
    default:
      return act.unknown();
  }
}
