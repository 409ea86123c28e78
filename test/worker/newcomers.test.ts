/**
 * Issue 37, a club's newcomers (RULES.md §7.10–§7.11 *decisions*; docs/NEWCOMERS.md):
 *  - §7.11 the rules test: ten questions drawn by the server, checked by the server; the correct options
 *    and the explanations are in no body before the attempt is answered; eight right pass; a pass is kept
 *    per account and format and shows on the profile; a failed test waits ten minutes (a moved clock);
 *  - §7.11 a club that requires the test: sign-up and the evening's table refuse an account without a
 *    pass (`rules-test-required`), and accept it after the pass;
 *  - §7.10 a rating table (a club evening's table while the club's season runs) does not start while a
 *    newcomer (fewer than 10 finished games of the format) has no bound consigliere — the views say who
 *    (`needsConsigliere`); an advising member asked by the newcomer accepts and the game starts; the same
 *    newcomer at an unrated table starts at once.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../shared/protocol/accounts.ts";
import type { ClubPage, EveningPage, OpenEveningResponse } from "../../shared/protocol/clubs.ts";
import type { JoinResponse } from "../../shared/protocol/http.ts";
import type { EveningNewcomers, RulesTestAttempt, RulesTestResult, RulesTestStatus } from "../../shared/protocol/rules-test.ts";
import { BANKS, RETAKE_WAIT_MS } from "../../shared/rules-test/index.ts";
import { get, json, nick, openEveningAsHost, post, signUp, sitByAccount } from "./accounts-helpers.ts";
import { control } from "./fixture.ts";
import { type Client, connectAs, deviceFor, from, until } from "./helpers.ts";

let open: Client[] = [];
afterEach(() => {
  for (const c of open) c.close();
  open = [];
  vi.useRealTimers();
});

type Person = { nick: string; cookie: string };
const person = async (base: string): Promise<Person> => {
  const n = nick(base);
  return { nick: n, cookie: await signUp(n) };
};
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; issues?: { path: string; message: string }[] } }).error;

/** The right option of each drawn question, found by its text in the bank (the test knows the bank; the page does not). */
function rightAnswers(a: RulesTestAttempt): number[] {
  return a.questions.map((q) => {
    const b = BANKS[a.format]!.find((x) => x.id === q.id)!;
    const o = b.options[b.correct]!;
    const en = typeof o === "string" ? o : o.en;
    const i = q.options.findIndex((x) => x.en === en);
    expect(i, q.id).toBeGreaterThanOrEqual(0);
    return i;
  });
}
const wrongAnswers = (a: RulesTestAttempt) => rightAnswers(a).map((r, i) => (r + 1) % a.questions[i]!.options.length);

/** No correct option and no explanation of the format's bank in a body (or frame) the page holds before answering. */
function expectNoAnswers(text: string, format: string, what: string): void {
  expect(text, what).not.toMatch(/"correct"|"explanation"|"right"/);
  for (const q of BANKS[format]!) for (const lang of ["en", "uk", "ru"] as const) expect(text.includes(q.explanation[lang]), `${what}: ${q.id} ${lang}`).toBe(false);
}

async function startTest(p: Person, format: string, status = 201): Promise<RulesTestAttempt> {
  const res = await post(`/api/rules-test/${format}/start`, {}, p.cookie);
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expectNoAnswers(text, format, "start");
  return JSON.parse(text) as RulesTestAttempt;
}

async function pass(p: Person, format: string): Promise<RulesTestResult> {
  const a = await startTest(p, format);
  return json<RulesTestResult>(await post(`/api/rules-test/attempts/${a.id}/answer`, { answers: rightAnswers(a) }, p.cookie));
}

