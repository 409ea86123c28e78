/**
 * Issue 17, RULES.md §7.10 the consigliere through the real table object: the binding (a one-time
 * code from the seated player, one consigliere per seat, only where the format has them), the public
 * mark, the same view as the seat, the override of the seat's vote through the socket, whispers
 * delivered only to the pair and closed at night and during the player's speech, and revocation.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { GameView } from "../../shared/engine/types.ts";
import type { JoinResponse } from "../../shared/protocol/http.ts";
import type { ServerMessage } from "../../shared/protocol/messages.ts";
import { addressFor, Client, connectAs, createTable, join, joinWith, postJson } from "./helpers.ts";
import { playAgain } from "./fixture.ts";
import { openTable, playToEnd, type OpenedTable } from "./play.ts";

let run: OpenedTable | null = null;
const extra: Client[] = [];
afterEach(() => {
  run?.close();
  run = null;
  for (const c of extra.splice(0)) c.close();
});

async function invite(code: string, token: string): Promise<Response> {
  return postJson(`/api/tables/${code}/consigliere/invite`, { token });
}

async function inviteCode(code: string, token: string): Promise<string> {
  const res = await invite(code, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { code: string }).code;
}

function joinAdvisor(code: string, inviteCode: string, nickname: string): Promise<Response> {
  return postJson(`/api/tables/${code}/consigliere`, { code: inviteCode, nickname });
}

async function errorOf(res: Response): Promise<[number, string]> {
  return [res.status, ((await res.json()) as { error: { code: string } }).error.code];
}

/** Send a whisper with a ref; the ack or error that answers it. */
async function whisper(c: Client, ref: string, text: string): Promise<ServerMessage> {
  const from = c.frames.length;
  c.send({ type: "whisper", ref, text });
  return c.next((m) => (m.type === "ack" || m.type === "error") && m.ref === ref, from);
}

const whispers = (c: Client) => c.frames.filter((m): m is Extract<ServerMessage, { type: "whisper" }> => m.type === "whisper");

/** The game view without the fields that differ by when a frame was built (log deltas). */
const gameOf = (c: Client): Omit<GameView, "log" | "logAfter"> & { log: unknown[] } => {
  const g = c.lastView().game!;
  const { logAfter: _after, ...rest } = g;
  return rest;
};

