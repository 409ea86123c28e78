import { describe, expect, it } from "vitest";
import { apply, createGame, nextDeadline, viewFor } from "../../../shared/engine/index.ts";
import type { GameState, Input } from "../../../shared/engine/types.ts";
import { makePlayers, playGame } from "../../../shared/bots/index.ts";
import { LAYOUT, Table } from "./harness.ts";

function deepFreeze<T>(o: T): T {
  if (o && typeof o === "object" && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

describe("engine: determinism, immutability, timeouts, pause", () => {
  it("replay: createGame + the recorded input log gives the identical state", () => {
    for (const seed of ["replay-1", "replay-2", "replay-3"]) {
      const start = 5_000;
      const r = playGame({ seed, bots: "random", botFlag: false, start });
      let s: GameState = createGame("sport", {}, makePlayers(10, false), seed, start);
      for (const { input, now } of r.inputs) {
        const x = apply(s, input, now);
        expect(x.ok).toBe(true);
        if (x.ok) s = x.state;
      }
      expect(JSON.stringify(s)).toBe(JSON.stringify(r.state));
      expect(s).toEqual(r.state);
    }
  });
  it("apply never mutates its input state (deep-frozen states through whole games)", () => {
    for (let g = 0; g < 10; g++) {
      playGame({
        seed: `frozen-${g}`, bots: "random", botFlag: false,
        onInput: (state) => { deepFreeze(state); },
      });
    }
  });
  it("the state is JSON-serialisable and survives a round trip", () => {
    const r = playGame({ seed: "json", bots: "random" });
    expect(JSON.parse(JSON.stringify(r.state))).toEqual(r.state);
  });
  it("rejections change nothing (deep-equal before/after) across random games", () => {
    let checked = 0;
    playGame({
      seed: "rejections", bots: "random", botFlag: false,
      onInput: (state, _input, now) => {
        const before = JSON.stringify(state);
        const bad: Input[] = [
          { kind: "act", playerId: "p1", action: { type: "vote", target: 99 } },
          { kind: "act", playerId: "nobody", action: { type: "end-speech" } },
          { kind: "act", playerId: "p2", action: { type: "take-card", card: 99 } },
          { kind: "act", playerId: "p3", action: { type: "use", ability: "mafia-shot", targets: [0] } },
          { kind: "timeout", phaseSeq: state.phaseSeq - 1 },
          { kind: "timeout", phaseSeq: state.phaseSeq },
          { kind: "host", action: { type: "confirm" } },
        ];
        for (const input of bad) {
          const r = apply(state, input, now);
          if (!r.ok) checked++;
        }
        expect(JSON.stringify(state)).toBe(before);
      },
    });
    expect(checked).toBeGreaterThan(100);
  });
  it("a timeout for a phaseSeq that is not current, or before the deadline, is rejected stale-timeout", () => {
    const t = new Table({ roles: LAYOUT });
    const seq = t.s.phaseSeq;
    const due = nextDeadline(t.state)!;
    let r = apply(t.state, { kind: "timeout", phaseSeq: seq }, due - 1);
    expect(!r.ok && r.rejection.code).toBe("stale-timeout");
    r = apply(t.state, { kind: "timeout", phaseSeq: seq - 1 }, due);
    expect(!r.ok && r.rejection.code).toBe("stale-timeout");
    r = apply(t.state, { kind: "timeout", phaseSeq: seq }, due);
    expect(r.ok).toBe(true);
    // the same alarm delivered twice: the second is stale
    if (r.ok) {
      const again = apply(r.state, { kind: "timeout", phaseSeq: seq }, due);
      expect(!again.ok && again.rejection.code).toBe("stale-timeout");
    }
  });
  it("issue 32: an act or host input carrying another stage's phaseSeq is rejected stale and changes nothing; the current one or none is judged as before", () => {
    const t = new Table({ roles: LAYOUT });
    const seq = t.s.phaseSeq;
    const speaker = t.ids.find((id) => viewFor(t.state, { kind: "player", playerId: id }).you?.actions.some((a) => a.type === "end-speech"))!;
    expect(speaker).toBeDefined();
    const before = JSON.stringify(t.state);
    for (const stale of [seq - 1, seq + 1]) {
      const r = apply(t.state, { kind: "act", playerId: speaker, action: { type: "end-speech" }, phaseSeq: stale }, t.now);
      expect(!r.ok && r.rejection.code).toBe("stale");
      const h = apply(t.state, { kind: "host", action: { type: "confirm" }, phaseSeq: stale }, t.now);
      expect(!h.ok && h.rejection.code).toBe("stale");
    }
    expect(JSON.stringify(t.state)).toBe(before);
    expect(apply(t.state, { kind: "act", playerId: speaker, action: { type: "end-speech" }, phaseSeq: seq }, t.now).ok).toBe(true);
    expect(apply(t.state, { kind: "act", playerId: speaker, action: { type: "end-speech" } }, t.now).ok).toBe(true);
  });
  it("§1 pause stops every timer and resume restores the time that was left", () => {
    const t = new Table({ roles: LAYOUT });
    t.now += 25_000;
    t.control({ type: "pause", by: "organizer", reason: "absence", absentSeat: 3 });
    expect(t.deadline).toBeNull();
    expect(t.spectator().paused).toEqual({ by: "organizer", reason: "absence", remainingMs: 35_000 });
    t.reject(1, { type: "end-speech" }, "paused");
    const r = apply(t.state, { kind: "timeout", phaseSeq: t.s.phaseSeq }, t.now + 100_000);
    expect(!r.ok && r.rejection.code).toBe("paused");
    t.now += 600_000;
    t.control({ type: "resume" });
    expect(t.left()).toBe(35_000);
    expect(t.spectator().paused).toBeNull();
    expect(() => t.control({ type: "resume" })).toThrow();
  });
  it("abort (issue 11; RULES.md §1 has the server run every timer and is silent on a server that cannot: decision — the table's clock failed): a draw with reason server-error, every role shown, nothing pending — paused or not", () => {
    for (const paused of [false, true]) {
      const t = new Table({ roles: LAYOUT });
      t.now += 5_000;
      if (paused) t.control({ type: "pause", by: "organizer", reason: "organizer" });
      const events = t.control({ type: "abort", reason: "server-error" });
      expect(events.map((e) => e.type)).toEqual(["game-over", "roles-revealed"]);
      expect(t.result()).toMatchObject({ winner: "draw", reason: "server-error" });
      expect(t.phase).toBe("game-over");
      expect(t.deadline).toBeNull();
      expect(t.spectator().paused).toBeNull();
      expect(t.spectator().result!.roles).toHaveLength(10);
      const again = apply(t.state, { kind: "control", action: { type: "abort", reason: "server-error" } }, t.now);
      expect(!again.ok && again.rejection.code).toBe("game-over");
    }
  });
  it("§5.1 seat-to-bot marks the seat as a bot (public), changing living-human counts", () => {
    const t = new Table({ roles: LAYOUT });
    t.control({ type: "seat-to-bot", seat: 4 });
    expect(t.spectator().seats[3]!.bot).toBe(true);
    expect(t.view(4).you!.actions.some((a) => a.type === "tech-vote-start")).toBe(false);
  });
  it("views never contain the seed or the PRNG state; the host sees every role", () => {
    const seed = "very-secret-seed-123";
    const s = createGame("sport", { autoDeal: true }, makePlayers(10, false), seed, 0);
    const rng = (s as unknown as { rng: number[] }).rng;
    for (const v of [viewFor(s, { kind: "spectator" }), viewFor(s, { kind: "player", playerId: "p1" }), viewFor(s, { kind: "host" })]) {
      const j = JSON.stringify(v);
      expect(j).not.toContain(seed);
      for (const n of rng) expect(j).not.toContain(String(n));
    }
    expect(viewFor(s, { kind: "host" }).seats.every((x) => x.role !== undefined)).toBe(true);
  });
  it("an unknown viewer player gets a spectator-like view with no 'you'", () => {
    const s = createGame("sport", {}, makePlayers(10, false), "x", 0);
    expect(viewFor(s, { kind: "player", playerId: "stranger" }).you).toBeNull();
  });
});
