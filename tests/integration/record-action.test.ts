import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "~/.server/db";
import { drainErrorLogs } from "~/.server/logger";
import { recordAction, type Wording } from "~/routes/admin/record-action";
import { createAdmin } from "../factories";
import { useTestDatabase } from "../setup/database";
import { call, postRequest } from "./admin-support";

useTestDatabase();

// The one helper every admin record action goes through (app/routes/admin/record-action.ts): the same refusals
// for every page, in the page's words, and exactly one activity entry for a write that happened.

const Schema = z.object({ name: z.string().trim().min(1, "Name is required"), photos: z.array(z.string()).max(3, "At most 3 photos").default([]) });
const stored = new Map<string, { name: string; photos: string[] }>([["known-1", { name: "Kept", photos: [] }]]);

async function act(fields: Record<string, string | string[]>, wording: Wording = { message: "Failed to save thing" }) {
  const admin = await createAdmin();
  const request = postRequest("/admin/things", fields);
  const answer = await call(() =>
    recordAction(request, admin, { entity: "thing", noun: "thing", wording: () => wording }, async (a) => {
      if (a.intent === "rename") {
        const id = a.id();
        const input = a.parse(Schema);
        const saved = await a.run(async () => {
          if (input.name === "crash") throw new Error("the disk is full");
          const thing = stored.get(id);
          if (!thing) return null;
          stored.set(id, { ...thing, ...input });
          return { id, ...input };
        });
        return a.done({ action: "thing.rename", entityId: id, fields: ["name", "photos"], detail: saved.name }, { id, message: "Thing renamed" });
      }
      return a.unknown();
    }),
  request);
  const entries = await db().selectFrom("activity_log").selectAll().where("entity", "=", "thing").execute();
  return { answer, entries };
}

describe("recordAction", () => {
  it("answers every refusal the same way, changes nothing and logs nothing", async () => {
    const cases: Array<[Record<string, string | string[]>, number, Record<string, unknown>]> = [
      [{ intent: "rename", name: "x" }, 400, { ok: false, intent: "rename", message: "Failed to save thing", detail: "No thing was given" }],
      [{ intent: "rename", id: "../etc/passwd", name: "x" }, 404, { ok: false, message: "Failed to save thing", detail: "Thing not found" }],
      [{ intent: "rename", id: "missing-2", name: "x" }, 404, { ok: false, message: "Failed to save thing", detail: "Thing not found" }],
      [{ intent: "rename", id: "known-1", name: " " }, 400, { ok: false, message: "Failed to save thing", fieldErrors: { name: "Name is required" } }],
      [{ intent: "explode", id: "known-1" }, 400, { ok: false, intent: "explode", message: "Unknown action" }],
    ];
    for (const [fields, status, data] of cases) {
      const { answer, entries } = await act(fields);
      expect(answer, JSON.stringify(fields)).toMatchObject({ status, data });
      expect(entries).toHaveLength(0);
    }
    expect(stored.get("known-1")).toEqual({ name: "Kept", photos: [] });
  });

  it("answers a crash with 500 and the page's failure, logged with its context", async () => {
    const { answer, entries } = await act({ intent: "rename", id: "known-1", name: "crash" });
    expect(answer).toMatchObject({ status: 500, data: { ok: false, message: "Failed to save thing" } });
    expect(answer.data).not.toHaveProperty("detail");
    expect(entries).toHaveLength(0);
    expect(drainErrorLogs()).toEqual([expect.objectContaining({ intent: "rename", id: "known-1", msg: "admin action failed" })]);
  });

  it("words a reason as the page does: under the message, after it, or in its place", async () => {
    const inline = await act({ intent: "rename", id: "known-1", name: "" }, { message: "Failed to save thing", reason: "inline" });
    expect(inline.answer.data).toMatchObject({ message: "Failed to save thing: Name is required", fieldErrors: { name: "Name is required" } });
    const titled = await act({ intent: "rename", id: "missing-2", name: "x" }, { title: "Error", message: "Failed to save thing" });
    expect(titled.answer.data).toMatchObject({ title: "Error", message: "Failed to save thing", detail: "Thing not found" });
    const instead = await act({ intent: "rename", id: "missing-2", name: "x" }, { message: "Failed to save thing", reason: "instead" });
    expect(instead.answer.data).toMatchObject({ message: "Thing not found" });
    expect(instead.answer.data).not.toHaveProperty("detail");
  });

  it("does the write with every value of a list field, and records exactly one entry", async () => {
    const { answer, entries } = await act({ intent: "rename", id: "known-1", name: "  New name ", photos: ["/a.webp", "/b.webp"] });
    expect(answer).toMatchObject({ status: 200, data: { ok: true, intent: "rename", id: "known-1", message: "Thing renamed" } });
    expect(stored.get("known-1")).toEqual({ name: "New name", photos: ["/a.webp", "/b.webp"] });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "thing.rename", entity: "thing", entity_id: "known-1", detail: "New name" });
  });

  it("words the record per intent where a page writes more than one kind", async () => {
    const { answer } = await act({ intent: "rename", name: "x" }, { message: "Failed to save thing", noun: "widget" });
    expect(answer).toMatchObject({ status: 400, data: { message: "Failed to save thing", detail: "No widget was given" } });
    const unknown = await act({ intent: "rename", id: "missing-2", name: "x" }, { message: "Failed to save thing", noun: "widget" });
    expect(unknown).toMatchObject({ answer: { status: 404, data: { detail: "Widget not found" } } });
  });
});

describe("recordAction on a singleton (the site settings, one's own account)", () => {
  const singleton = async (fields: Record<string, string>, step: () => Promise<unknown>) => {
    const admin = await createAdmin();
    const request = postRequest("/admin/single", fields);
    const options = { entity: "thing", noun: "thing", singleton: "the-one", wording: () => ({ message: "Failed to update thing" }) };
    return call(
      () =>
        recordAction(request, admin, options, async (a) => {
          const id = a.id();
          const answer = await a.run(step);
          return a.done({ action: "thing.update", entityId: id }, { id, message: `Done: ${String(answer)}` });
        }),
      request,
    );
  };

  it("reads no id from the form, and a step that answers nothing has done its work", async () => {
    const answer = await singleton({ intent: "update", id: "other-7" }, async () => undefined);
    expect(answer).toMatchObject({ status: 200, data: { ok: true, id: "the-one", message: "Done: undefined" } });
    const noId = await singleton({ intent: "update" }, async () => false);
    expect(noId).toMatchObject({ status: 200, data: { ok: true, id: "the-one", message: "Done: false" } });
    const entries = await db().selectFrom("activity_log").select("entity_id").where("entity", "=", "thing").execute();
    expect(entries).toEqual([{ entity_id: "the-one" }, { entity_id: "the-one" }]);
  });

  it("still answers a crash with 500, logged with the singleton's id", async () => {
    const answer = await singleton({ intent: "update" }, () => Promise.reject(new Error("the disk is full")));
    expect(answer).toMatchObject({ status: 500, data: { ok: false, message: "Failed to update thing" } });
    expect(drainErrorLogs()).toEqual([expect.objectContaining({ intent: "update", id: "the-one", msg: "admin action failed" })]);
    expect(await db().selectFrom("activity_log").select("id").where("entity", "=", "thing").execute()).toEqual([]);
  });
});