describe("RULES.md §7.10 the consigliere at a table", () => {
  it("binding: a one-time code from the seated player; one consigliere per seat; refused where the format has none or the token holds no seat", async () => {
    // Sport has no consiglieri.
    const sport = await createTable({ presetId: "sport" });
    const ann = await join(sport.code, "Ann");
    expect(await errorOf(await invite(sport.code, ann.token))).toEqual([409, "no-consigliere"]);

    const t = await createTable({ presetId: "tatar" });
    const bob: JoinResponse = await join(t.code, "Bob");
    expect(await errorOf(await invite(t.code, "x".repeat(43)))).toEqual([403, "bad-token"]);
    const first = await inviteCode(t.code, bob.token);
    // A new invitation replaces the pending one: the first code no longer works.
    const code = await inviteCode(t.code, bob.token);
    expect(await errorOf(await joinAdvisor(t.code, first, "Mentor"))).toEqual([403, "bad-consigliere-code"]);
    // The advisor's nickname is the table's like a player's.
    expect(await errorOf(await joinAdvisor(t.code, code, "bob"))).toEqual([409, "nickname-taken"]);
    const res = await joinAdvisor(t.code, code, "Mentor");
    expect(res.status).toBe(200);
    const advisor = (await res.json()) as JoinResponse;
    expect(advisor.playerId).toBe(bob.playerId);
    expect(advisor.returnCode).toMatch(/^[2-9A-Z]{10}$/);
    // One time; one per seat.
    expect(await errorOf(await joinAdvisor(t.code, code, "Other"))).toEqual([403, "bad-consigliere-code"]);
    expect(await errorOf(await invite(t.code, bob.token))).toEqual([409, "consigliere-taken"]);
    // The advisor's return code gives a fresh consigliere token, not the seat's.
    const back = await postJson(`/api/tables/${t.code}/return`, { returnCode: advisor.returnCode });
    expect(back.status).toBe(200);
    const again = (await back.json()) as { playerId: string; token: string };
    const c = await connectAs(t.code, again.token, "Mentor");
    extra.push(c);
    expect(c.frames.find((m) => m.type === "welcome")).toMatchObject({ identity: { kind: "consigliere", playerId: bob.playerId, nickname: "Mentor" } });
    // In the lobby: the seat is marked for everyone; the envelope says whom the consigliere advises.
    expect(c.lastView().lobby.find((p) => p.nickname === "Bob")).toMatchObject({ consigliere: "Mentor" });
    expect(c.lastView().advising).toEqual({ place: 1, seat: null, nickname: "Bob" });
  });

  it("§7.10 never the newcomer's own address: a code used from the network only the advised seat sat down from is refused; a shared one (a venue's) or another binds", async () => {
    const fromNet = (ip: string, code: string, inviteCode: string, nickname: string) => postJson(`/api/tables/${code}/consigliere`, { code: inviteCode, nickname }, { "cf-connecting-ip": ip });
    const t = await createTable({ presetId: "tatar" });
    const bob: JoinResponse = await join(t.code, "Bob");
    const code = await inviteCode(t.code, bob.token);
    expect(await errorOf(await fromNet(addressFor("Bob"), t.code, code, "Mentor"))).toEqual([409, "same-address"]);
    // The refusal binds nothing: the same code from the advisor's own network binds.
    expect((await fromNet(addressFor("Mentor"), t.code, code, "Mentor")).status).toBe(200);

    // A club room: two seats sat down from one address, which then names nobody.
    const room = "198.51.100.20";
    const v = await createTable({ presetId: "tatar", seatsPerAddress: 12 });
    const ann = (await (await joinWith(v.code, { nickname: "Ann" }, room)).json()) as JoinResponse;
    expect((await joinWith(v.code, { nickname: "Cid" }, room)).status).toBe(200);
    expect((await fromNet(room, v.code, await inviteCode(v.code, ann.token), "Coach")).status).toBe(200);
  });

  it("a tatar game: the public mark, the seat's own view, whispers only to the pair (closed at night and in the player's speech), the override of the vote, revocation", async () => {
    // §7.10: bound in the lobby, before the last seat deals the cards.
    const bound: { joined?: JoinResponse } = {};
    run = await openTable({
      seed: "consigliere", preset: "tatar", settings: {}, spectators: 1,
      beforeLastSeat: async (table, seated) => {
        bound.joined = (await (await joinAdvisor(table, await inviteCode(table, seated[0]!.join.token), "Mentor")).json()) as JoinResponse;
      },
    });
    const me = run.seated[0]!;
    const mySeat = me.client.lastView().game!.you!.seat;
    const other = run.seated.find((s) => s !== me)!;
    const watcher = run.spectators[0]!;
    const cons = await connectAs(run.code, bound.joined!.token, "Mentor");
    extra.push(cons);

    // The public mark, on every view.
    await watcher.next((m) => m.type === "view" && m.view.lobby.some((p) => p.consigliere === "Mentor"));
    expect(watcher.lastView().lobby.filter((p) => p.consigliere !== undefined)).toEqual([expect.objectContaining({ seat: mySeat, consigliere: "Mentor" })]);
    expect(cons.lastView().advising).toMatchObject({ seat: mySeat });
    expect(cons.lastView().organizing).toBe(false);
    // Exactly the seat's view (its own card included), nothing more.
    await me.client.viewAtLeast(cons.lastVersion());
    expect(gameOf(cons)).toEqual(gameOf(me.client));
    expect(cons.lastView().game!.you!.seat).toBe(mySeat);

    // Whispers: to the other of the pair only, both ways; never in the log.
    expect((await whisper(cons, "w1", "Vote 7 today")).type).toBe("ack");
    await me.client.next((m) => m.type === "whisper");
    expect(whispers(me.client)).toEqual([{ type: "whisper", from: "consigliere", text: "Vote 7 today", at: expect.any(Number) }]);
    expect((await whisper(me.client, "w2", "ok")).type).toBe("ack");
    await cons.next((m) => m.type === "whisper");
    expect(whispers(cons).map((w) => [w.from, w.text])).toEqual([["player", "ok"]]);
    for (const c of [other.client, watcher]) expect(whispers(c)).toEqual([]);
    expect(JSON.stringify(me.client.lastView().game!.log)).not.toContain("Vote 7 today");
    // Others cannot whisper: a spectator is not seated; a seat without a consigliere has nobody to whisper to.
    expect(await whisper(watcher, "w3", "hi")).toMatchObject({ type: "error", code: "not-seated" });
    expect(await whisper(other.client, "w4", "hi")).toMatchObject({ type: "error", code: "no-peer" });
    expect(await whisper(cons, "w5", "x".repeat(281))).toMatchObject({ type: "error", code: "bad-message" });

    // Night: closed.
    await playToEnd(run, { until: (g) => g.phase === "acquaintance" });
    await cons.viewAtLeast(me.client.lastVersion());
    expect(await whisper(cons, "n1", "psst")).toMatchObject({ type: "error", code: "whisper-closed" });
    expect(await whisper(me.client, "n2", "psst")).toMatchObject({ type: "error", code: "whisper-closed" });

    // The player's own speech: closed; another's speech: open (in the day's order of seats: 1, 2, …).
    const speaking = (seat: number) => () => me.client.lastView().game!.phase === "speech" && me.client.lastView().game!.speaker === seat;
    const openSpeech = async () => {
      await playToEnd(run!, { until: speaking(mySeat === 1 ? 2 : mySeat - 1) });
      expect((await whisper(cons, "s0", "next is you")).type).toBe("ack");
    };
    if (mySeat > 1) await openSpeech();
    await playToEnd(run, { until: speaking(mySeat) });
    expect(await whisper(cons, "s1", "say it")).toMatchObject({ type: "error", code: "whisper-closed" });
    expect(await whisper(me.client, "s2", "help")).toMatchObject({ type: "error", code: "whisper-closed" });
    if (mySeat === 1) await openSpeech();

    // The vote in turn: the player votes, the turn passes; the consigliere replaces the vote.
    await playToEnd(run, { until: () => { const b = me.client.lastView().game!.ballot; return me.client.lastView().game!.phase === "voting" && b?.kind !== "lift" && b?.mine != null; } });
    await cons.viewAtLeast(me.client.lastVersion());
    const advice = cons.lastView().game!.you!.advice!.find((a) => a.type === "vote") as { targets: number[] };
    const mine = (me.client.lastView().game!.ballot as { mine: number }).mine;
    const target = advice.targets.find((x) => x !== mine)!;
    const acked = await cons.act("o1", { type: "vote", target });
    expect(acked.type).toBe("ack");
    await watcher.viewAtLeast((acked as { version: number }).version);
    expect(watcher.lastView().game!.log.filter((e) => e.type === "vote-advised").map((e) => e.data)).toEqual([{ voter: mySeat, target, replaced: true }]);
    // The player may not re-override; nor may the consigliere change it again.
    expect(await me.client.act("o2", { type: "vote", target: mine })).toMatchObject({ type: "error", code: "already-voted" });
    expect(await cons.act("o3", { type: "vote", target: mine })).toMatchObject({ type: "error", code: "already-voted" });
    // Only the seat's vote or night action: not the player's speech.
    expect(await cons.act("o4", { type: "end-speech" })).toMatchObject({ type: "error", code: "not-allowed" });

    // Revocation: the advisor's socket becomes a spectator's; the mark goes; the token stops working.
    const revoked = await postJson(`/api/tables/${run.code}/consigliere/revoke`, { token: me.join.token });
    expect(revoked.status).toBe(200);
    const rewelcome = await cons.next((m) => m.type === "welcome" && m.identity.kind === "spectator");
    // Issue 30: a spectator now (spectatorsHear is on by default): its own spectator peer, no longer 100 + the seat.
    expect((rewelcome as { media?: { peer?: number } }).media?.peer).toBeGreaterThanOrEqual(1000);
    await watcher.next((m) => m.type === "view" && m.view.lobby.every((p) => p.consigliere === undefined));
    expect(await cons.act("o5", { type: "vote", target })).toMatchObject({ type: "error", code: "not-seated" });
    expect(await whisper(me.client, "w6", "still there?")).toMatchObject({ type: "error", code: "no-peer" });
    const stale = await connectAsRaw(run.code, bound.joined!.token);
    extra.push(stale);
    expect(await stale.next((m) => m.type === "error" || m.type === "welcome")).toMatchObject({ type: "error", code: "bad-token" });
  }, 120_000);
});

