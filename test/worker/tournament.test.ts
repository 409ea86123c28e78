/**
 * Issue 34 (RULES.md §9) in workerd: a 30-player practice tournament (3 tables × 4 rounds, all bots) played
 * concurrently to the standings through the real objects — the tournament's object opens each round's
 * tables (ordinary tables with their own codes, the draw's seats held), each table plays its game (bots,
 * its timers by runDurableObjectAlarm: no real waiting) and tells the tournament when it ends. Prints the
 * D1 rows the tournament wrote and the time. A retried end report changes nothing; a round cannot open
 * before the last one ended; a tournament table keeps the draw's seats.
 */
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { drawSchedule } from "../../shared/tournaments/draw.ts";
import type { TournamentPage } from "../../shared/protocol/tournaments.ts";
import type { TournamentDoc } from "../../shared/tournaments/lifecycle.ts";
import { get, json, nick, post, signUp } from "./accounts-helpers.ts";
import { evict, tableStub } from "./helpers.ts";

const tournament = (id: string) => env.TOURNAMENT.get(env.TOURNAMENT.idFromName(id));
const docOf = async (id: string) => (await tournament(id).read()) as unknown as TournamentDoc;

/** Drive one table's game to its end: its alarm (timers, bots, the report) until the tournament has it ended. */
async function playTable(id: string, round: number, slot: number): Promise<number> {
  const code = (await docOf(id)).schedule[round - 1]!.tables[slot]!.code!;
  const stub = tableStub(code);
  for (let step = 0; step < 20_000; step++) {
    const t = (await docOf(id)).schedule[round - 1]!.tables[slot]!;
    if (t.status === "ended") return step;
    const ran = await runDurableObjectAlarm(stub);
    if (!ran) await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`table ${code} did not end`);
}

async function refusal(res: Response, status: number): Promise<string> {
  expect(res.status).toBe(status);
  return ((await res.json()) as { error: { code: string } }).error.code;
}

