/**
 * Issue 20, public claims (shared/engine/rules/claims.ts): a structured public statement — a role, a
 * check, an opinion, a vote — made while the seat holds the floor in its own speech (a dead speaker's
 * farewell or last words too) or, living, in free talk. Public, at most 6 a speech, the seat's word only
 * (a lie is allowed, and nothing the server knows rides along), and it changes nothing but the log.
 */
import { describe, expect, it } from "vitest";
import { playGame } from "../../../shared/bots/index.ts";
import { apply, viewFor } from "../../../shared/engine/index.ts";
import type { Claim, GameEvent, PlayerAction, Seat } from "../../../shared/engine/types.ts";
import { LAYOUT, Table } from "./harness.ts";
import { tatar } from "./tatar-helpers.ts";

const claim = (c: Claim): PlayerAction => ({ type: "claim", claim: c });
/** The `claimed` entries of a view's log, as data. */
const claimsIn = (log: ReturnType<Table["spectator"]>["log"]) => log.filter((e) => e.type === "claimed").map((e) => e.data);

/** The state as JSON without the log and the claim counters (what a claim may change). */
function rest(t: Table): unknown {
  const s = JSON.parse(JSON.stringify(t.state)) as { events?: unknown; stage: { data: Record<string, unknown> | null } };
  delete s.events;
  if (s.stage.data) delete s.stage.data.claims;
  return s;
}

