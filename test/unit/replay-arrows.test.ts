/**
 * Issue 35 (a replay you can see), web/src/record/arrows.ts: the record's oval draws votes as arrows from
 * voter to candidate (RULES.md §2.6–§2.9) from the view the replay shows, night moves only in the secret
 * view (§2.4), and chapters (nights, days, counts) from the public log.
 */
import { describe, expect, it } from "vitest";
import { playGame } from "../../shared/bots/index.ts";
import { viewFor } from "../../shared/engine/index.ts";
import type { GameState, GameView } from "../../shared/engine/types.ts";
import { replayArrows, replayMoments } from "../../web/src/record/arrows.ts";

function states(presetId: string, seats: number, seed: string): GameState[] {
  const out: GameState[] = [];
  const ids = Array.from({ length: seats }, (_, i) => `p${i + 1}`);
  playGame({ presetId, seats, seed, settings: {}, bots: ids.map(() => "heuristic"), mode: "fast", botFlag: true, onInput: (s) => void out.push(s) });
  return out;
}
const over = (v: GameView) => v.log.some((e) => e.type === "game-over");
const counts = (v: GameView) => v.log.filter((e) => e.type === "vote-counted").length;

const spectator = (s: GameState) => viewFor(s, { kind: "spectator" });
const host = (s: GameState) => viewFor(s, { kind: "host" });

describe("the replay's arrows (issue 35)", () => {
  const sport = states("sport", 10, "replay-arrows-1");

  it("RULES.md §7.3: while votes are cast in the open (tatar, in turn), each cast vote is an arrow from its voter to its candidate", () => {
    const during = states("tatar", 12, "replay-arrows-2").map(spectator).filter((v) => v.ballot && v.ballot.kind !== "lift" && v.ballot.votes.length > 0);
    expect(during.length, "steps with votes cast").toBeGreaterThan(0);
    for (const v of during) {
      const b = v.ballot as Extract<GameView["ballot"], { votes: Array<{ target: number }> }>;
      expect(replayArrows(v, false)).toEqual(b.votes.map((x) => ({ from: x.voter, to: x.target, kind: "vote" })));
    }
  });

  it("RULES.md §2.7: a closed ballot (sport) draws nothing while cast; after the count its ballots are drawn until the night falls", () => {
    const views = sport.map(spectator);
    const i = views.findIndex((v) => counts(v) === 1);
    expect(i).toBeGreaterThan(0);
    expect(replayArrows(views[i - 1]!, false), "the ballot before its count").toEqual([]);
    const counted = views[i]!.log.find((e) => e.type === "vote-counted")!;
    if (counted.type !== "vote-counted") throw new Error("not a count");
    const drawn = counted.data.ballots.map((x) => ({ from: x.voter, to: x.target, kind: "vote" }));
    const nights = (v: GameView) => v.log.filter((e) => e.type === "night-fell").length;
    const night = views.findIndex((v, k) => k > i && nights(v) > nights(views[i]!));
    expect(night).toBeGreaterThan(i);
    expect(replayArrows(views[i]!, false), "the count, drawn").toEqual(drawn);
    expect(drawn.length).toBeGreaterThan(0);
    expect(replayArrows(views[night]!, false).filter((a) => a.kind === "vote")).toEqual([]);
  });

  it("RULES.md §2.4, §1: night moves only in the secret view — a spectator's replay draws no shot, the host's draws each shot", () => {
    let shots = 0;
    for (const s of sport) {
      const v = spectator(s);
      // At the end every secret is public (§1), the night's moves with them.
      if (!over(v)) expect(replayArrows(v, true).filter((a) => a.kind !== "vote"), "a spectator's view holds no night move").toEqual([]);
      const h = host(s);
      if (!h.night) continue;
      const drawn = replayArrows(h, true).filter((a) => a.kind === "shot");
      expect(replayArrows(h, false).filter((a) => a.kind === "shot"), "secrets off: no night arrows").toEqual([]);
      const since = h.log.findLastIndex((e) => e.type === "night-fell");
      const fired = h.log.slice(since).flatMap((e) => (e.type === "shot" ? [{ from: e.data.seat, to: e.data.target, kind: "shot" }] : []));
      expect(drawn).toEqual(fired);
      shots += drawn.length;
    }
    expect(shots, "shots drawn over the game").toBeGreaterThan(0);
  });

  it("chapters: every night, day and count once, in step order, from the public log", () => {
    const views = sport.map(spectator);
    const m = replayMoments(views.map((v) => v.log));
    const steps = m.map((x) => x.step);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    const last = views.at(-1)!.log;
    expect(m.filter((x) => x.kind === "night").length).toBe(last.filter((e) => e.type === "night-fell").length);
    expect(m.filter((x) => x.kind === "vote").length).toBe(last.filter((e) => e.type === "vote-counted").length);
    expect(m.filter((x) => x.kind === "end").length).toBe(1);
    for (const x of m.filter((y) => y.kind === "vote")) expect(views[x.step]!.log.some((e) => e.type === "vote-counted")).toBe(true);
  });
});
