/**
 * Issue 35, club evenings you can manage (RULES.md §6.11 "a fixed weekly evening (Sunday 18:00 …) … Sign-up:
 * one 'OK, let's play' and a confirmation of the evening; when full, the player goes to a reserve list and
 * moves up automatically when a seat frees"; docs/CLUBS.md "Managing an evening"): editing and cancelling
 * with a notice to everyone signed up, the confirmation deadline (the club's clock moved), and the weekly
 * repeat made once.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { utcToWallTime } from "../../shared/clubs/time.ts";
import type { ClubNotice, ClubPage, EveningPage } from "../../shared/protocol/clubs.ts";
import { weekLater } from "../../worker/clubs/manage.ts";
import { tableMoveUp } from "../../worker/clubs/signups.ts";
import { eveningJoinAllowed } from "../../worker/table/evening.ts";
import { get, json, nick, post, signUp } from "./accounts-helpers.ts";
import { deviceFor } from "./helpers.ts";

const DB = env.DB;
const HOUR = 3600_000;
const CLUB = { name: "Friday Mafia", city: "Kyiv", language: "uk", formats: ["classic", "club"], timeZone: "Europe/Kyiv" };

async function errorCode(res: Response): Promise<{ status: number; code: string }> {
  const body = (await res.json()) as { error: { code: string } };
  return { status: res.status, code: body.error.code };
}

let owner: string;
let players: { nickname: string; cookie: string }[];

beforeAll(async () => {
  owner = await signUp(nick("EvOwner"));
  players = [];
  for (let i = 0; i < 7; i++) {
    const nickname = nick(`ev${i}_`);
    players.push({ nickname, cookie: await signUp(nickname) });
  }
}, 180_000);

const newClub = async (): Promise<ClubPage> => json<ClubPage>(await post("/api/clubs", CLUB, owner), 201);
const newEvening = async (clubId: string, extra: Record<string, unknown> = {}): Promise<EveningPage> =>
  json<EveningPage>(await post(`/api/clubs/${clubId}/evenings`, { startsAt: Date.now() + 48 * HOUR, place: "Podil, Kyiv", presetId: "classic", seats: { min: 6, max: 6 }, ...extra }, owner), 201);
const path = (p: EveningPage) => `/api/clubs/${p.club.id}/evenings/${p.evening.id}`;
const view = async (p: EveningPage, cookie?: string) => json<EveningPage>(await get(path(p), cookie));
const kinds = (ns: ClubNotice[]) => ns.map((n) => n.kind).sort();
const advance = async (clubId: string, ms: number) => json<{ now: number }>(await post(`/api/clubs/${clubId}/test-clock`, { ms }, owner));

async function signUpAll(p: EveningPage, who = players): Promise<void> {
  for (const x of who) await json<EveningPage>(await post(`${path(p)}/signup`, {}, x.cookie));
}

describe("§6.11 editing and cancelling an evening (issue 35)", () => {
  let club: ClubPage;
  let ev: EveningPage;

  beforeAll(async () => {
    club = await newClub();
    ev = await newEvening(club.club.id);
    await signUpAll(ev);
  });

  it("only the owner or a host edits; a bad body is a typed 400 and changes nothing", async () => {
    expect(await errorCode(await post(`${path(ev)}/edit`, { place: "Elsewhere" }, players[0]!.cookie))).toEqual({ status: 403, code: "not-club-host" });
    expect(await errorCode(await post(`${path(ev)}/cancel`, {}, players[0]!.cookie))).toEqual({ status: 403, code: "not-club-host" });
    expect(await errorCode(await post(`${path(ev)}/edit`, { colour: "red" }, owner))).toEqual({ status: 400, code: "bad-request" });
    expect(await errorCode(await post(`${path(ev)}/edit`, {}, owner))).toEqual({ status: 400, code: "bad-request" });
    expect(await errorCode(await post(`${path(ev)}/edit`, { startsAt: Date.now() - HOUR }, owner))).toEqual({ status: 400, code: "bad-request" });
    // 6 are seated: the seats cannot drop below that.
    expect(await errorCode(await post(`${path(ev)}/edit`, { seats: { min: 6, max: 5 } }, owner))).toEqual({ status: 400, code: "bad-settings" });
    const after = await view(ev, players[0]!.cookie);
    expect(after.evening.place).toBe("Podil, Kyiv");
    expect(after.notices).toEqual([]);
  });

  it("an edit of time and place reaches everyone signed up (seated and reserve) as a 'changed' notice", async () => {
    const edited = await json<EveningPage>(await post(`${path(ev)}/edit`, { startsLocal: utcToWallTime(ev.evening.startsAt + 24 * HOUR, "Europe/Kyiv"), place: "Obolon, Kyiv" }, owner));
    expect(edited.evening).toMatchObject({ place: "Obolon, Kyiv", startsAt: Math.floor((ev.evening.startsAt + 24 * HOUR) / 60_000) * 60_000 });
    for (const p of players) expect(kinds((await view(ev, p.cookie)).notices)).toEqual(["changed"]);
    expect((await view(ev, owner)).notices).toEqual([]);
  });

  it("more seats move the reserve up at once, with a 'promoted' notice", async () => {
    const before = await view(ev);
    expect(before.reserveList.map((r) => r.nickname)).toEqual([players[6]!.nickname]);
    const edited = await json<EveningPage>(await post(`${path(ev)}/edit`, { seats: { min: 6, max: 7 } }, owner));
    expect(edited.seatedList).toHaveLength(7);
    expect(edited.reserveList).toEqual([]);
    expect(kinds((await view(ev, players[6]!.cookie)).notices)).toEqual(["changed", "changed", "promoted"]);
  });

  it("cancel: status cancelled, one 'cancelled' notice each (a second press adds none), sign-up and edit refused", async () => {
    const out = await json<EveningPage>(await post(`${path(ev)}/cancel`, {}, owner));
    expect(out.evening.status).toBe("cancelled");
    await json<EveningPage>(await post(`${path(ev)}/cancel`, {}, owner));
    for (const p of players) expect(kinds((await view(ev, p.cookie)).notices).filter((k) => k === "cancelled")).toEqual(["cancelled"]);
    const late = await signUp(nick("late"));
    expect(await errorCode(await post(`${path(ev)}/signup`, {}, late))).toEqual({ status: 409, code: "signup-closed" });
    expect(await errorCode(await post(`${path(ev)}/edit`, { place: "Again" }, owner))).toEqual({ status: 409, code: "evening-not-open" });
    // "My evenings" carries the same notices.
    const mine = await json<{ notices: ClubNotice[] }>(await get("/api/clubs/mine", players[0]!.cookie));
    expect(mine.notices.filter((n) => n.eveningId === ev.evening.id).map((n) => n.kind).sort()).toEqual(["cancelled", "changed", "changed"]);
  });
});

describe("§6.11 the confirmation deadline (issue 35): unconfirmed seats go to the reserve's end, the reserve moves up", () => {
  let club: ClubPage;
  let ev: EveningPage;

  beforeAll(async () => {
    club = await newClub();
    ev = await newEvening(club.club.id, { confirmHours: 24 });
    await signUpAll(ev); // p0..p5 seated, p6 reserve #1
    for (const i of [0, 2, 3, 4]) await json<EveningPage>(await post(`${path(ev)}/confirm`, {}, players[i]!.cookie));
  });

  it("before the deadline nothing moves; the page says when it is", async () => {
    await advance(club.club.id, 23 * HOUR);
    const v = await view(ev);
    expect(v.evening.confirmBy).toBe(ev.evening.startsAt - 24 * HOUR);
    expect(v.seatedList.map((s) => s.nickname)).toEqual(players.slice(0, 6).map((p) => p.nickname));
    expect(v.reserveList.map((r) => r.nickname)).toEqual([players[6]!.nickname]);
  });

  it("past it (the club's clock moved), read by five at once: p1 and p5 to the reserve's end, p6 then p1 move up — once", async () => {
    await advance(club.club.id, 2 * HOUR);
    const pages = await Promise.all(Array.from({ length: 5 }, () => view(ev)));
    const v = pages[0]!;
    expect(v.seatedList.map((s) => s.nickname).sort()).toEqual([0, 1, 2, 3, 4, 6].map((i) => players[i]!.nickname).sort());
    expect(v.reserveList).toEqual([{ nickname: players[5]!.nickname, position: 1 }]);
    expect(kinds((await view(ev, players[1]!.cookie)).notices)).toEqual(["promoted", "unconfirmed"]);
    expect(kinds((await view(ev, players[5]!.cookie)).notices)).toEqual(["unconfirmed"]);
    expect(kinds((await view(ev, players[6]!.cookie)).notices)).toEqual(["promoted"]);
    expect((await view(ev, players[0]!.cookie)).notices).toEqual([]);
    const counts = await DB.prepare("SELECT kind, COUNT(*) AS n FROM notices WHERE evening_id = ? GROUP BY kind ORDER BY kind").bind(ev.evening.id).all<{ kind: string; n: number }>();
    expect(counts.results).toEqual([{ kind: "promoted", n: 2 }, { kind: "unconfirmed", n: 2 }]);
    // The promoted may still confirm; a later withdrawal still moves the reserve up.
    expect((await json<EveningPage>(await post(`${path(ev)}/confirm`, {}, players[6]!.cookie))).you).toMatchObject({ state: "seated", confirmed: true });
    await json<EveningPage>(await post(`${path(ev)}/withdraw`, {}, players[0]!.cookie));
    expect((await view(ev, players[5]!.cookie)).you).toMatchObject({ state: "seated" });
  });
});

describe("§6.11 the weekly evening (issue 35): the next date is made once the evening is over", () => {
  it("a week later at the same wall time in the club's zone, across a DST change too", () => {
    // Kyiv leaves summer time on Sunday 25 October 2026: Friday 19:00 stays Friday 19:00.
    const fri = Date.UTC(2026, 9, 23, 16, 0); // 19:00 EEST
    expect(utcToWallTime(weekLater(fri, "Europe/Kyiv"), "Europe/Kyiv")).toBe("2026-10-30T19:00");
    expect(weekLater(fri, "Europe/Kyiv") - fri).toBe(7 * 24 * HOUR + HOUR);
  });

  it("keeps place, format, seats and deadline; five readers at once make one", async () => {
    const club = await newClub();
    const startLocal = utcToWallTime(Date.now() + 72 * HOUR, "Europe/Kyiv").slice(0, 11) + "19:00";
    const ev = json<EveningPage>(
      await post(`/api/clubs/${club.club.id}/evenings`, { startsLocal: startLocal, place: "Podil, Kyiv", presetId: "classic", seats: { min: 6, max: 8 }, weekly: true, confirmHours: 3 }, owner),
      201,
    );
    const first = await ev;
    let page = await json<ClubPage>(await get(`/api/clubs/${club.club.id}`));
    expect(page.upcoming.map((e) => e.id)).toEqual([first.evening.id]);
    await advance(club.club.id, first.evening.startsAt - Date.now() + 5 * HOUR);
    const pages = await Promise.all(Array.from({ length: 5 }, () => get(`/api/clubs/${club.club.id}`).then((r) => json<ClubPage>(r))));
    page = pages[0]!;
    const rows = await DB.prepare("SELECT id FROM evenings WHERE repeat_of = ?").bind(first.evening.id).all();
    expect(rows.results).toHaveLength(1);
    expect(page.upcoming).toHaveLength(1);
    const next = page.upcoming[0]!;
    expect(utcToWallTime(next.startsAt, "Europe/Kyiv")).toBe(utcToWallTime(weekLater(first.evening.startsAt, "Europe/Kyiv"), "Europe/Kyiv"));
    expect(utcToWallTime(next.startsAt, "Europe/Kyiv").slice(11)).toBe("19:00");
    expect(next).toMatchObject({ place: "Podil, Kyiv", presetId: "classic", seats: { min: 6, max: 8 }, weekly: true, status: "open", confirmBy: next.startsAt - 3 * HOUR });
    expect(next.signup.open).toBe(true);
    // The next is not repeated until it is over itself.
    await get(`/api/clubs/${club.club.id}`);
    expect((await DB.prepare("SELECT COUNT(*) AS n FROM evenings WHERE club_id = ?").bind(club.club.id).first<{ n: number }>())!.n).toBe(2);
  });

  it("the test clock moves only its own club's time", async () => {
    const a = await newClub();
    const b = await newClub();
    const before = (await advance(b.club.id, 0)).now;
    await advance(a.club.id, 100 * HOUR);
    expect((await advance(b.club.id, 0)).now - before).toBeLessThan(HOUR);
  });
});

describe("§6.11 seats held per account at the evening's table until the start (issue 35)", () => {
  it("the rule: seated sign-ups always; before the start nobody else; from it, the first k reserves for k no-shows", () => {
    const seated = ["a", "b", "c"];
    const hold = { reserve: ["r1", "r2", "r3"], until: 1000 };
    expect(eveningJoinAllowed(seated, hold, "a", [], 0)).toBe(true);
    expect(eveningJoinAllowed(seated, hold, "r1", [], 999)).toBe(false);
    expect(eveningJoinAllowed(seated, hold, undefined, [], 2000)).toBe(false);
    // b and c came, a did not: one seat for r1, none for r2.
    expect(eveningJoinAllowed(seated, hold, "r1", ["b", "c"], 1000)).toBe(true);
    expect(eveningJoinAllowed(seated, hold, "r2", ["b", "c"], 1000)).toBe(false);
    // Only c came: r1 and r2; r1 already seated takes one of the two.
    expect(eveningJoinAllowed(seated, hold, "r2", ["c", "r1"], 1000)).toBe(true);
    expect(eveningJoinAllowed(seated, hold, "r3", ["c", "r1"], 1000)).toBe(false);
    expect(eveningJoinAllowed(seated, hold, "stranger", [], 5000)).toBe(false);
    expect(eveningJoinAllowed(seated, undefined, "r1", [], 5000)).toBe(false);
  });

  it("at the table: reserve #1 is refused before the start and takes the no-show's seat after it", async () => {
    const club = await newClub();
    const startsAt = Date.now() + 6000;
    const ev = await newEvening(club.club.id, { startsAt });
    await signUpAll(ev); // p0..p5 seated, p6 reserve #1
    const opened = await json<{ code: string }>(await post(`${path(ev)}/open`, {}, owner), 201);
    const sit = (p: { nickname: string; cookie: string }) => post(`/api/tables/${opened.code}/join`, { nickname: p.nickname, deviceId: deviceFor(p.nickname) }, p.cookie, { "cf-connecting-ip": "203.0.113.35" });
    expect(await errorCode(await sit(players[6]!))).toEqual({ status: 403, code: "not-invited" });
    for (const p of players.slice(0, 5)) expect((await sit(p)).status, p.nickname).toBe(200);
    // p5 has not come. Wait until the evening's start has passed (a known instant, not a guess).
    while (Date.now() <= startsAt + 50) await new Promise((r) => setTimeout(r, 100));
    const late = await signUp(nick("stranger"));
    expect(await errorCode(await sit({ nickname: nick("Strg"), cookie: late }))).toEqual({ status: 403, code: "not-invited" });
    // Before p6 sits, the lists are as the table found them.
    expect((await view(ev, players[6]!.cookie)).reserveList.map((r) => r.nickname)).toEqual([players[6]!.nickname]);
    expect((await sit(players[6]!)).status).toBe(200);

    // Written back to the evening's lists: p6 played (seated, with a 'promoted' notice), p5 stayed on the reserve.
    const after = await view(ev, players[6]!.cookie);
    expect(after.seatedList.map((r) => r.nickname)).toEqual([...players.slice(0, 5), players[6]!].map((p) => p.nickname));
    expect(after.reserveList).toEqual([{ nickname: players[5]!.nickname, position: 1 }]);
    expect(after.you?.state).toBe("seated");
    expect(kinds(after.notices)).toEqual(["promoted"]);
    const mine = await json<{ notices: ClubNotice[] }>(await get("/api/clubs/mine", players[6]!.cookie));
    expect(mine.notices.filter((n) => n.eveningId === ev.evening.id).map((n) => n.kind)).toEqual(["promoted"]);
    // Nobody else was told anything; p5 is on the reserve list as #1.
    for (const p of players.slice(0, 6)) expect((await view(ev, p.cookie)).notices, p.nickname).toEqual([]);
    expect((await view(ev, players[5]!.cookie)).you).toMatchObject({ state: "reserve", position: 1 });
    // The same table sent again (the write-back runs at every join after the start): nothing moves, no second notice.
    const table = [...players.slice(0, 5), players[6]!].map((p) => p.nickname);
    const ids = (await DB.prepare(`SELECT id FROM users WHERE nick IN (${table.map(() => "?").join(",")})`).bind(...table).all<{ id: string }>()).results.map((r) => r.id);
    expect(await tableMoveUp(DB, ev.evening.id, ids, Date.now())).toEqual([]);
    expect((await view(ev, players[6]!.cookie)).seatedList.map((r) => r.nickname)).toEqual(table);
    expect(kinds((await view(ev, players[6]!.cookie)).notices)).toEqual(["promoted"]);
  }, 60_000);
});
