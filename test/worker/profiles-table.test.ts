/**
 * Issue 16, the phone-app profiles at a real table (RULES.md §5.1, §5.5): a table of the size its
 * creator chose on the profile screen (`seats` at creation) deals only when every seat is taken; a
 * size or composition that cannot play is refused at creation; Fast's organizer plays and takes a seat
 * (no live host, no start from outside the table); Custom's role counts are the roles dealt.
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type * as v from "valibot";
import type { ErrorResponseSchema, TableSummary } from "../../shared/protocol/http.ts";
import type { ServerMessage } from "../../shared/protocol/messages.ts";
import { control, settle, sitAsOrganizer } from "./fixture.ts";
import { type Client, connectAs, createTable, join, joinWith, postJson, summary, tableStub } from "./helpers.ts";

const open: Client[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

const errorCode = (m: ServerMessage) => (m.type === "error" ? m.code : m.type);

async function refused(body: Record<string, unknown>): Promise<{ code: string; paths: string[] }> {
  const res = await postJson("/api/tables", body);
  expect(res.status, JSON.stringify(body)).toBe(400);
  const e = ((await res.json()) as v.InferOutput<typeof ErrorResponseSchema>).error;
  return { code: e.code, paths: (e.issues ?? []).map((i) => i.path ?? "") };
}

describe("profiles at the table (issue 16, RULES.md §5.1, §5.5)", () => {
  it("§5.1 Custom at 8 seats: the table holds exactly 8; the start is refused until all are taken; the counts chosen are the roles dealt, Civilians the rest", async () => {
    const settings = { mafia: 1, don: 1, blocker: 1, tracker: 1, doctor: 1 };
    const { code, organizerToken } = await createTable({ presetId: "custom", seats: 8, settings });
    const s: TableSummary = await summary(code);
    expect([s.seats.min, s.seats.max]).toEqual([8, 8]);
    const { c: org } = await sitAsOrganizer(code, organizerToken, "Olena", open);
    for (let i = 2; i <= 7; i++) await join(code, `Guest ${i}`);
    // Seven of eight seated: no deal yet (§5.1 "only after all seats are filled").
    expect(errorCode(await control(org, "s1", { type: "start" }))).toBe("not-allowed");
    expect(errorCode(await control(org, "s2", { type: "add-bot" }))).toBe("ack");
    // Full: an eighth person is turned away, a ninth bot too.
    expect((await joinWith(code, { nickname: "Late" })).status).toBe(409);
    expect(errorCode(await control(org, "s3", { type: "add-bot" }))).toBe("table-full");
    expect(errorCode(await control(org, "s4", { type: "start" }))).toBe("ack");
    const [view] = await settle(code, [org]);
    expect(view!.game!.seats).toHaveLength(8);
    const roles = await runInDurableObject(tableStub(code), (_i, state) => {
      const row = state.storage.sql.exec("SELECT state FROM game").one();
      return (JSON.parse(String(row.state)) as { players: Array<{ role: string }> }).players.map((p) => p.role).sort();
    });
    expect(roles).toEqual(["blocker", "civilian", "civilian", "civilian", "doctor", "don", "mafia", "tracker"]);
  });

  it("§5.5 a size outside the profile's range, or one its composition cannot start with, is refused at creation naming `seats`", async () => {
    for (const body of [
      { presetId: "classic", seats: 5 },
      { presetId: "classic", seats: 21 },
      { presetId: "fast", seats: 9 },
      { presetId: "dark-city", seats: 8 },
      { presetId: "extended", seats: 7 },
      // Custom: more counted roles than seats.
      { presetId: "custom", seats: 6, settings: { mafia: 2, doctor: 2, commissar: 2, tracker: 1 } },
      // §3 / §5.4: at parity at the deal (3 black of 6).
      { presetId: "custom", seats: 6, settings: { mafia: 3 } },
    ]) {
      const r = await refused(body);
      expect(r.code, JSON.stringify(body)).toBe(body.seats > 20 ? "bad-request" : "bad-settings");
      expect(r.paths, JSON.stringify(body)).toContain("seats");
    }
    expect((await refused({ presetId: "classic", seats: 7.5 })).paths).toContain("seats");
    // No holder of the mafia's shot: no size can play these settings, so the settings are named.
    expect(await refused({ presetId: "custom", seats: 8, settings: { blocker: 1, lawyer: 1 } })).toEqual({ code: "bad-settings", paths: ["settings"] });
    // Every size of each range is accepted (the recommended composition never starts at parity).
    for (const [presetId, min, max] of [["classic", 6, 20], ["extended", 8, 20], ["fast", 6, 8], ["dark-city", 9, 15]] as const) {
      for (const seats of [min, Math.round((min + max) / 2), max]) {
        const res = await postJson("/api/tables", { presetId, seats });
        expect(res.status, `${presetId} ${seats}`).toBe(201);
      }
    }
  });

  it("§5.5 Fast: the organizer plays and takes a seat — no live host; a creator outside the table cannot start it", async () => {
    const r = await refused({ presetId: "fast", host: "live" });
    expect(r).toEqual({ code: "bad-settings", paths: ["host"] });
    // The other profiles may have a live host (§5.7).
    expect((await postJson("/api/tables", { presetId: "classic", host: "live", seats: 8 })).status).toBe(201);

    const { code, organizerToken } = await createTable({ presetId: "fast", seats: 6 });
    const outside = await connectAs(code, organizerToken, "creator");
    open.push(outside);
    expect(errorCode(await control(outside, "f1", { type: "fill-bots" }))).toBe("ack");
    expect(errorCode(await control(outside, "f2", { type: "start" }))).toBe("not-allowed");
    expect((await summary(code)).status).toBe("lobby");
    // Seated, the organizer starts it.
    const { code: code2, organizerToken: token2 } = await createTable({ presetId: "fast", seats: 6 });
    const { c: org } = await sitAsOrganizer(code2, token2, "Taras", open);
    expect(errorCode(await control(org, "f3", { type: "fill-bots" }))).toBe("ack");
    expect(errorCode(await control(org, "f4", { type: "start" }))).toBe("ack");
    expect((await summary(code2)).status).toBe("playing");
  });
});
