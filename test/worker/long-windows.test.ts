/**
 * Issue 31.2 "Longer windows for beginners", the table option (POST /api/tables `longWindows`; worker/api/
 * tables.ts): a rated table (sport: its games award rating, RULES.md §2.14) keeps the rules' windows — the
 * option is off there by default and `true` is refused (`bad-settings`, path `longWindows`, no table made);
 * a table that is not rated (a §5.5 profile: Custom) takes it on by default, its creator may switch it off.
 * Every connection's view shows it in the table's options; the game started there carries the factor
 * (its stored state's `windowFactor`), and the option survives an eviction.
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerMessage } from "../../shared/protocol/messages.ts";
import { control, sitAsOrganizer } from "./fixture.ts";
import { type Client, connectAs, createTable, evict, postJson, tableStub } from "./helpers.ts";

const open: Client[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});
const codeOf = (m: ServerMessage) => (m.type === "error" ? m.code : m.type);

async function storedState(code: string): Promise<{ windowFactor?: number; stage: { id: string; factor?: number }; deadlineMs?: number | null }> {
  return runInDurableObject(tableStub(code), (_i, state) => JSON.parse(String(state.storage.sql.exec("SELECT state FROM game").one().state)));
}

async function optionOf(code: string): Promise<boolean> {
  const c = await connectAs(code, undefined, "watcher");
  open.push(c);
  return c.lastView().options.longWindows;
}

describe("issue 31.2: longer windows for beginners, a table option chosen at creation", () => {
  it("§2.14 a rated (sport) table refuses it with a typed error and keeps the rules' windows by default", async () => {
    const refused = await postJson("/api/tables", { presetId: "sport", longWindows: true });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: "bad-settings", issues: [{ path: "longWindows" }] } });
    // A wrong type is the schema's refusal.
    const bad = await postJson("/api/tables", { presetId: "custom", longWindows: "yes" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "bad-request" } });

    const plain = await createTable({ presetId: "sport" });
    expect(await optionOf(plain.code)).toBe(false);
    const off = await createTable({ presetId: "sport", longWindows: false });
    expect(await optionOf(off.code)).toBe(false);
  });

  it("an unrated table (Custom with bots) takes it on by default: the view says so, the game's windows carry the factor, an eviction keeps it", async () => {
    const { code, organizerToken } = await createTable({ presetId: "custom", seats: 8 });
    const { c: org } = await sitAsOrganizer(code, organizerToken, "Olena", open);
    expect(org.lastView().options.longWindows).toBe(true);
    expect(codeOf(await control(org, "f1", { type: "fill-bots" }))).toBe("ack");
    expect(codeOf(await control(org, "s1", { type: "start" }))).toBe("ack");
    expect((await storedState(code)).windowFactor).toBe(2);

    await evict(tableStub(code));
    expect(await optionOf(code)).toBe(true);

    // Its creator may switch it off: the game then runs the rules' windows.
    const off = await createTable({ presetId: "custom", seats: 8, longWindows: false });
    const { c: org2 } = await sitAsOrganizer(off.code, off.organizerToken, "Oksana", open);
    expect(org2.lastView().options.longWindows).toBe(false);
    expect(codeOf(await control(org2, "f2", { type: "fill-bots" }))).toBe("ack");
    expect(codeOf(await control(org2, "s2", { type: "start" }))).toBe("ack");
    expect((await storedState(off.code)).windowFactor).toBeUndefined();
  });
});