describe("RULES.md §7.11 the rules test (server-drawn, server-checked)", () => {
  it("§7.11 ten questions without answers; the answer brings score, correct options and explanations; eight right pass; the pass shows on the profile; an attempt is answered once", async () => {
    const p = await person("Tst");
    expect((await post("/api/rules-test/tatar/start", {})).status, "signed in only").toBe(401);
    expect((await post("/api/rules-test/nosuch/start", {}, p.cookie)).status).toBe(404);

    const a = await startTest(p, "tatar");
    expect(a.questions).toHaveLength(10);
    expect(new Set(a.questions.map((q) => q.id)).size).toBe(10);
    for (const q of a.questions) expect(Object.keys(q).sort()).toEqual(["id", "options", "section", "text"]);
    // Before answering: the status, a second start (the same attempt comes back), the profile — no answers anywhere.
    const status = await get("/api/rules-test/tatar", p.cookie);
    const statusText = await status.text();
    expectNoAnswers(statusText, "tatar", "status");
    expect((JSON.parse(statusText) as RulesTestStatus).attempt?.id).toBe(a.id);
    const again = await startTest(p, "tatar", 200);
    expect(again).toEqual(a);
    expectNoAnswers(await (await get(`/api/users/${encodeURIComponent(p.nick)}`, p.cookie)).text(), "tatar", "profile");

    // Bad input changes nothing: too few answers, another account's attempt.
    const short = await post(`/api/rules-test/attempts/${a.id}/answer`, { answers: [0, 0] }, p.cookie);
    expect(short.status).toBe(400);
    const other = await person("Oth");
    expect((await post(`/api/rules-test/attempts/${a.id}/answer`, { answers: rightAnswers(a) }, other.cookie)).status).toBe(404);

    // Eight right, two wrong: a pass (§7.11 "eight right passes").
    const right = rightAnswers(a);
    const wrong = wrongAnswers(a);
    const answers = [...right.slice(0, 8), ...wrong.slice(8)];
    const result = await json<RulesTestResult>(await post(`/api/rules-test/attempts/${a.id}/answer`, { answers }, p.cookie));
    expect(result).toMatchObject({ score: 8, passed: true, passMark: 8, size: 10, retakeAt: null });
    expect(result.results.map((r) => r.correct)).toEqual(right);
    expect(result.results.map((r) => r.right)).toEqual([...Array(8).fill(true), false, false]);
    for (const r of result.results) expect(r.explanation).toEqual(BANKS.tatar!.find((q) => q.id === r.id)!.explanation);

    const twice = await post(`/api/rules-test/attempts/${a.id}/answer`, { answers: right }, p.cookie);
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).code).toBe("test-answered");

    const profile = await json<Profile>(await get(`/api/users/${encodeURIComponent(p.nick)}`));
    expect(profile.rulesTests).toEqual([{ format: "tatar", score: 8, passedAt: expect.any(Number) }]);
    expect(await json<RulesTestStatus>(await get("/api/rules-test/tatar", p.cookie))).toMatchObject({ pass: { score: 8 }, attempt: null, retakeAt: null });
  });

  it("§7.11 a failed test is refused a retake for ten minutes (a moved clock), then draws anew", async () => {
    const p = await person("Fail");
    const a = await startTest(p, "sport");
    const failed = await json<RulesTestResult>(await post(`/api/rules-test/attempts/${a.id}/answer`, { answers: wrongAnswers(a) }, p.cookie));
    expect(failed).toMatchObject({ score: 0, passed: false });
    const t0 = Date.now();
    expect(failed.retakeAt).toBeGreaterThanOrEqual(t0 + RETAKE_WAIT_MS - 5_000);

    const refused = await post("/api/rules-test/sport/start", {}, p.cookie);
    expect(refused.status).toBe(409);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(590);
    expect((await errorOf(refused)).code).toBe("retake-wait");
    expect(await json<RulesTestStatus>(await get("/api/rules-test/sport", p.cookie))).toMatchObject({ pass: null, retakeAt: failed.retakeAt });

    vi.setSystemTime(failed.retakeAt! - 1_000);
    const stillRefused = await post("/api/rules-test/sport/start", {}, p.cookie);
    expect(stillRefused.status, "a second before the ten minutes are up").toBe(409);
    expect(Number(stillRefused.headers.get("retry-after"))).toBe(1);
    // Another format is not held back by this one's failure.
    expect((await post("/api/rules-test/club/start", {}, p.cookie)).status).toBe(201);

    vi.setSystemTime(failed.retakeAt!);
    const b = await startTest(p, "sport");
    expect(b.id).not.toBe(a.id);
    const passed = await json<RulesTestResult>(await post(`/api/rules-test/attempts/${b.id}/answer`, { answers: rightAnswers(b) }, p.cookie));
    expect(passed).toMatchObject({ score: 10, passed: true });
  });
});

