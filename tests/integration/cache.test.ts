import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { VERSION_CHECK_MS } from "~/.server/cache/cache";
import { type Database, setDatabase } from "~/.server/db";
import { createContactDetail, listPublicContactDetails } from "~/.server/models/contact-details";
import { createService, getActiveService, listActiveServices, setServiceActive } from "~/.server/models/services";
import { getPublicSettings, updateSetting } from "~/.server/models/settings";
import { contactInput, serviceInput } from "../factories";
import { createTestDatabase } from "../setup/database";

let first: Awaited<ReturnType<typeof createTestDatabase>>;
let second: Database;

beforeEach(async () => {
  first = await createTestDatabase();
  second = first.reopen();
  setDatabase(first);
});
afterEach(async () => {
  setDatabase(undefined);
  await second.close();
  await first.drop();
});

describe("public content cache", () => {
  it("serves repeat reads from memory and clears at once on a write in this instance", async () => {
    expect(await listActiveServices()).toEqual([]);
    const a = await listActiveServices();
    expect(await listActiveServices()).toBe(a); // the same cached value, no new query
    const s = await createService(serviceInput({ title: "Fresh" }), null);
    expect((await listActiveServices()).map((x) => x.title)).toEqual(["Fresh"]);
    expect((await getActiveService(s.id))?.title).toBe("Fresh");
    await setServiceActive(s.id, false);
    expect(await listActiveServices()).toEqual([]);
    expect(await getActiveService(s.id)).toBeNull();
    await updateSetting("header_logo_text", "Reef");
    expect((await getPublicSettings()).header_logo_text).toBe("Reef");
  });

  it("sees a write made by another instance within the version check interval", async () => {
    expect(await listPublicContactDetails()).toEqual([]);
    setDatabase(second);
    await createContactDetail(contactInput({ value: "+960 999 0000" }));
    setDatabase(first);
    await new Promise((r) => setTimeout(r, VERSION_CHECK_MS + 100));
    expect((await listPublicContactDetails()).map((d) => d.value)).toEqual(["+960 999 0000"]);
  });
});
