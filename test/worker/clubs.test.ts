/**
 * Clubs, evenings and sign-ups (issue 19, RULES.md §6.11 "Sign-up: one 'OK, let's play' and a confirmation
 * of the evening; when full, the player goes to a reserve list and moves up automatically when a seat
 * frees"; docs/CLUBS.md): the concurrent sign-up (50 presses for 12 seats), promotion on withdrawal with a
 * notice, double presses, and the API's validation and permissions.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ClubPage, EveningPage, MyClubs } from "../../shared/protocol/clubs.ts";
import { get, json, nick, post, signUp } from "./accounts-helpers.ts";
import { deviceFor } from "./helpers.ts";

const DB = env.DB;
const HOUR = 3600_000;

async function errorCode(res: Response): Promise<{ status: number; code: string; paths: string[] }> {
  const body = (await res.json()) as { error: { code: string; issues?: { path: string }[] } };
  return { status: res.status, code: body.error.code, paths: [...new Set((body.error.issues ?? []).map((i) => i.path))] };
}

const CLUB = { name: "Tatar Sunday", city: "Kazan", language: "ru", formats: ["club", "tatar"], timeZone: "Europe/Moscow" };

async function newClub(owner: string, extra: Record<string, unknown> = {}): Promise<ClubPage> {
  return json<ClubPage>(await post("/api/clubs", { ...CLUB, ...extra }, owner), 201);
}

async function newEvening(cookie: string, clubId: string, extra: Record<string, unknown> = {}): Promise<EveningPage> {
  return json<EveningPage>(await post(`/api/clubs/${clubId}/evenings`, { startsAt: Date.now() + 48 * HOUR, place: "Café Ural", presetId: "club", ...extra }, cookie), 201);
}

const eveningPath = (p: EveningPage) => `/api/clubs/${p.club.id}/evenings/${p.evening.id}`;

/** Sign up many accounts at once (password hashing dominates; a few at a time keeps the pool calm). */
async function people(n: number, base: string): Promise<{ nickname: string; cookie: string }[]> {
  const out: { nickname: string; cookie: string }[] = [];
  for (let i = 0; i < n; i += 10) {
    const batch = Array.from({ length: Math.min(10, n - i) }, (_, k) => nick(`${base}${i + k}_`));
    out.push(...(await Promise.all(batch.map(async (nickname) => ({ nickname, cookie: await signUp(nickname) })))));
  }
  return out;
}