/** A socket that says hello with `token` and waits for nothing. */
async function connectAsRaw(code: string, token: string): Promise<Client> {
  const { connect } = await import("./helpers.ts");
  const c = await connect(code, "stale");
  c.send({ type: "hello", token });
  return c;
}

/** The lobby row of `nickname` in the last view `c` received. */
const rowOf = (c: Client, nickname: string) => c.lastView().lobby.find((p) => p.nickname === nickname);

function consent(code: string, token: string, accept: boolean): Promise<Response> {
  return postJson(`/api/tables/${code}/consigliere/consent`, { token, accept });
}

describe("RULES.md §7.10 (2026-12-06): a consigliere is bound only before the deal, only with the newcomer's consent", () => {
  it("§7.10 nobody can bind a consigliere once the cards are dealt: not the organizer, not the player, not a code minted in the lobby", async () => {
    // A server-hosted tatar table whose creator sits nowhere: in effect a spectator with the organizer token.
    const t = await createTable({ presetId: "tatar" });
    const watcher = await connectAs(t.code, undefined, "watcher");
    extra.push(watcher);
    const seats: JoinResponse[] = [];
    for (let i = 1; i <= 11; i++) seats.push(await join(t.code, `Deal${i}`));
    // In the lobby: the player's own code (their consent) and the organizer's code for another seat.
    const own = await inviteCode(t.code, seats[0]!.token);
    const forOther = await postJson(`/api/tables/${t.code}/consigliere/invite-for`, { token: t.organizerToken, nickname: "Deal2" });
    expect(forOther.status).toBe(200);
    const orgCode = ((await forOther.json()) as { code: string }).code;
    // The twelfth seat: the cards are dealt.
    seats.push(await join(t.code, "Deal12"));
    await watcher.next((m) => m.type === "view" && m.view.status === "playing");

    // The organizer token mints nothing for any seat now.
    for (const nickname of ["Deal2", "Deal3"]) expect(await errorOf(await postJson(`/api/tables/${t.code}/consigliere/invite-for`, { token: t.organizerToken, nickname }))).toEqual([409, "game-started"]);
    // Nor does the player's own seat token.
    expect(await errorOf(await invite(t.code, seats[2]!.token))).toEqual([409, "game-started"]);
    // The codes minted before the deal bind nothing after it.
    expect(await errorOf(await joinAdvisor(t.code, orgCode, "Spy"))).toEqual([409, "game-started"]);
    expect(await errorOf(await joinAdvisor(t.code, own, "Mentor"))).toEqual([409, "game-started"]);
    // Consent after the deal changes nothing either.
    expect(await errorOf(await consent(t.code, seats[1]!.token, true))).toEqual([409, "game-started"]);
    expect(await errorOf(await joinAdvisor(t.code, orgCode, "Spy"))).toEqual([409, "game-started"]);

    // No seat is marked; the organizer token's socket sees no seat's game.
    expect(watcher.lastView().lobby.filter((p) => p.consigliere !== undefined || p.consigliereInvited !== undefined)).toEqual([]);
    const org = await connectAs(t.code, t.organizerToken, "organizer");
    extra.push(org);
    expect(org.frames.find((m) => m.type === "welcome")).toMatchObject({ identity: { kind: "organizer" } });
    expect(org.lastView().game!.you ?? null).toBeNull();
    expect(org.lastView().advising).toBeUndefined();
    for (const c of [watcher, org]) expect(c.schemaFailures, c.name).toEqual([]);
  });

  it("§7.10 the organizer's invitation binds only with the newcomer's consent on their own device", async () => {
    const t = await createTable({ presetId: "tatar" });
    const ann = await join(t.code, "Ann");
    const bob = await join(t.code, "Bob");
    const annSocket = await connectAs(t.code, ann.token, "Ann");
    extra.push(annSocket);
    const inviteFor = async () => {
      const res = await postJson(`/api/tables/${t.code}/consigliere/invite-for`, { token: t.organizerToken, nickname: "Ann" });
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { code: string }).code;
    };

    const first = await inviteFor();
    // Ann's page learns that an invitation waits for her.
    await annSocket.next((m) => m.type === "view" && rowOf(annSocket, "Ann")?.consigliereInvited === true);
    expect(rowOf(annSocket, "Bob")?.consigliereInvited).toBeUndefined();
    // The code binds nothing before Ann says yes.
    expect(await errorOf(await joinAdvisor(t.code, first, "Spy"))).toEqual([409, "consent-required"]);
    // Only Ann's own seat token consents for her: not another seat's, not the organizer token.
    expect(await errorOf(await consent(t.code, bob.token, true))).toEqual([404, "not-found"]);
    expect(await errorOf(await consent(t.code, t.organizerToken, true))).toEqual([403, "bad-token"]);
    expect(await errorOf(await joinAdvisor(t.code, first, "Spy"))).toEqual([409, "consent-required"]);
    // Ann declines: the code is void and the mark goes.
    expect((await consent(t.code, ann.token, false)).status).toBe(200);
    await annSocket.next((m) => m.type === "view" && rowOf(annSocket, "Ann")?.consigliereInvited === undefined);
    expect(await errorOf(await joinAdvisor(t.code, first, "Spy"))).toEqual([403, "bad-consigliere-code"]);

    // A new invitation, accepted by Ann on her device: now its code binds.
    const second = await inviteFor();
    expect((await consent(t.code, ann.token, true)).status).toBe(200);
    const joined = await joinAdvisor(t.code, second, "Mentor");
    expect(joined.status, await joined.clone().text()).toBe(200);
    expect(((await joined.json()) as JoinResponse).playerId).toBe(ann.playerId);
    await annSocket.next((m) => m.type === "view" && rowOf(annSocket, "Ann")?.consigliere === "Mentor");
    expect(rowOf(annSocket, "Ann")?.consigliereInvited).toBeUndefined();
    expect(annSocket.schemaFailures).toEqual([]);
  });

  it("§7.10 a code minted in one game's lobby binds nothing in the next game's lobby (it expired at that deal)", async () => {
    const minted: { code?: string } = {};
    run = await openTable({
      seed: "consigliere-next", preset: "tatar", settings: {}, spectators: 1,
      beforeLastSeat: async (table, seated) => {
        minted.code = await inviteCode(table, seated[0]!.join.token);
      },
    });
    await playToEnd(run);
    // The first seat plays again: the next game's lobby (not full, so no deal yet).
    const first = run.seated[0]!;
    expect(await playAgain(first.client)).toMatchObject({ type: "ack" });
    await first.client.next((m) => m.type === "view" && m.view.status === "lobby");
    expect(await errorOf(await joinAdvisor(run.code, minted.code!, "Late"))).toEqual([409, "game-started"]);
    // A fresh invitation in this lobby binds.
    const fresh = await inviteCode(run.code, first.join.token);
    const joined = await joinAdvisor(run.code, fresh, "Fresh");
    expect(joined.status, await joined.clone().text()).toBe(200);
  }, 120_000);
});