describe("issue 20: public claims in one's own speech", () => {
  it("a claim lands as a public `claimed` event: every player and a spectator see exactly {seat, claim}", () => {
    const t = new Table({ roles: LAYOUT });
    expect(t.phase).toBe("speech");
    const sp = t.speaker as Seat;
    const ev = t.act(sp, claim({ kind: "check", target: 7, result: "black" }));
    expect(ev.map((e) => [e.type, e.audience, e.data])).toEqual([["claimed", { kind: "public" }, { seat: sp, claim: { kind: "check", target: 7, result: "black" } }]]);
    for (let seat = 1; seat <= 10; seat++) expect(claimsIn(t.view(seat).log), `seat ${seat}`).toEqual([{ seat: sp, claim: { kind: "check", target: 7, result: "black" } }]);
    expect(claimsIn(t.spectator().log)).toEqual([{ seat: sp, claim: { kind: "check", target: 7, result: "black" } }]);
  });

  it("each kind is accepted, and the speaker is offered the claim: the preset's roles, every other seat, the claims left", () => {
    const t = new Table({ roles: LAYOUT });
    const sp = t.speaker as Seat;
    const offered = () => t.view(sp).you!.actions.find((a) => a.type === "claim");
    // Sport deals Don, Mafia, Sheriff and Civilians (RULES.md §2): the roles a claim may name, whatever this deal.
    expect(offered()).toEqual({ type: "claim", roles: expect.arrayContaining(["don", "mafia", "sheriff", "civilian"]), targets: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((x) => x !== sp), left: 6 });
    expect((offered() as { roles: string[] }).roles).toHaveLength(4);
    const all: Claim[] = [{ kind: "role", role: "sheriff" }, { kind: "check", target: 3, result: "red" }, { kind: "opinion", target: 2, result: "black" }, { kind: "vote", target: 5 }];
    for (const c of all) t.act(sp, claim(c));
    expect(claimsIn(t.spectator().log)).toEqual(all.map((c) => ({ seat: sp, claim: c })));
    expect(offered()).toMatchObject({ left: 2 });
    // Nobody else is offered a claim during this speech.
    for (let seat = 1; seat <= 10; seat++) if (seat !== sp) expect(t.view(seat).you!.actions.some((a) => a.type === "claim"), `seat ${seat}`).toBe(false);
  });

  it("out of turn: a claim during another's speech is not-your-turn", () => {
    const t = new Table({ roles: LAYOUT });
    const other = (t.speaker as Seat) === 5 ? 6 : 5;
    t.reject(other, claim({ kind: "role", role: "sheriff" }), "not-your-turn");
    t.reject(other, claim({ kind: "vote", target: 1 }), "not-your-turn");
  });

  it("at most 6 claims per speech: `left` counts down, the 7th is already-acted, the next speaker has 6 again", () => {
    const t = new Table({ roles: LAYOUT });
    const sp = t.speaker as Seat;
    for (let i = 0; i < 6; i++) {
      expect(t.view(sp).you!.actions.find((a) => a.type === "claim")).toMatchObject({ left: 6 - i });
      t.act(sp, claim({ kind: "vote", target: sp === 1 ? 2 : 1 }));
    }
    expect(t.view(sp).you!.actions.some((a) => a.type === "claim")).toBe(false);
    t.reject(sp, claim({ kind: "role", role: "civilian" }), "already-acted");
    t.end(sp);
    const next = t.speaker as Seat;
    expect(next).not.toBe(sp);
    expect(t.view(next).you!.actions.find((a) => a.type === "claim")).toMatchObject({ left: 6 });
    t.act(next, claim({ kind: "role", role: "civilian" }));
  });

  it("a role outside the preset's vocabulary, oneself, a seat outside the table, a colour outside red/black: illegal-target", () => {
    const t = new Table({ roles: LAYOUT });
    const sp = t.speaker as Seat;
    // Sport deals no Doctor and no Commissar (RULES.md §2).
    t.reject(sp, claim({ kind: "role", role: "doctor" }), "illegal-target");
    t.reject(sp, claim({ kind: "role", role: "commissar" }), "illegal-target");
    t.reject(sp, claim({ kind: "vote", target: sp }), "illegal-target");
    t.reject(sp, claim({ kind: "check", target: sp, result: "red" }), "illegal-target");
    t.reject(sp, claim({ kind: "opinion", target: 11, result: "red" }), "illegal-target");
    t.reject(sp, claim({ kind: "opinion", target: 0, result: "red" }), "illegal-target");
    t.reject(sp, { type: "claim", claim: { kind: "opinion", target: 3, result: "green" } } as unknown as PlayerAction, "illegal-target");
    t.reject(sp, { type: "claim", claim: { kind: "speech", text: "hi" } } as unknown as PlayerAction, "illegal-target");
    t.reject(sp, { type: "claim" } as unknown as PlayerAction, "illegal-target");
  });

  it("a Mafia player claiming the Sheriff: the event says sheriff and carries no other field (the server's knowledge never rides along)", () => {
    const t = new Table({ roles: LAYOUT });
    while (t.speaker !== 2) t.end(t.speaker as Seat); // seat 2 holds a Mafia card
    expect(t.view(2).you!.role).toBe("mafia");
    const ev = t.act(2, { type: "claim", claim: { kind: "role", role: "sheriff", extra: "mafia", team: "black" } } as unknown as PlayerAction);
    expect(ev).toHaveLength(1);
    expect(ev[0]!.data).toStrictEqual({ seat: 2, claim: { kind: "role", role: "sheriff" } });
    expect(claimsIn(t.view(7).log)).toStrictEqual([{ seat: 2, claim: { kind: "role", role: "sheriff" } }]);
  });

  it("a claim changes nothing but the log: no timer, no phase, no nomination, no turn", () => {
    const t = new Table({ roles: LAYOUT });
    const sp = t.speaker as Seat;
    const before = rest(t);
    const deadline = t.deadline;
    const seq = t.s.phaseSeq;
    t.act(sp, claim({ kind: "vote", target: sp === 4 ? 5 : 4 }), 0);
    t.act(sp, claim({ kind: "role", role: "don" }), 0);
    expect(rest(t)).toEqual(before);
    expect(t.deadline).toBe(deadline);
    expect(t.s.phaseSeq).toBe(seq);
    expect(t.spectator().nominees).toEqual([]);
    expect(t.speaker).toBe(sp);
  });

  it("a speaker who has left claims in their last words (a dead seat may be named); the dead out of their speech may not", () => {
    const t = new Table({ roles: LAYOUT });
    t.speeches();
    t.night({ 1: 7, 2: 7, 3: 7 });
    expect(t.phase).toBe("last-words");
    expect(t.speaker).toBe(7);
    // (and, RULES.md §9.4, the first night's shot victim's best move: test/unit/engine/best-move.test.ts)
    expect(t.view(7).you!.actions.map((a) => a.type).sort()).toEqual(["best-move", "claim", "end-speech"]);
    t.act(7, claim({ kind: "check", target: 2, result: "black" }));
    t.end(7);
    expect(t.phase).toBe("speech");
    const sp = t.speaker as Seat;
    // Seat 7 has left: named by the speaker ("the dead seat 7 was red"), and silent outside its own speech.
    t.act(sp, claim({ kind: "opinion", target: 7, result: "red" }));
    t.reject(7, claim({ kind: "vote", target: 1 }), "not-allowed");
    expect(claimsIn(t.spectator().log)).toEqual([
      { seat: 7, claim: { kind: "check", target: 2, result: "black" } },
      { seat: sp, claim: { kind: "opinion", target: 7, result: "red" } },
    ]);
  });

  it("no claim outside speeches and free talk: at night it is refused", () => {
    const t = new Table({ roles: LAYOUT });
    t.speeches();
    expect(t.phase).toBe("night-shot");
    const r = apply(t.state, { kind: "act", playerId: t.id(4), action: claim({ kind: "role", role: "sheriff" }) }, t.now);
    expect(r.ok).toBe(false);
    expect(t.view(4).you!.actions.some((a) => a.type === "claim")).toBe(false);
  });
});