/** A club of `format` (owner), optionally requiring the test, with one evening two days ahead. */
async function clubEvening(tag: string, opts: { format?: string; requireTest?: boolean; season?: boolean } = {}) {
  const format = opts.format ?? "tatar";
  const owner = await person(`${tag}Own`);
  const club = await json<ClubPage>(await post("/api/clubs", { name: nick(`${tag}Club`), city: "Kazan", language: "ru", formats: [format], timeZone: "Europe/Moscow" }, owner.cookie), 201);
  const clubId = club.club.id;
  if (opts.requireTest) expect(await json(await post(`/api/clubs/${clubId}/rules-test`, { required: true }, owner.cookie))).toEqual({ rulesTest: { required: true, mark: 8 } });
  if (opts.season) expect((await post(`/api/clubs/${clubId}/seasons`, { name: `${tag} season` }, owner.cookie)).status).toBe(201);
  const e = await json<EveningPage>(await post(`/api/clubs/${clubId}/evenings`, { startsAt: Date.now() + 48 * 3600_000, place: "Hall", presetId: format }, owner.cookie), 201);
  return { owner, clubId, evening: `/api/clubs/${clubId}/evenings/${e.evening.id}` };
}

async function sit(code: string, who: Person): Promise<Response> {
  return post(`/api/tables/${code}/join`, { nickname: who.nick, deviceId: deviceFor(who.nick) }, who.cookie, from(who.nick));
}

const sitOk = (code: string, who: Person) => sitByAccount(code, who, open);

const openAsHost = (c: { owner: Person; evening: string }) => openEveningAsHost(c, open);

describe("RULES.md §7.11 a club that requires its rules test for evenings", () => {
  it("§7.11 sign-up and the evening's table refuse an account without a pass (rules-test-required, naming the format), and accept it after the pass", async () => {
    const c = await clubEvening("Req", { format: "tatar" });
    // Signed up before the club turned the requirement on.
    const early = await person("Early");
    expect((await post(`${c.evening}/signup`, {}, early.cookie)).status).toBe(200);
    expect((await post(`/api/clubs/${c.clubId}/rules-test`, { required: true }, early.cookie)).status, "only the owner").toBe(403);
    expect((await post(`/api/clubs/${c.clubId}/rules-test`, { required: true, mark: 11 }, c.owner.cookie)).status, "a mark over 10").toBe(400);
    expect(await json(await post(`/api/clubs/${c.clubId}/rules-test`, { required: true }, c.owner.cookie))).toEqual({ rulesTest: { required: true, mark: 8 } });

    // Sign-up: refused, nothing recorded; the evening's newcomer page says so for the viewer.
    const late = await person("Late");
    const refused = await post(`${c.evening}/signup`, {}, late.cookie);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: "rules-test-required", issues: [{ path: "rulesTest", message: "tatar" }] });
    expect(((await json<EveningPage>(await get(c.evening, late.cookie))).you)).toBeNull();
    expect(await json<EveningNewcomers>(await get(`${c.evening}/newcomers`, late.cookie))).toMatchObject({ format: "tatar", rulesTest: { required: true, mark: 8, hasBank: true, passed: false } });

    // The table: the early sign-up has a seat reserved but no pass.
    const { code } = await openAsHost(c);
    const atTable = await sit(code, early);
    expect(atTable.status).toBe(403);
    expect(await errorOf(atTable)).toMatchObject({ code: "rules-test-required", issues: [{ path: "rulesTest", message: "tatar" }] });

    // After the pass both are accepted.
    await pass(late, "tatar");
    expect(await json<EveningNewcomers>(await get(`${c.evening}/newcomers`, late.cookie))).toMatchObject({ rulesTest: { passed: true } });
    // (The table is open now: the sign-up's window is shut for everyone — but it is no longer the test that refuses.)
    expect((await errorOf(await post(`${c.evening}/signup`, {}, late.cookie))).code).not.toBe("rules-test-required");
    await pass(early, "tatar");
    await sitOk(code, early);
  });

  it("§7.11 the test is a condition of playing: the evening's named host, who takes no seat, is not told to pass it; a player without a pass is", async () => {
    const c = await clubEvening("HostNag", { format: "tatar" });
    const named = await person("Named");
    expect((await post(`/api/clubs/${c.clubId}/hosts`, { nickname: named.nick }, c.owner.cookie)).status).toBe(200);
    expect((await post(`${c.evening}/signup`, {}, c.owner.cookie)).status).toBe(200);
    expect((await post(`${c.evening}/open`, { play: true, host: named.nick }, c.owner.cookie)).status).toBe(201);
    expect((await post(`/api/clubs/${c.clubId}/rules-test`, { required: true }, c.owner.cookie)).status).toBe(200);
    expect(await json<EveningNewcomers>(await get(`${c.evening}/newcomers`, named.cookie))).toMatchObject({ rulesTest: { required: true, passed: null } });
    expect(await json<EveningNewcomers>(await get(`${c.evening}/newcomers`, c.owner.cookie))).toMatchObject({ rulesTest: { required: true, passed: false } });
  });

  it("§7.11 the pass opens the sign-up itself (before the table opens)", async () => {
    const c = await clubEvening("Req2", { format: "club", requireTest: true });
    const p = await person("Nc");
    expect((await errorOf(await post(`${c.evening}/signup`, {}, p.cookie))).code).toBe("rules-test-required");
    await pass(p, "club");
    expect((await json<EveningPage>(await post(`${c.evening}/signup`, {}, p.cookie))).you?.state).toBe("seated");
  });
});