describe("issue 34: a 30-player tournament, 3 tables × 4 rounds, in workerd", () => {
  it("is drawn from its seed, played concurrently to the standings; a retried end report changes nothing; a round waits for the last one", async () => {
    const started = Date.now();
    const cookie = await signUp(nick("Org"));
    const { id } = await json<{ id: string }>(await post("/api/tournaments", { name: "Cup 30", presetId: "sport", rounds: 4, finalGames: 0 }, cookie), 201);
    // Bad input: a typed error, nothing created.
    expect(await refusal(await post("/api/tournaments", { name: "X", presetId: "sport", seats: 12 }, cookie), 400)).toBe("bad-settings");
    expect(await refusal(await post("/api/tournaments", { name: "X", rounds: 0 }, cookie), 400)).toBe("bad-request");
    expect(await refusal(await post("/api/tournaments", { name: "X" }), 401)).toBe("sign-in-required");

    expect((await post(`/api/tournaments/${id}/bots`, { players: 30 }, cookie)).status).toBe(200);
    // Not before the draw, and only the organizer.
    expect(await refusal(await post(`/api/tournaments/${id}/rounds/1/open`, {}, cookie), 409)).toBe("tournament-state");
    expect(await refusal(await post(`/api/tournaments/${id}/draw`, { seed: "cup30" }, cookie), 409)).toBe("tournament-state");
    const other = await signUp(nick("Oth"));
    expect(await refusal(await post(`/api/tournaments/${id}/close`, {}, other), 403)).toBe("not-allowed");
    expect((await post(`/api/tournaments/${id}/close`, {}, cookie)).status).toBe(200);
    const drawn = await json<{ figures: { maxPair: number; lowerBound: number; maxSeatRepeat: number; seatBound: number } }>(await post(`/api/tournaments/${id}/draw`, { seed: "cup30" }, cookie));
    expect(drawn.figures.maxPair).toBeLessThanOrEqual(drawn.figures.lowerBound + 1);
    expect(drawn.figures.maxSeatRepeat).toBe(drawn.figures.seatBound);

    // §9.2 the published seed re-draws the same schedule (anyone can check).
    let page = await json<TournamentPage>(await get(`/api/tournaments/${id}`));
    expect(page.seed).toBe("cup30");
    const again = drawSchedule({ players: 30, seats: 10, rounds: 4, seed: "cup30" });
    const byIndex = (i: number) => page.entrants[i]!.entrant;
    expect(page.schedule.map((r) => r.tables.map((t) => t.entrants))).toEqual(again.rounds.map((r) => r.tables.map((t) => t.map(byIndex))));

    let rounds = 0;
    let steps = 0;
    for (let round = 1; round <= 4; round++) {
      const opened = await json<{ codes: string[] }>(await post(`/api/tournaments/${id}/rounds/${round}/open`, {}, cookie));
      expect(opened.codes).toHaveLength(3);
      // §9.3 the next round is refused while this one plays (and this one cannot open twice).
      if (round < 4) expect(await refusal(await post(`/api/tournaments/${id}/rounds/${round + 1}/open`, {}, cookie), 409)).toBe("tournament-state");
      expect(await refusal(await post(`/api/tournaments/${id}/rounds/${round}/open`, {}, cookie), 409)).toBe("tournament-state");
      if (round === 1) {
        // Each table keeps the draw's seats: seat k is the draw's k-th player of that table.
        const d = await docOf(id);
        const t0 = d.schedule[0]!.tables[0]!;
        const seated = await runInDurableObject(tableStub(t0.code!), (_i, state) => state.storage.sql.exec("SELECT nickname, seat FROM players ORDER BY seat").toArray());
        const names = new Map(d.entrants.map((e) => [e.entrant, e.nickname]));
        expect(seated.map((r) => r.nickname)).toEqual(t0.entrants.map((e) => names.get(e)));
      }
      // The three tables play at once.
      const played = await Promise.all([0, 1, 2].map((slot) => playTable(id, round, slot)));
      steps += played.reduce((a, b) => a + b, 0);
      rounds++;
    }
    page = await json<TournamentPage>(await get(`/api/tournaments/${id}`));
    expect(page.status).toBe("finished");
    expect(page.standings).toHaveLength(30);
    // Every player played 4 games (30 = 3 × 10: nobody sits out); ranks 1..30 in the §9.5 order.
    expect(page.standings.every((s) => s.games === 4)).toBe(true);
    expect(page.standings.map((s) => s.rank)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (let i = 1; i < 30; i++) expect(page.standings[i - 1]!.total).toBeGreaterThanOrEqual(page.standings[i]!.total);
    // The standings agree with the games' results: a win is 1 point (no extras given, bots name no best move).
    const wins = new Map<number, number>();
    for (const r of page.schedule) for (const t of r.tables) for (const s of t.result!.seats) wins.set(s.entrant, (wins.get(s.entrant) ?? 0) + (t.result!.winner === s.team ? 1 : 0));
    for (const s of page.standings) expect(s.wins, `entrant ${s.entrant}`).toBe(wins.get(s.entrant));
    // D1 holds the listing: 12 games ended, 30 standings rows.
    const games = await env.DB.prepare("SELECT COUNT(*) AS n FROM tournament_games WHERE tournament_id = ? AND status = 'ended'").bind(id).first<{ n: number }>();
    expect(games!.n).toBe(12);

    // A retried end report (the same table, the same facts) changes nothing.
    const before = await docOf(id);
    const t = before.schedule[2]!.tables[1]!;
    const stats0 = await tournament(id).stats();
    const retried = await tournament(id).tableEnded({ tournamentId: id, round: 3, slot: 1, code: t.code!, endedAt: t.endedAt! + 5, facts: { ...t.facts!, winner: t.facts!.winner === "red" ? "black" : "red" } });
    expect(retried).toEqual({ ok: true, applied: false });
    expect(JSON.stringify(await docOf(id))).toBe(JSON.stringify(before));
    const stats1 = await tournament(id).stats();
    expect(stats1).toEqual({ ...stats0, repeatedReports: stats0.repeatedReports + 1 });
    expect(stats1.endedReports).toBe(12);
    // A report from a table that is not this tournament's is refused and changes nothing.
    expect(await tournament(id).tableEnded({ tournamentId: id, round: 3, slot: 1, code: "ZZZZZZ", endedAt: 1, facts: t.facts! })).toMatchObject({ ok: false });
    expect(JSON.stringify(await docOf(id))).toBe(JSON.stringify(before));

    const ms = Date.now() - started;
    console.log(`tournament 30 players, 3 tables × 4 rounds: ${rounds} rounds, ${steps} table alarm steps, D1 rows written by the tournament ${stats1.d1Rows}, ${ms} ms`);
  }, 600_000);

  it("§9.6 a request that omits the final gets the create form's 3-game final; 0 says no final", async () => {
    const cookie = await signUp(nick("Org"));
    const made = async (body: Record<string, unknown>) => {
      const { id } = await json<{ id: string }>(await post("/api/tournaments", { name: "Cup F", presetId: "sport", rounds: 1, ...body }, cookie), 201);
      return (await json<{ finalGames: number }>(await get(`/api/tournaments/${id}`, cookie))).finalGames;
    };
    expect(await made({})).toBe(3);
    expect(await made({ finalGames: 0 })).toBe(0);
    expect(await made({ finalGames: 5 })).toBe(5);
  });

  it("a scheduled round opens at its time by the tournament's alarm — and not while the round before it plays", async () => {
    const cookie = await signUp(nick("Org"));
    const { id } = await json<{ id: string }>(await post("/api/tournaments", { name: "Cup 10", rounds: 2 }, cookie), 201);
    await post(`/api/tournaments/${id}/bots`, { players: 10 }, cookie);
    await post(`/api/tournaments/${id}/close`, {}, cookie);
    await post(`/api/tournaments/${id}/draw`, { seed: "s10" }, cookie);
    const at = Date.now() + 60_000;
    expect((await post(`/api/tournaments/${id}/rounds/2/open`, { at }, cookie)).status).toBe(200);
    expect((await post(`/api/tournaments/${id}/rounds/1/open`, {}, cookie)).status).toBe(200);
    // The alarm fires (early, by the test) while round 1 plays: round 2 waits.
    expect((await docOf(id)).schedule[1]!.scheduledAt).toBe(at);
    await runInDurableObject(tournament(id), async (o) => {
      await (o as unknown as { alarm(): Promise<void> }).alarm();
    });
    expect((await docOf(id)).schedule[1]!.status).toBe("pending");
    // When round 1 ends past the scheduled time, round 2 opens by itself.
    await runInDurableObject(tournament(id), async (_o, state) => {
      const d = JSON.parse(String(state.storage.sql.exec("SELECT json FROM doc").one().json)) as TournamentDoc;
      d.schedule[1]!.scheduledAt = Date.now() - 1;
      state.storage.sql.exec("UPDATE doc SET json = ?", JSON.stringify(d));
    });
    // (the object's memory copy is dropped by an eviction-like reload)
    await runInDurableObject(tournament(id), (o) => {
      (o as unknown as { cache: unknown }).cache = null;
    });
    await playTable(id, 1, 0);
    const d = await docOf(id);
    expect(d.schedule[1]!.status).toBe("open");
    expect(d.schedule[1]!.tables[0]!.code).toMatch(/^[A-Z0-9]{6}$/);
  }, 300_000);

  it("§9.1 registration, the opt-out masks a name, swaps re-run the check, §9.4 extra points by the organizer, §9.6 a final of the top S in new positions", async () => {
    const cookie = await signUp(nick("Org"));
    const { id } = await json<{ id: string }>(await post("/api/tournaments", { name: "Cup 20", rounds: 1, finalGames: 2 }, cookie), 201);
    const annNick = nick("Ann");
    const ann = await signUp(annNick);
    const bobNick = nick("Bob");
    const bob = await signUp(bobNick);
    expect((await post("/api/me/publication", { publish: false }, ann)).status).toBe(200);
    for (const c of [ann, bob, ann]) expect((await post(`/api/tournaments/${id}/register`, {}, c)).status).toBe(200);
    // §9.7 the opt-out: others see "a player (name hidden)", the player sees their own name.
    let page = await json<TournamentPage>(await get(`/api/tournaments/${id}`));
    expect(page.entrants.map((e) => [e.nickname, e.hidden])).toEqual([[null, true], [bobNick, false]]);
    expect(JSON.stringify(page)).not.toContain(annNick);
    const own = await json<TournamentPage>(await get(`/api/tournaments/${id}`, ann));
    expect(own.entrants[0]).toMatchObject({ nickname: annNick, hidden: false });
    expect(own.you).toEqual({ organizer: false, judge: false, registered: true });
    // Only the organizer removes another player; a player withdraws themself.
    expect(await refusal(await post(`/api/tournaments/${id}/unregister`, { entrant: 2 }, ann), 403)).toBe("not-allowed");
    expect((await post(`/api/tournaments/${id}/unregister`, { entrant: page.entrants[0]!.entrant }, cookie)).status).toBe(200);
    expect((await post(`/api/tournaments/${id}/unregister`, {}, bob)).status).toBe(200);
    page = await json<TournamentPage>(await get(`/api/tournaments/${id}`));
    expect(page.entrants).toEqual([]);

    await post(`/api/tournaments/${id}/bots`, { players: 20 }, cookie);
    await post(`/api/tournaments/${id}/close`, {}, cookie);
    expect(await refusal(await post(`/api/tournaments/${id}/register`, {}, bob), 409)).toBe("signup-closed");
    await post(`/api/tournaments/${id}/draw`, { seed: "f20" }, cookie);
    // §9.2 a swap before round 1: each takes the other's schedule; the check runs again (same figures here).
    const before = await docOf(id);
    const [a, b] = [before.schedule[0]!.tables[0]!.entrants[0]!, before.schedule[0]!.tables[1]!.entrants[0]!];
    const swapped = await json<{ figures: { maxPair: number; maxSeatRepeat: number; seatBound: number } }>(await post(`/api/tournaments/${id}/swap`, { a, b }, cookie));
    expect(swapped.figures.maxSeatRepeat).toBe(swapped.figures.seatBound);
    const after = await docOf(id);
    expect(after.schedule[0]!.tables[0]!.entrants[0]).toBe(b);
    expect(after.schedule[0]!.tables[1]!.entrants[0]).toBe(a);
    expect(await refusal(await post(`/api/tournaments/${id}/swap`, { a, b: a }, cookie), 400)).toBe("bad-request");

    await post(`/api/tournaments/${id}/rounds/1/open`, {}, cookie);
    expect(await refusal(await post(`/api/tournaments/${id}/swap`, { a, b }, cookie), 409)).toBe("tournament-state");
    // Extra points only after the game.
    expect(await refusal(await post(`/api/tournaments/${id}/rounds/1/tables/0/extra`, { points: [{ seat: 1, extra: 0.1, reason: "x" }] }, cookie), 409)).toBe("not-ended");
    await Promise.all([playTable(id, 1, 0), playTable(id, 1, 1)]);
    // §9.4 extras: steps of 0.05 from −1 to +1, each with a reason; the organizer (no judge named) gives them.
    const extra = (points: unknown, who = cookie) => post(`/api/tournaments/${id}/rounds/1/tables/0/extra`, { points }, who);
    expect(await refusal(await extra([{ seat: 1, extra: 0.07, reason: "x" }]), 400)).toBe("bad-request");
    expect(await refusal(await extra([{ seat: 1, extra: 1.05, reason: "x" }]), 400)).toBe("bad-request");
    expect(await refusal(await extra([{ seat: 1, extra: 0.1, reason: "" }]), 400)).toBe("bad-request");
    expect(await refusal(await extra([{ seat: 1, extra: 0.1, reason: "x" }], bob), 403)).toBe("not-allowed");
    const seat1 = (await docOf(id)).schedule[0]!.tables[0]!.entrants[0]!;
    const totalBefore = (await json<TournamentPage>(await get(`/api/tournaments/${id}`))).standings.find((s) => s.entrant === seat1)!.total;
    expect((await extra([{ seat: 1, extra: 0.35, reason: "Led the town" }, { seat: 2, extra: -0.05, reason: "Late" }])).status).toBe(200);
    page = await json<TournamentPage>(await get(`/api/tournaments/${id}`));
    const row = page.standings.find((s) => s.entrant === seat1)!;
    expect(row.extra).toBe(35);
    expect(row.total).toBe(totalBefore + 35);
    expect(page.schedule[0]!.tables[0]!.result!.seats[0]).toMatchObject({ extra: 35, reason: "Led the town" });

    // §9.6 round 2 is the final's first game: the top 10 of the qualifying standings, in new positions each game.
    const top = page.standings.slice(0, 10).map((s) => s.entrant);
    expect((await post(`/api/tournaments/${id}/rounds/2/open`, {}, cookie)).status).toBe(200);
    let d = await docOf(id);
    expect(d.schedule.filter((r) => r.final)).toHaveLength(2);
    const [g1, g2] = [d.schedule[1]!.tables[0]!.entrants, d.schedule[2]!.tables[0]!.entrants];
    expect([...g1].sort()).toEqual([...top].sort());
    for (const e of top) expect(g1.indexOf(e)).not.toBe(g2.indexOf(e));
    expect(await refusal(await post(`/api/tournaments/${id}/rounds/3/open`, {}, cookie), 409)).toBe("tournament-state");
    await playTable(id, 2, 0);
    await post(`/api/tournaments/${id}/rounds/3/open`, {}, cookie);
    await playTable(id, 3, 0);
    page = await json<TournamentPage>(await get(`/api/tournaments/${id}`));
    expect(page.status).toBe("finished");
    // The finalists first (qualifying + final points, added), then the others by their qualifying points.
    expect(new Set(page.standings.slice(0, 10).map((s) => s.entrant))).toEqual(new Set(top));
    expect(page.standings.slice(0, 10).every((s) => s.finalist && s.games === 3)).toBe(true);
    d = await docOf(id);
    expect(d.status).toBe("finished");
  }, 300_000);

  it("§9.1 a judge never judges or hosts a table at which they play: the schedule gives them another table; their own table's host screen is refused; with every judge seated there the server hosts it", async () => {
    const cookie = await signUp(nick("Org"));
    const annNick = nick("Jud");
    const ann = await signUp(annNick);
    const joNick = nick("Jo");
    const jo = await signUp(joNick);
    /** A judge-hosted sport tournament of 20 (Ann and bots up to 20: two tables), judged by `judges`; round 1 opened with Ann at table `annAt`. */
    const opened = async (name: string, judges: string[], annAt: number) => {
      const { id } = await json<{ id: string }>(await post("/api/tournaments", { name, presetId: "sport", rounds: 1, host: "judge" }, cookie), 201);
      expect((await post(`/api/tournaments/${id}/register`, {}, ann)).status).toBe(200);
      expect((await post(`/api/tournaments/${id}/judges`, { nicks: judges }, cookie)).status).toBe(200);
      expect((await post(`/api/tournaments/${id}/bots`, { players: 20 }, cookie)).status).toBe(200);
      expect((await post(`/api/tournaments/${id}/close`, {}, cookie)).status).toBe(200);
      expect((await post(`/api/tournaments/${id}/draw`, { seed: name.replace(/\W/g, "") }, cookie)).status).toBe(200);
      // Ann (a registered entrant, and a judge) at table `annAt`: swapped there if the draw put her elsewhere.
      const d = await docOf(id);
      const annEntrant = d.entrants.find((e) => e.nickname === annNick)!.entrant;
      const tables = d.schedule[0]!.tables;
      if (!tables[annAt]!.entrants.includes(annEntrant)) {
        expect((await post(`/api/tournaments/${id}/swap`, { a: annEntrant, b: tables[annAt]!.entrants[0]! }, cookie)).status).toBe(200);
      }
      expect((await post(`/api/tournaments/${id}/rounds/1/open`, {}, cookie)).status).toBe(200);
      const page = await json<TournamentPage>(await get(`/api/tournaments/${id}`));
      expect(page.schedule[0]!.tables[annAt]!.entrants).toContain(annEntrant);
      return { id, page };
    };
    const claim = (id: string, slot: number, who: string) => post(`/api/tournaments/${id}/rounds/1/tables/${slot}/host`, {}, who);

    // Two judges, Ann first in the list and seated at table 1 (index 0): the turn would give her that table; she gets the other.
    const two = await opened("Cup J2", [annNick, joNick], 0);
    expect(two.page.schedule[0]!.tables.map((t) => t.judge)).toEqual([joNick, annNick]);
    expect(two.page.schedule[0]!.tables.every((t) => t.unjudged === undefined)).toBe(true);
    // Ann cannot take her own table's host screen (it shows every role); Jo can, and Ann hosts the other table.
    expect(await refusal(await claim(two.id, 0, ann), 403)).toBe("not-allowed");
    const joHosts = await json<{ code: string; token: string }>(await claim(two.id, 0, jo));
    expect(joHosts.code).toBe(two.page.schedule[0]!.tables[0]!.code);
    expect((await claim(two.id, 1, ann)).status).toBe(200);

    // One judge, who plays at table 1: that table has no judge and the server hosts it (the page says why); she judges table 2.
    const one = await opened("Cup J1", [annNick], 0);
    const [own, other] = one.page.schedule[0]!.tables as [TournamentPage["schedule"][number]["tables"][number], TournamentPage["schedule"][number]["tables"][number]];
    expect([own.judge, own.unjudged]).toEqual([null, "every-judge-plays"]);
    expect([other.judge, other.unjudged]).toEqual([annNick, undefined]);
    expect((await json<{ host: string }>(await get(`/api/tables/${own.code}`))).host).toBe("server");
    expect((await json<{ host: string }>(await get(`/api/tables/${other.code}`))).host).toBe("live");
    expect(await refusal(await claim(one.id, 0, ann), 403)).toBe("not-allowed");

    // A table opened before this rule, with its judge seated at it (its host account and the schedule name
    // Ann): the table itself refuses her its host screen — she plays there (plays-here).
    const annId = (await docOf(one.id)).entrants.find((e) => e.nickname === annNick)!.userId!;
    await runInDurableObject(tableStub(own.code!), (_o, state) => {
      state.storage.sql.exec("UPDATE config SET host = 'live', host_user_id = ?", annId);
    });
    await runInDurableObject(tournament(one.id), (o, state) => {
      const doc = JSON.parse(String(state.storage.sql.exec("SELECT json FROM doc").one().json)) as TournamentDoc;
      doc.schedule[0]!.tables[0]!.judge = annId;
      state.storage.sql.exec("UPDATE doc SET json = ?", JSON.stringify(doc));
      (o as unknown as { cache: unknown }).cache = null;
    });
    await evict(tableStub(own.code!));
    expect(await refusal(await claim(one.id, 0, ann), 409)).toBe("plays-here");
  }, 300_000);
});
