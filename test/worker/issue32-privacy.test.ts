/**
 * Issue 32, findings 1–3 (privacy): RULES.md §8 "a player may opt out of publication" — an opted-out
 * account's nick must not leak through a finished table's views (finding 1), a record's input log
 * (finding 2) or a club's member list (finding 3). Each test failed on the code before the fix.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { get, me, nick, post, signUp } from "./accounts-helpers.ts";
import { control } from "./fixture.ts";
import { connectAs } from "./helpers.ts";
import { openWithAccounts, playToEnd } from "./play.ts";

const DB = env.DB;

async function account(base: string): Promise<{ name: string; cookie: string; id: string }> {
  const name = nick(base);
  const cookie = await signUp(name);
  return { name, cookie, id: (await me(cookie)).user!.id };
}

const optOut = async (cookie: string) => expect((await post("/api/me/publication", { publish: false }, cookie)).status).toBe(200);

async function reported(code: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await DB.prepare("SELECT 1 FROM games WHERE code = ?").bind(code).first())) {
    if (Date.now() > deadline) throw new Error(`table ${code}: game not reported`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("issue 32 finding 1: the finished table masks an opted-out account", () => {
  it("a spectator's and a co-player's view of the ended table never name the opted-out player; their own view does", async () => {
    const [hid, pub] = await Promise.all([account("F1Hid"), account("F1Pub")]);
    const tableNick = nick("F1Shade");
    await optOut(hid.cookie);
    const run = await openWithAccounts([{ ...hid, nickname: tableNick }, pub], "issue32-f1");
    const opened = [];
    try {
      await playToEnd(run);
      const end = run.seated[0]!.client.lastView().game!.result!;
      const hidSeat = end.roles.find((r) => r.nickname === tableNick)?.seat;
      expect(hidSeat).toBeGreaterThan(0);
      // A spectator arriving at the finished table (what /t/CODE shows).
      const spectator = await connectAs(run.code, undefined, "f1-spectator");
      opened.push(spectator);
      const seen = spectator.lastView();
      expect(seen.status).toBe("ended");
      expect(JSON.stringify(seen).includes(tableNick), "the spectator's ended view names the opted-out player").toBe(false);
      expect(seen.game!.result!.roles.find((r) => r.seat === hidSeat)!.nickname).toBe("");
      expect(seen.game!.seats.find((s) => s.seat === hidSeat)!.nickname).toBe("");
      // Everyone else stays named.
      expect(seen.game!.result!.roles.some((r) => r.nickname === pub.name)).toBe(true);
      // A co-player reconnecting after the end: masked too.
      const co = await connectAs(run.code, run.seated[1]!.join.token, pub.name);
      opened.push(co);
      expect(JSON.stringify(co.lastView()).includes(tableNick)).toBe(false);
      // Themself: their own nick.
      const own = await connectAs(run.code, run.seated[0]!.join.token, tableNick);
      opened.push(own);
      expect(own.lastView().game!.result!.roles.find((r) => r.seat === hidSeat)!.nickname).toBe(tableNick);
      // The summary and the lobby list carry no nick at all.
      expect(await (await get(`/api/tables/${run.code}`)).text()).not.toContain(tableNick);
    } finally {
      run.close();
      for (const c of opened) c.close();
    }
  });
});

describe("issue 32 finding 2: the record's input log names no organizer", () => {
  it("a seated organizer's pause is recorded without their nick", async () => {
    const [org] = await Promise.all([account("F2Org")]);
    await optOut(org.cookie);
    const run = await openWithAccounts([org], "issue32-f2", "city");
    try {
      const first = run.seated[0]!.client;
      expect(await control(first, "f2-start", { type: "start" })).toMatchObject({ type: "ack" });
      expect(await control(first, "f2-pause", { type: "pause" })).toMatchObject({ type: "ack" });
      expect(await control(first, "f2-resume", { type: "resume" })).toMatchObject({ type: "ack" });
      await playToEnd(run);
      await reported(run.code);
    } finally {
      run.close();
    }
    const res = await get(`/api/tables/${run.code}/games/1`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.includes(org.name), "the record names the opted-out organizer").toBe(false);
    const rec = JSON.parse(text) as { inputs: Array<{ input: { kind: string; action?: { type: string; by?: string } } }> };
    const pause = rec.inputs.find((i) => i.input.kind === "control" && i.input.action?.type === "pause");
    expect(pause?.input.action?.by).toBe("organizer");
  });
});

describe("issue 32 finding 3: the club member list", () => {
  it("names an opted-out member to the owner, the hosts and themself only", async () => {
    const [owner, host, hid, other] = await Promise.all([account("F3Own"), account("F3Host"), account("F3Hid"), account("F3Oth")]);
    const res = await post("/api/clubs", { name: nick("F3Club"), city: "Kyiv", language: "uk", formats: ["club"], timeZone: "Europe/Kyiv" }, owner.cookie);
    expect(res.status).toBe(201);
    const clubId = ((await res.json()) as { club: { id: string } }).club.id;
    expect((await post(`/api/clubs/${clubId}/hosts`, { nickname: host.name }, owner.cookie)).status).toBe(200);
    const evening = await post(`/api/clubs/${clubId}/evenings`, { startsAt: Date.now() + 48 * 3600_000, place: "Hall", presetId: "club" }, owner.cookie);
    expect(evening.status).toBe(201);
    const eveningId = ((await evening.json()) as { evening: { id: string } }).evening.id;
    for (const p of [hid, other]) expect((await post(`/api/clubs/${clubId}/evenings/${eveningId}/signup`, {}, p.cookie)).status).toBe(200);
    await optOut(hid.cookie);
    type Members = { members: Array<{ nickname: string | null; role: string; hidden?: boolean }> };
    for (const [who, cookie] of [["anonymous", null], ["another member", other.cookie]] as const) {
      const text = await (await get(`/api/clubs/${clubId}`, cookie)).text();
      expect(text.includes(hid.name), `${who} sees the opted-out member's nick`).toBe(false);
      const page = JSON.parse(text) as Members;
      expect(page.members.filter((m) => m.hidden)).toEqual([{ nickname: null, role: "member", hidden: true }]);
      expect(page.members.some((m) => m.nickname === other.name)).toBe(true);
    }
    for (const [who, cookie] of [["the owner", owner.cookie], ["a host", host.cookie], ["themself", hid.cookie]] as const) {
      const page = (await (await get(`/api/clubs/${clubId}`, cookie)).json()) as Members;
      expect(page.members.some((m) => m.nickname === hid.name), `${who} does not see the nick`).toBe(true);
    }
  });
});