describe("§6.11 sign-up under concurrency: 50 presses for 12 seats", () => {
  let owner: string;
  let page: EveningPage;
  let players: { nickname: string; cookie: string }[];
  let answers: EveningPage[];

  beforeAll(async () => {
    owner = await signUp(nick("Owner"));
    const club = await newClub(owner);
    page = await newEvening(owner, club.club.id, { seats: { min: 12, max: 12 } });
    players = await people(50, "p");
    // Everyone presses "OK, let's play" in the same instant.
    answers = await Promise.all(players.map((p) => post(`${eveningPath(page)}/signup`, {}, p.cookie).then((r) => json<EveningPage>(r))));
  }, 240_000); // 51 accounts, each a password hash: how long a starved machine may take, not what it must do

  it("seats exactly 12 and puts 38 on the reserve list, positions 1..38 in the order the inserts landed, no duplicates", async () => {
    const view = await json<EveningPage>(await get(eveningPath(page)));
    expect(view.seatedList).toHaveLength(12);
    expect(view.reserveList).toHaveLength(38);
    expect(view.evening).toMatchObject({ seated: 12, reserve: 38 });
    expect(view.reserveList.map((r) => r.position)).toEqual(Array.from({ length: 38 }, (_, i) => i + 1));
    const names = [...view.seatedList.map((s) => s.nickname), ...view.reserveList.map((r) => r.nickname)];
    expect(new Set(names).size).toBe(50);
    expect(new Set(names)).toEqual(new Set(players.map((p) => p.nickname)));

    // The order the inserts landed: seq 1..50 with no gap; seq 1..12 are the seated, 13..50 the reserve in order.
    const rows = await DB.prepare("SELECT u.nick, s.seq, s.state FROM signups s JOIN users u ON u.id = s.user_id WHERE s.evening_id = ? ORDER BY s.seq")
      .bind(page.evening.id)
      .all<{ nick: string; seq: number; state: string }>();
    expect(rows.results.map((r) => r.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(rows.results.slice(0, 12).every((r) => r.state === "seated")).toBe(true);
    expect(rows.results.slice(12).map((r) => r.nick)).toEqual(view.reserveList.map((r) => r.nickname));

    // Each presser's own answer said where they landed, and it matches the list.
    const seatedAnswers = answers.filter((a) => a.you?.state === "seated");
    expect(seatedAnswers).toHaveLength(12);
    const reservePositions = answers.filter((a) => a.you?.state === "reserve").map((a) => a.you!.position);
    expect(reservePositions.sort((a, b) => a! - b!)).toEqual(Array.from({ length: 38 }, (_, i) => i + 1));
    for (const [i, p] of players.entries()) {
      const you = answers[i]!.you!;
      if (you.state === "reserve") expect(view.reserveList[you.position! - 1]!.nickname).toBe(p.nickname);
      else expect(view.seatedList.map((s) => s.nickname)).toContain(p.nickname);
    }
  });

  it("a double press is harmless: same state, same position, no second row", async () => {
    const before = await json<EveningPage>(await get(eveningPath(page)));
    const reserve5 = players.find((p) => p.nickname === before.reserveList[4]!.nickname)!;
    const seated1 = players.find((p) => p.nickname === before.seatedList[0]!.nickname)!;
    const [a, b, c] = await Promise.all([
      post(`${eveningPath(page)}/signup`, {}, reserve5.cookie).then((r) => json<EveningPage>(r)),
      post(`${eveningPath(page)}/signup`, {}, reserve5.cookie).then((r) => json<EveningPage>(r)),
      post(`${eveningPath(page)}/signup`, {}, seated1.cookie).then((r) => json<EveningPage>(r)),
    ]);
    expect(a.you).toMatchObject({ state: "reserve", position: 5 });
    expect(b.you).toMatchObject({ state: "reserve", position: 5 });
    expect(c.you).toMatchObject({ state: "seated", position: null });
    const count = await DB.prepare("SELECT COUNT(*) AS n FROM signups WHERE evening_id = ?").bind(page.evening.id).first<{ n: number }>();
    expect(count!.n).toBe(50);
    const after = await json<EveningPage>(await get(eveningPath(page)));
    expect(after.seatedList).toEqual(before.seatedList);
    expect(after.reserveList).toEqual(before.reserveList);
  });

  it("a seated player withdraws: reserve #1 is seated in the same write and notified; everyone else moves up by one", async () => {
    const before = await json<EveningPage>(await get(eveningPath(page)));
    const leaving = players.find((p) => p.nickname === before.seatedList[3]!.nickname)!;
    const first = players.find((p) => p.nickname === before.reserveList[0]!.nickname)!;
    const firstBefore = await json<EveningPage>(await get(eveningPath(page), first.cookie));
    expect(firstBefore.you).toMatchObject({ state: "reserve", position: 1 });
    expect(firstBefore.notices).toEqual([]);

    const out = await json<EveningPage>(await post(`${eveningPath(page)}/withdraw`, {}, leaving.cookie));
    expect(out.you).toMatchObject({ state: "withdrawn", position: null });
    expect(out.seatedList).toHaveLength(12);
    expect(out.seatedList.map((s) => s.nickname)).not.toContain(leaving.nickname);
    expect(out.seatedList.at(-1)!.nickname).toBe(first.nickname);
    expect(out.reserveList.map((r) => r.nickname)).toEqual(before.reserveList.slice(1).map((r) => r.nickname));
    expect(out.reserveList.map((r) => r.position)).toEqual(Array.from({ length: 37 }, (_, i) => i + 1));

    // The promoted person sees it: their state, and a notice on the evening page and in "my evenings".
    const theirs = await json<EveningPage>(await get(eveningPath(page), first.cookie));
    expect(theirs.you).toMatchObject({ state: "seated", position: null });
    expect(theirs.notices).toHaveLength(1);
    expect(theirs.notices[0]).toMatchObject({ kind: "promoted", eveningId: page.evening.id, clubId: page.club.id, clubName: CLUB.name });
    const mine = await json<MyClubs>(await get("/api/clubs/mine", first.cookie));
    expect(mine.notices.map((n) => n.kind)).toEqual(["promoted"]);
    expect(mine.signups.find((s) => s.evening.id === page.evening.id)?.you).toMatchObject({ state: "seated" });
    // Each remaining reserve's own position moved up by one.
    for (const [i, r] of before.reserveList.slice(1, 6).entries()) {
      const p = players.find((x) => x.nickname === r.nickname)!;
      const v = await json<EveningPage>(await get(eveningPath(page), p.cookie));
      expect(v.you).toMatchObject({ state: "reserve", position: i + 1 });
      expect(v.notices).toEqual([]);
    }
    // Nobody else got a notice.
    const notices = await DB.prepare("SELECT COUNT(*) AS n FROM notices WHERE evening_id = ?").bind(page.evening.id).first<{ n: number }>();
    expect(notices!.n).toBe(1);

    // Dismissed: gone from the page.
    const read = await json<{ notices: unknown[] }>(await post("/api/clubs/notices/read", { ids: [theirs.notices[0]!.id] }, first.cookie));
    expect(read.notices).toEqual([]);
    expect((await json<EveningPage>(await get(eveningPath(page), first.cookie))).notices).toEqual([]);
  });

  it("a withdrawing reserve is just removed (nobody is promoted); a second withdraw changes nothing", async () => {
    const before = await json<EveningPage>(await get(eveningPath(page)));
    const r3 = players.find((p) => p.nickname === before.reserveList[2]!.nickname)!;
    const out = await json<EveningPage>(await post(`${eveningPath(page)}/withdraw`, {}, r3.cookie));
    expect(out.seatedList).toEqual(before.seatedList);
    expect(out.reserveList.map((r) => r.nickname)).toEqual(before.reserveList.filter((_, i) => i !== 2).map((r) => r.nickname));
    const again = await json<EveningPage>(await post(`${eveningPath(page)}/withdraw`, {}, r3.cookie));
    expect(again.reserveList).toEqual(out.reserveList);
    const notices = await DB.prepare("SELECT COUNT(*) AS n FROM notices WHERE evening_id = ?").bind(page.evening.id).first<{ n: number }>();
    expect(notices!.n).toBe(1);
  });

  it("concurrent withdrawals of seated players promote exactly as many reserves, in reserve order, never 13 seated", async () => {
    const before = await json<EveningPage>(await get(eveningPath(page)));
    const leaving = before.seatedList.slice(0, 5).map((s) => players.find((p) => p.nickname === s.nickname)!);
    await Promise.all(leaving.map((p) => post(`${eveningPath(page)}/withdraw`, {}, p.cookie).then((r) => json<EveningPage>(r))));
    const after = await json<EveningPage>(await get(eveningPath(page)));
    expect(after.seatedList).toHaveLength(12);
    expect(after.seatedList.slice(-5).map((s) => s.nickname)).toEqual(before.reserveList.slice(0, 5).map((r) => r.nickname));
    expect(after.reserveList.map((r) => r.nickname)).toEqual(before.reserveList.slice(5).map((r) => r.nickname));
  });

  it("one who withdrew and signs up again goes to the end of the reserve list", async () => {
    const before = await json<EveningPage>(await get(eveningPath(page)));
    const back = players.find((p) => !before.seatedList.some((s) => s.nickname === p.nickname) && !before.reserveList.some((r) => r.nickname === p.nickname))!;
    const again = await json<EveningPage>(await post(`${eveningPath(page)}/signup`, {}, back.cookie));
    expect(again.you).toMatchObject({ state: "reserve", position: before.reserveList.length + 1 });
  });

  it("a seated player confirms the evening (twice is fine); a reserve cannot yet", async () => {
    const view = await json<EveningPage>(await get(eveningPath(page)));
    const seated = players.find((p) => p.nickname === view.seatedList[0]!.nickname)!;
    const reserve = players.find((p) => p.nickname === view.reserveList[0]!.nickname)!;
    const ok = await json<EveningPage>(await post(`${eveningPath(page)}/confirm`, {}, seated.cookie));
    expect(ok.you).toMatchObject({ state: "seated", confirmed: true });
    expect(ok.seatedList[0]).toEqual({ nickname: seated.nickname, confirmed: true });
    expect((await json<EveningPage>(await post(`${eveningPath(page)}/confirm`, {}, seated.cookie))).you?.confirmed).toBe(true);
    expect(await errorCode(await post(`${eveningPath(page)}/confirm`, {}, reserve.cookie))).toMatchObject({ status: 409, code: "signup-reserve" });
  });
});

describe("clubs API: validation and permissions (RULES.md §6.11, §8)", () => {
  let owner: string;
  let ownerNick: string;
  let host: string;
  let hostNick: string;
  let stranger: string;
  let club: ClubPage;

  beforeAll(async () => {
    ownerNick = nick("Own");
    hostNick = nick("Hst");
    [owner, host, stranger] = await Promise.all([signUp(ownerNick), signUp(hostNick), signUp(nick("Str"))]);
    club = await newClub(owner, { adultsOnly: true, name: "  Kyiv   Mafia  ", timeZone: "Europe/Kyiv" });
  });

  it("creates a club with its creator as owner; the text is normalised", async () => {
    expect(club.club).toMatchObject({ name: "Kyiv Mafia", city: "Kazan", formats: ["club", "tatar"], timeZone: "Europe/Kyiv", adultsOnly: true });
    expect(club.members).toEqual([{ nickname: ownerNick, role: "owner" }]);
    expect(club.you).toEqual({ role: "owner" });
    const page = await json<ClubPage>(await get(`/api/clubs/${club.club.id}`));
    expect(page.you).toBeNull();
    expect(page.upcoming).toEqual([]);
  });

  it("refuses a club without a session, and bad bodies with the failing paths", async () => {
    expect(await errorCode(await post("/api/clubs", CLUB))).toMatchObject({ status: 401, code: "sign-in-required" });
    expect(await errorCode(await post("/api/clubs", { ...CLUB, timeZone: "Mars/Olympus" }, owner))).toMatchObject({ status: 400, code: "bad-request", paths: ["timeZone"] });
    expect(await errorCode(await post("/api/clubs", { ...CLUB, formats: [] }, owner))).toMatchObject({ status: 400, code: "bad-request", paths: ["formats"] });
    expect(await errorCode(await post("/api/clubs", { ...CLUB, formats: ["club", "chess"] }, owner))).toMatchObject({ status: 400, code: "unknown-preset", paths: ["formats.1"] });
    expect(await errorCode(await post("/api/clubs", { ...CLUB, name: "   " }, owner))).toMatchObject({ status: 400, code: "bad-request", paths: ["name"] });
    expect(await errorCode(await post("/api/clubs", { ...CLUB, extra: 1 }, owner))).toMatchObject({ status: 400, code: "bad-request" });
    expect(await errorCode(await get("/api/clubs/cNOSUCHCLUB00000x"))).toMatchObject({ status: 404, code: "not-found" });
    expect(await errorCode(await get("/api/clubs/mine"))).toMatchObject({ status: 401, code: "sign-in-required" });
  });

  it("only the owner names and removes hosts (by nickname or account id); only owner and hosts create evenings", async () => {
    expect(await errorCode(await post(`/api/clubs/${club.club.id}/evenings`, { startsAt: Date.now() + HOUR, place: "Hall", presetId: "club" }, host))).toMatchObject({ status: 403, code: "not-club-host" });
    expect(await errorCode(await post(`/api/clubs/${club.club.id}/hosts`, { nickname: hostNick }, stranger))).toMatchObject({ status: 403, code: "not-club-owner" });
    expect(await errorCode(await post(`/api/clubs/${club.club.id}/hosts`, { nickname: hostNick }))).toMatchObject({ status: 401, code: "sign-in-required" });
    expect(await errorCode(await post(`/api/clubs/${club.club.id}/hosts`, { nickname: "nobody-here-x" }, owner))).toMatchObject({ status: 404, code: "not-found" });
    expect(await errorCode(await post(`/api/clubs/${club.club.id}/hosts`, { nickname: ownerNick }, owner))).toMatchObject({ status: 400, code: "bad-request" });
    expect(await errorCode(await post(`/api/clubs/${club.club.id}/hosts`, { nickname: hostNick, userId: "x" }, owner))).toMatchObject({ status: 400, code: "bad-request" });

    const named = await json<ClubPage>(await post(`/api/clubs/${club.club.id}/hosts`, { nickname: hostNick.toUpperCase() }, owner));
    expect(named.members).toEqual([{ nickname: ownerNick, role: "owner" }, { nickname: hostNick, role: "host" }]);
    const e = await newEvening(host, club.club.id);
    expect(e.canManage).toBe(true);

    const hostId = (await DB.prepare("SELECT id FROM users WHERE nick = ?").bind(hostNick).first<{ id: string }>())!.id;
    const removed = await json<ClubPage>(await post(`/api/clubs/${club.club.id}/hosts/remove`, { userId: hostId }, owner));
    expect(removed.members).toEqual([{ nickname: ownerNick, role: "owner" }, { nickname: hostNick, role: "member" }]);
    expect(await errorCode(await post(`/api/clubs/${club.club.id}/evenings`, { startsAt: Date.now() + HOUR, place: "Hall", presetId: "club" }, host))).toMatchObject({ status: 403, code: "not-club-host" });
  });

  it("checks the evening's body: one start, a place unless online, the club's formats, seats in the preset's range, the window", async () => {
    const path = `/api/clubs/${club.club.id}/evenings`;
    const base = { startsAt: Date.now() + 24 * HOUR, place: "Hall", presetId: "club" };
    const bad = async (body: Record<string, unknown>) => errorCode(await post(path, body, owner));
    expect(await bad({ ...base, startsLocal: "2030-01-01T18:00" })).toMatchObject({ status: 400, code: "bad-request" });
    expect(await bad({ startsAt: base.startsAt, presetId: "club" })).toMatchObject({ status: 400, code: "bad-request" });
    expect(await bad({ ...base, presetId: "sport" })).toMatchObject({ status: 400, code: "unknown-preset", paths: ["presetId"] });
    expect(await bad({ ...base, seats: { min: 10, max: 15 } })).toMatchObject({ status: 400, code: "bad-settings", paths: ["seats"] });
    expect(await bad({ ...base, seats: { min: 14, max: 13 } })).toMatchObject({ status: 400, code: "bad-settings", paths: ["seats"] });
    expect(await bad({ ...base, startsAt: Date.now() - HOUR })).toMatchObject({ status: 400, code: "bad-request", paths: ["startsAt"] });
    expect(await bad({ ...base, startsAt: undefined, startsLocal: "2030-02-30T18:00" })).toMatchObject({ status: 400, code: "bad-request", paths: ["startsLocal"] });
    expect(await bad({ ...base, signupClosesAt: base.startsAt + HOUR })).toMatchObject({ status: 400, code: "bad-request", paths: ["signupClosesAt"] });
    expect(await bad({ ...base, settings: { nope: 1 } })).toMatchObject({ status: 400, code: "bad-settings" });

    // Online, set in the club's wall time (Europe/Kyiv, +02:00 in January), the preset's seat range (club: 12–15), 21+ forced by the club.
    const e = await json<EveningPage>(await post(path, { startsLocal: "2030-01-06T18:00", online: true, presetId: "club", ageCheck: false, weekly: true }, owner), 201);
    expect(e.evening).toMatchObject({ startsAt: Date.UTC(2030, 0, 6, 16, 0), timeZone: "Europe/Kyiv", online: true, place: null, seats: { min: 12, max: 15 }, ageCheck: true, weekly: true, status: "open" });
    const page = await json<ClubPage>(await get(`/api/clubs/${club.club.id}`));
    expect(page.upcoming.map((x) => x.id)).toContain(e.evening.id);
  });

  it("21+: a sign-up without the age confirmation is refused and stores nothing", async () => {
    const e = await newEvening(owner, club.club.id);
    expect(await errorCode(await post(`${eveningPath(e)}/signup`, {}, stranger))).toMatchObject({ status: 400, code: "age-not-confirmed", paths: ["ageConfirmed"] });
    expect(await errorCode(await post(`${eveningPath(e)}/signup`, { ageConfirmed: false }, stranger))).toMatchObject({ status: 400, code: "age-not-confirmed" });
    expect(await DB.prepare("SELECT COUNT(*) AS n FROM signups WHERE evening_id = ?").bind(e.evening.id).first<{ n: number }>()).toEqual({ n: 0 });
    const ok = await json<EveningPage>(await post(`${eveningPath(e)}/signup`, { ageConfirmed: true }, stranger));
    expect(ok.you).toMatchObject({ state: "seated", ageConfirmed: true, confirmed: false });
    // Signing up made them a member of the club.
    const page = await json<ClubPage>(await get(`/api/clubs/${club.club.id}`, stranger));
    expect(page.you).toEqual({ role: "member" });
  });

  it("sign-up outside the window is refused: before it opens and after it closes", async () => {
    const now = Date.now();
    const later = await newEvening(owner, club.club.id, { signupOpensAt: now + HOUR, signupClosesAt: now + 2 * HOUR });
    expect(later.evening.signup.open).toBe(false);
    expect(await errorCode(await post(`${eveningPath(later)}/signup`, { ageConfirmed: true }, stranger))).toMatchObject({ status: 409, code: "signup-closed" });
    const closed = await newEvening(owner, club.club.id, { signupOpensAt: now - 2 * HOUR, signupClosesAt: now - HOUR });
    expect(await errorCode(await post(`${eveningPath(closed)}/signup`, { ageConfirmed: true }, stranger))).toMatchObject({ status: 409, code: "signup-closed" });
    // A cancelled evening (set directly: no cancel route in this step) refuses too, and nobody can withdraw from a started one.
    const open = await newEvening(owner, club.club.id);
    await post(`${eveningPath(open)}/signup`, { ageConfirmed: true }, stranger);
    await DB.prepare("UPDATE evenings SET status = 'started' WHERE id = ?").bind(open.evening.id).run();
    expect(await errorCode(await post(`${eveningPath(open)}/signup`, { ageConfirmed: true }, host))).toMatchObject({ status: 409, code: "signup-closed" });
    expect(await errorCode(await post(`${eveningPath(open)}/withdraw`, {}, stranger))).toMatchObject({ status: 409, code: "signup-closed" });
  });

  it("needs a session and a sign-up where it should; unknown evenings are 404", async () => {
    const e = await newEvening(owner, club.club.id);
    expect(await errorCode(await post(`${eveningPath(e)}/signup`, { ageConfirmed: true }))).toMatchObject({ status: 401, code: "sign-in-required" });
    expect(await errorCode(await post(`${eveningPath(e)}/withdraw`, {}))).toMatchObject({ status: 401, code: "sign-in-required" });
    expect(await errorCode(await post(`${eveningPath(e)}/confirm`, {}, host))).toMatchObject({ status: 409, code: "not-signed-up" });
    expect(await errorCode(await post(`${eveningPath(e)}/withdraw`, {}, host))).toMatchObject({ status: 409, code: "not-signed-up" });
    expect(await errorCode(await post(`${eveningPath(e)}/signup`, { ageConfirmed: "yes" }, host))).toMatchObject({ status: 400, code: "bad-request" });
    expect(await errorCode(await get(`/api/clubs/${club.club.id}/evenings/eNOSUCHEVENING00x`))).toMatchObject({ status: 404, code: "not-found" });
    expect(await errorCode(await get(`/api/clubs/${club.club.id}/evenings/x`))).toMatchObject({ status: 404, code: "not-found" });
    // An evening of another club is not found under this one.
    const other = await newClub(owner);
    expect(await errorCode(await get(`/api/clubs/${other.club.id}/evenings/${e.evening.id}`))).toMatchObject({ status: 404, code: "not-found" });
  });

  it("'my evenings' lists the person's sign-ups with their state, and their clubs", async () => {
    const mine = await json<MyClubs>(await get("/api/clubs/mine", stranger));
    expect(mine.clubs).toEqual([{ id: club.club.id, name: "Kyiv Mafia", city: "Kazan", role: "member" }]);
    expect(mine.signups.length).toBeGreaterThan(0);
    expect(mine.signups.every((s) => s.club.id === club.club.id && s.you.state === "seated")).toBe(true);
    const starts = mine.signups.map((s) => s.evening.startsAt);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });
});

describe("§6.11 the host opens the evening's table: the signed-up players sit there by their accounts (issue 19)", () => {
  it("the owner opens the table (live host, the evening's format); seated sign-ups sit down signed in; the reserve, a guest and a stranger may not; a second open answers with the table; sign-up is over", async () => {
    const owner = await signUp(nick("Opn"));
    const club = await newClub(owner);
    const page = await newEvening(owner, club.club.id, { seats: { min: 12, max: 12 }, settings: { witness: 1 } });
    const crowd = await people(13, "o");
    for (const p of crowd) await json<EveningPage>(await post(`${eveningPath(page)}/signup`, {}, p.cookie));
    const stranger = await signUp(nick("Strg"));
    expect(await errorCode(await post(`${eveningPath(page)}/open`, {}, stranger))).toMatchObject({ status: 403, code: "not-club-host" });
    expect(await errorCode(await post(`${eveningPath(page)}/open`, {}))).toMatchObject({ status: 401, code: "sign-in-required" });

    const opened = await json<{ code: string; organizerToken: string; evening: EveningPage }>(await post(`${eveningPath(page)}/open`, {}, owner), 201);
    expect(opened.evening.evening).toMatchObject({ status: "started", tableCode: opened.code });
    expect((await json<EveningPage>(await get(eveningPath(page)))).evening.tableCode).toBe(opened.code);
    const summary = await json<{ presetId: string; host: string; seats: { max: number } }>(await get(`/api/tables/${opened.code}`));
    expect(summary).toMatchObject({ presetId: "club", host: "live" });
    expect(await errorCode(await post(`${eveningPath(page)}/open`, {}, owner))).toMatchObject({ status: 409, code: "table-started" });
    expect(await errorCode(await post(`${eveningPath(page)}/signup`, {}, stranger))).toMatchObject({ status: 409, code: "signup-closed" });

    // The twelve seated sit down with their accounts; the reserve, a guest and a stranger may only watch.
    const sit = (nickname: string, cookie?: string) => post(`/api/tables/${opened.code}/join`, { nickname, deviceId: deviceFor(nickname) }, cookie, { "cf-connecting-ip": "203.0.113.9" });
    for (const p of crowd.slice(0, 12)) expect((await sit(p.nickname, p.cookie)).status, p.nickname).toBe(200);
    expect(await errorCode(await sit(crowd[12]!.nickname, crowd[12]!.cookie))).toMatchObject({ status: 403, code: "not-invited" });
    expect(await errorCode(await sit("Guest"))).toMatchObject({ status: 403, code: "not-invited" });
    expect(await errorCode(await sit("Strg", stranger))).toMatchObject({ status: 403, code: "not-invited" });
    expect((await json<{ seats: { taken: number } }>(await get(`/api/tables/${opened.code}`))).seats.taken).toBe(12);

    // §8 publication: once the table is open, a seated player who opted out reads as hidden in the evening's
    // lists to everyone else (their records say "Player N"), and as themself to themself.
    const shy = crowd[3]!;
    await json(await post("/api/me/publication", { publish: false }, shy.cookie));
    const seen = await json<EveningPage>(await get(eveningPath(page), stranger));
    expect(seen.seatedList.map((s) => s.nickname)).toEqual(crowd.slice(0, 12).map((p) => (p === shy ? null : p.nickname)));
    expect(JSON.stringify(seen)).not.toContain(shy.nickname);
    expect((await json<EveningPage>(await get(eveningPath(page), shy.cookie))).seatedList[3]!.nickname).toBe(shy.nickname);
  }, 240_000);
});