describe("issue 20: public claims in free talk (RULES.md §7.2 tatar)", () => {
  it("any living seat claims; 6 each per free talk; the counter is the seat's own", () => {
    const t = tatar();
    expect(t.phase).toBe("free-talk");
    for (const seat of [1, 6, 12]) expect(t.view(seat).you!.actions.find((a) => a.type === "claim"), `seat ${seat}`).toMatchObject({ left: 6, targets: expect.not.arrayContaining([seat]) });
    // Tatar deals Don, Mafia, Putana, Doctor, Commissar, Maniac and Civilians (RULES.md §7).
    expect((t.view(1).you!.actions.find((a) => a.type === "claim") as { roles: string[] }).roles.sort()).toEqual(["civilian", "commissar", "doctor", "don", "mafia", "maniac", "putana"]);
    for (let i = 0; i < 6; i++) t.act(6, claim({ kind: "role", role: "commissar" }));
    t.reject(6, claim({ kind: "role", role: "commissar" }), "already-acted");
    t.act(7, claim({ kind: "opinion", target: 6, result: "black" }));
    expect(t.view(7).you!.actions.find((a) => a.type === "claim")).toMatchObject({ left: 5 });
    expect(claimsIn(t.spectator().log)).toHaveLength(7);
    expect(t.phase).toBe("free-talk");
  });
});

describe("issue 20: claims in 200 random games", () => {
  it("every `claimed` event is public, the claimant's own input, and its JSON holds only seat/claim/kind/role/target/result", () => {
    const presets: Array<[string, number]> = [["sport", 10], ["city", 11], ["tatar", 12], ["classic", 9], ["host-classic", 11], ["club", 13], ["extended", 12], ["dark-city", 10]];
    const allowed = new Set(["seat", "claim", "kind", "role", "target", "result"]);
    const kinds = new Set<string>();
    let count = 0;
    for (let g = 0; g < 200; g++) {
      const [presetId, seats] = presets[g % presets.length]!;
      const r = playGame({
        presetId, seats, seed: `claims-${g}`, bots: "random", mode: "fast", claimRate: 0.2, maxInputs: 1500,
        onInput(state, input, _now, events: GameEvent[]) {
          for (const e of events) {
            if (e.type !== "claimed") continue;
            count++;
            kinds.add(e.data.claim.kind);
            expect(e.audience).toEqual({ kind: "public" });
            expect(input.kind === "act" && input.action.type === "claim").toBe(true);
            if (input.kind === "act") expect(viewFor(state, { kind: "player", playerId: input.playerId }).you!.seat).toBe(e.data.seat);
            const keys = new Set<string>();
            JSON.stringify(e.data, (k, v: unknown) => { if (k !== "") keys.add(k); return v; });
            expect([...keys].filter((k) => !allowed.has(k)), JSON.stringify(e.data)).toEqual([]);
          }
        },
      });
      expect(r.rejections).toBe(0);
    }
    expect(count).toBeGreaterThan(200);
    expect([...kinds].sort()).toEqual(["check", "opinion", "role", "vote"]);
  });
});