describe("RULES.md §7.10 the consigliere at a rating table", () => {
  it("§7.10 a rating table with a newcomer and no consigliere does not start (the views say who); an advising member asked by the newcomer accepts and the game starts", async () => {
    const c = await clubEvening("Rate", { season: true });
    const newcomer = await person("New");
    const advisor = await person("Adv");
    expect((await post(`${c.evening}/signup`, {}, newcomer.cookie)).status).toBe(200);
    // The advisor is a member (the owner names them a host) and offers to advise; a non-member cannot offer.
    expect((await post(`/api/clubs/${c.clubId}/advise`, { offer: true }, advisor.cookie)).status).toBe(403);
    expect((await post(`/api/clubs/${c.clubId}/hosts`, { nickname: advisor.nick }, c.owner.cookie)).status).toBe(200);
    expect(await json(await post(`/api/clubs/${c.clubId}/advise`, { offer: true }, advisor.cookie))).toEqual({ advises: true, candidates: [advisor.nick] });
    // RULES.md §7.10 (2026-12-06): the advisor counts because the club marked them experienced.
    expect((await post(`/api/clubs/${c.clubId}/experience`, { nickname: advisor.nick, experienced: true }, c.owner.cookie)).status).toBe(200);

    const { code, host } = await openAsHost(c);
    const seat = await sitOk(code, newcomer);
    expect(await control(host, "fill", { type: "fill-bots" })).toMatchObject({ type: "ack" });
    await until(() => host.lastView().lobby.length === 12 && seat.client.lastView().lobby.length === 12, 15_000, "twelve seated");
    // Full, and still the lobby: the newcomer's seat is marked for everyone (the organizer sees who needs one).
    for (const v of [host.lastView(), seat.client.lastView()]) {
      expect(v.status).toBe("lobby");
      expect(v.lobby.filter((p) => p.needsConsigliere).map((p) => p.nickname)).toEqual([newcomer.nick]);
    }
    // The live host's start cannot force it (tatar starts by itself; the game waits).
    expect(await control(host, "start", { type: "start" })).toMatchObject({ type: "error" });
    expect(host.lastView().status).toBe("lobby");

    // The newcomer asks: only an advising member; a stranger's nickname is refused.
    expect((await post(`/api/tables/${code}/consigliere/ask`, { token: seat.join.token, nickname: c.owner.nick })).status).toBe(404);
    expect((await post(`/api/tables/${code}/consigliere/ask`, { token: "x".repeat(20), nickname: advisor.nick })).status).toBe(403);
    expect(await json(await post(`/api/tables/${code}/consigliere/ask`, { token: seat.join.token, nickname: advisor.nick }))).toEqual({ asked: advisor.nick });
    const page = await json<EveningNewcomers>(await get(`${c.evening}/newcomers`, advisor.cookie));
    expect(page.requests).toEqual([{ tableCode: code, playerId: seat.join.playerId, nickname: newcomer.nick }]);
    expect(page.candidates).toEqual([advisor.nick]);
    // Nobody else may accept for them.
    expect((await post(`/api/tables/${code}/consigliere/accept`, { playerId: seat.join.playerId }, c.owner.cookie)).status).toBe(404);

    // §7.10: never the newcomer's own address — the advisor's account from the network the newcomer alone sat down from is refused.
    const own = await post(`/api/tables/${code}/consigliere/accept`, { playerId: seat.join.playerId, deviceId: deviceFor(advisor.nick) }, advisor.cookie, from(newcomer.nick));
    expect([own.status, ((await own.json()) as { error: { code: string } }).error.code]).toEqual([409, "same-address"]);
    const accepted = await json<JoinResponse>(await post(`/api/tables/${code}/consigliere/accept`, { playerId: seat.join.playerId, deviceId: deviceFor(advisor.nick) }, advisor.cookie, from(advisor.nick)));
    expect(accepted.playerId).toBe(seat.join.playerId);
    await until(() => host.lastView().status === "playing" && seat.client.lastView().status === "playing", 15_000, "the game starts once the consigliere is bound");
    expect(host.lastView().lobby.find((p) => p.nickname === newcomer.nick)).toMatchObject({ consigliere: advisor.nick });
    expect(host.lastView().lobby.some((p) => p.needsConsigliere)).toBe(false);
    const adv = await connectAs(code, accepted.token, "advisor");
    open.push(adv);
    expect(adv.frames.find((m) => m.type === "welcome")).toMatchObject({ identity: { kind: "consigliere", playerId: seat.join.playerId } });
    // The request is used up.
    expect((await json<EveningNewcomers>(await get(`${c.evening}/newcomers`, advisor.cookie))).requests).toEqual([]);
    for (const cl of [host, seat.client]) expect(cl.schemaFailures, cl.name).toEqual([]);
  });

  it("§7.10 nobody can bind a consigliere once the cards are dealt: a request asked in the lobby cannot be accepted after the deal, nor a new one asked", async () => {
    const c = await clubEvening("Late", { season: false });
    const player = await person("PlL");
    const advisor = await person("AdvL");
    expect((await post(`${c.evening}/signup`, {}, player.cookie)).status).toBe(200);
    expect((await post(`/api/clubs/${c.clubId}/hosts`, { nickname: advisor.nick }, c.owner.cookie)).status).toBe(200);
    expect((await post(`/api/clubs/${c.clubId}/advise`, { offer: true }, advisor.cookie)).status).toBe(200);
    const { code, host } = await openAsHost(c);
    const seat = await sitOk(code, player);
    expect(await json(await post(`/api/tables/${code}/consigliere/ask`, { token: seat.join.token, nickname: advisor.nick }))).toEqual({ asked: advisor.nick });
    // The table fills and the cards are dealt before the advisor answers.
    expect(await control(host, "fill", { type: "fill-bots" })).toMatchObject({ type: "ack" });
    await until(() => host.lastView().status === "playing", 15_000, "the game starts");
    const late = await post(`/api/tables/${code}/consigliere/accept`, { playerId: seat.join.playerId, deviceId: deviceFor(advisor.nick) }, advisor.cookie);
    expect([late.status, (await errorOf(late)).code]).toEqual([409, "game-started"]);
    const asked = await post(`/api/tables/${code}/consigliere/ask`, { token: seat.join.token, nickname: advisor.nick });
    expect([asked.status, (await errorOf(asked)).code]).toEqual([409, "game-started"]);
    expect(host.lastView().lobby.some((p) => p.consigliere !== undefined)).toBe(false);
  });

  it("§7.10 an invitation code used by a signed-in experienced advisor binds and starts the waiting rating table", async () => {
    const c = await clubEvening("Code", { season: true });
    const newcomer = await person("NewC");
    const mentor = await person("Mentor");
    expect((await post(`${c.evening}/signup`, {}, newcomer.cookie)).status).toBe(200);
    expect((await post(`/api/clubs/${c.clubId}/hosts`, { nickname: mentor.nick }, c.owner.cookie)).status).toBe(200);
    expect((await post(`/api/clubs/${c.clubId}/experience`, { nickname: mentor.nick, experienced: true }, c.owner.cookie)).status).toBe(200);
    const { code, host } = await openAsHost(c);
    const seat = await sitOk(code, newcomer);
    expect(await control(host, "fill", { type: "fill-bots" })).toMatchObject({ type: "ack" });
    await until(() => host.lastView().lobby.length === 12, 15_000, "twelve seated");
    expect(host.lastView().status).toBe("lobby");
    const invite = await json<{ code: string }>(await post(`/api/tables/${code}/consigliere/invite`, { token: seat.join.token }));
    await json<JoinResponse>(await post(`/api/tables/${code}/consigliere`, { code: invite.code, nickname: mentor.nick }, mentor.cookie));
    await until(() => host.lastView().status === "playing", 15_000, "the game starts");
  });

  it("§7.10 the organizer sees who needs a consigliere and invites one for the newcomer: a one-time code only the organizer may ask for; it binds once the newcomer accepts on their own device, and the table starts", async () => {
    const c = await clubEvening("OrgInv", { season: true });
    const newcomer = await person("NewO");
    const other = await person("OthO");
    for (const p of [newcomer, other]) expect((await post(`${c.evening}/signup`, {}, p.cookie)).status).toBe(200);
    const { code, host, organizerToken } = await openAsHost(c);
    const seat = await sitOk(code, newcomer);
    const second = await sitOk(code, other);
    expect(await control(host, "fill", { type: "fill-bots" })).toMatchObject({ type: "ack" });
    await until(() => host.lastView().lobby.length === 12, 15_000, "twelve seated");
    expect(host.lastView().lobby.filter((p) => p.needsConsigliere).map((p) => p.nickname).sort()).toEqual([newcomer.nick, other.nick].sort());
    // Nobody but the organizer asks for another seat's code: not a player's seat token, not a made-up token.
    for (const token of [second.join.token, "x".repeat(32)]) {
      const refused = await post(`/api/tables/${code}/consigliere/invite-for`, { token, nickname: newcomer.nick });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("bad-organizer-token");
    }
    expect((await post(`/api/tables/${code}/consigliere/invite-for`, { token: organizerToken, nickname: "Nobody Here" })).status).toBe(404);
    // The organizer's codes, one per newcomer; each binds its seat, and with both bound the table starts.
    // RULES.md §7.10 (2026-12-06): advisors who count — members the club marked experienced, signed in.
    const mentors = [await person("MentorA"), await person("MentorB")];
    for (const m of mentors) {
      expect((await post(`/api/clubs/${c.clubId}/hosts`, { nickname: m.nick }, c.owner.cookie)).status).toBe(200);
      expect((await post(`/api/clubs/${c.clubId}/experience`, { nickname: m.nick, experienced: true }, c.owner.cookie)).status).toBe(200);
    }
    for (const [i, [p, s]] of ([[newcomer, seat], [other, second]] as const).entries()) {
      const invite = await json<{ code: string }>(await post(`/api/tables/${code}/consigliere/invite-for`, { token: organizerToken, nickname: p.nick }));
      expect(host.lastView().status).toBe("lobby");
      // RULES.md §7.10: the code binds only once the newcomer accepts with their own seat token.
      expect((await post(`/api/tables/${code}/consigliere`, { code: invite.code, nickname: mentors[i]!.nick }, mentors[i]!.cookie)).status).toBe(409);
      expect((await post(`/api/tables/${code}/consigliere/consent`, { token: s.join.token, accept: true })).status).toBe(200);
      await json<JoinResponse>(await post(`/api/tables/${code}/consigliere`, { code: invite.code, nickname: mentors[i]!.nick }, mentors[i]!.cookie));
    }
    await until(() => host.lastView().status === "playing", 15_000, "the game starts");
    expect(seat.client.lastView().lobby.find((p) => p.nickname === newcomer.nick)?.consigliere).toBe(mentors[0]!.nick);
  });

  it("§7.10 the same newcomer at an unrated table (no season running) starts at once", async () => {
    const c = await clubEvening("Unr", { season: false });
    const newcomer = await person("NewU");
    expect((await post(`${c.evening}/signup`, {}, newcomer.cookie)).status).toBe(200);
    const { code, host } = await openAsHost(c);
    const seat = await sitOk(code, newcomer);
    expect(await control(host, "fill", { type: "fill-bots" })).toMatchObject({ type: "ack" });
    await until(() => host.lastView().status === "playing", 15_000, "the unrated table starts when full");
    expect(seat.client.lastView().lobby.some((p) => p.needsConsigliere)).toBe(false);
  });
});
