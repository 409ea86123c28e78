/**
 * Tatar property (issue 17; see property.ts): 150 seeded random games at 12 seats (every seventh with a
 * live host who confirms each gated stage, §5.7); every view of every player and a spectator after every
 * input holds only what its viewer may know (RULES.md §1, §7): the mafia's choices to the Don and Mafia,
 * Putana outside their channel while they live, each role's own choices and checks private, and a card
 * shown only for a player removed by fouls (§7.9).
 */
import { describe, expect, it } from "vitest";
import { actionsFor, apply, createGame, nextDeadline, viewFor, type Input } from "../../../shared/engine/index.ts";
import { botRng, makePlayers, randomPolicy } from "../../../shared/bots/index.ts";
import { assertEntitled } from "./entitlement.ts";
import { gamesTitle, loopGames, propertyShard } from "./property.ts";

/** Games of the fouls loop: 20 in `npm test`, 60 with TEST_DEEP=1. */
const FOUL_GAMES = loopGames(20, 60);

describe("property (tatar, RULES.md §7): views are allowlists", () => {
  it(`${gamesTitle(0, 150, "tatar")}: every view (each player + a spectator) after every input is an allowlist`, () => {
    propertyShard(0, 150, "tatar", 40);
  }, 300_000);
});

/**
 * Fouls at random (RULES.md §7.3, §7.9): a live host gives fouls and remarks now and then, and voters
 * sometimes let their time run out — players are removed with their card shown, automatic votes fall
 * due, removed players are voted out; every view after every input is still an allowlist.
 */
describe("property (tatar, RULES.md §7.9): fouls, removals and shown cards", () => {
  it(`games 0–${FOUL_GAMES - 1} with a live host who fouls at random and late voters: every view after every input is an allowlist`, () => {
    const seen = { removed: 0, foulVote: 0, removedVotedOut: 0 };
    for (let g = 0; g < FOUL_GAMES; g++) {
      const rng = botRng(`tatar-fouls-${g}`);
      const players = makePlayers(12, false);
      const ids = players.map((p) => p.id);
      let now = 1_000_000;
      let state = createGame("tatar", {}, players, `tatar-fouls-${g}`, now, { host: "live" });
      const views = new Map<string | null, number>();
      const check = () => {
        for (const id of [...ids, null]) {
          const v = viewFor(state, id ? { kind: "player", playerId: id } : { kind: "spectator" });
          views.set(id, assertEntitled(state, id, v, views.get(id) ?? 0));
        }
      };
      const step = (input: Input) => {
        const r = apply(state, input, now);
        if (!r.ok) throw new Error(`game ${g}: ${JSON.stringify(input)} rejected: ${r.rejection.code}`);
        state = r.state;
        check();
      };
      for (let n = 0; n < 3000 && !(state as unknown as { result: unknown }).result; n++) {
        const s = state as unknown as { awaitingHost?: boolean; techVote: unknown; players: Array<{ alive: boolean; seat: number }> };
        const living = s.players.filter((p) => p.alive).map((p) => p.seat);
        if (s.awaitingHost) { step({ kind: "host", action: { type: "confirm" } }); continue; }
        // §7.9 the host's fouls wait while a technical vote runs (the engine refuses them then).
        if (rng.next() < 0.03 && !s.techVote) { step({ kind: "host", action: { type: rng.next() < 0.8 ? "foul" : "remark", seat: rng.pick(living) } }); continue; }
        const due = nextDeadline(state);
        const movers = ids.map((id) => ({ id, acts: actionsFor(state, id) })).filter((m) => m.acts.length);
        // Late voters now and then (§7.3): the clock runs out instead of a move.
        if (due !== null && (movers.length === 0 || rng.next() < 0.15)) { now = Math.max(now, due); step({ kind: "timeout", phaseSeq: state.phaseSeq }); continue; }
        const m = movers.length ? rng.pick(movers) : null;
        const action = m ? randomPolicy(m.acts, rng, 12) : null;
        if (!m || !action) { if (due === null) break; now = Math.max(now, due); step({ kind: "timeout", phaseSeq: state.phaseSeq }); continue; }
        now += 100;
        if (due !== null && now >= due) { now = due; step({ kind: "timeout", phaseSeq: state.phaseSeq }); continue; }
        step({ kind: "act", playerId: m.id, action });
      }
      expect((state as unknown as { result: unknown }).result, `game ${g} did not end`).not.toBeNull();
      const events = (state as unknown as { events: Array<{ type: string }> }).events;
      if (events.some((e) => e.type === "role-revealed")) seen.removed++;
      if (events.some((e) => e.type === "foul-vote")) seen.foulVote++;
      if (events.some((e) => e.type === "removed-voted-out")) seen.removedVotedOut++;
    }
    // The games reached what they are for.
    // A third of the games remove a player by fouls and a tenth hold a foul vote (20 and 5 of 60).
    expect(seen.removed).toBeGreaterThan(FOUL_GAMES / 3);
    expect(seen.foulVote).toBeGreaterThan(FOUL_GAMES / 12);
  }, 300_000);
});
