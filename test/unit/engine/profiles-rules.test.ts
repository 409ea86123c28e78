/**
 * RULES.md §5.2 mafia consensus, §5.4 win and §5.5 profiles (issue 16), as scenarios and as data.
 */
import { describe, expect, it } from "vitest";
import { playGame } from "../../../shared/bots/index.ts";
import { makeBot } from "../../../shared/bots/driver.ts";
import { BOT_LEVELS, botFor } from "../../../shared/bots/levels.ts";
import { createGame, getPreset, listPresets, startRefusal, viewFor } from "../../../shared/engine/index.ts";
import { recommended } from "../../../shared/engine/presets/profiles.ts";
import { presetOf } from "../../../shared/engine/presets/index.ts";
import { alive, killedLast, night, nightBy, offeredTo, profileTable, stepNow, toNight } from "./profiles-helpers.ts";

describe("RULES.md §5.2 mafia consensus", () => {
  // 1 Don, 2 Mafia, 3 Mafia, 4 Commissar, 5–9 Civilians.
  const LAYOUT = "DMMKCCCCC";

  it("§5.2 the black team sees an anonymous tally, may change choices, never targets its own team; agreement ends the step at once", () => {
    const t = profileTable(LAYOUT);
    toNight(t);
    expect(stepNow(t)).toBe("mafia");
    for (const s of [1, 2, 3]) expect(offeredTo(t, s)).toEqual([4, 5, 6, 7, 8, 9]);
    t.reject(2, { type: "use", ability: "mafia-shot", targets: [1] }, "illegal-target");
    t.act(1, t.use(1, 5));
    t.act(2, t.use(2, 6));
    t.act(3, t.use(3, 5));
    expect(stepNow(t)).toBe("mafia"); // targets differ: the night does not move on
    t.act(2, t.use(2, 5)); // a changed choice
    expect(stepNow(t)).toBe("don-check");
    const tally = t.seen(2, "shot-tally").map(([, d]) => d);
    expect(tally).toEqual([
      { tally: [{ seat: 5, votes: 1 }], agreed: false },
      { tally: [{ seat: 5, votes: 1 }, { seat: 6, votes: 1 }], agreed: false },
      { tally: [{ seat: 5, votes: 2 }, { seat: 6, votes: 1 }], agreed: false },
      { tally: [{ seat: 5, votes: 3 }], agreed: true },
    ]);
    // Never who chose what: no `shot` events; the town and spectators see no tally.
    for (const s of [1, 2, 3]) expect(t.seen(s, "shot")).toEqual([]);
    for (const v of [t.view(4), t.view(5), t.spectator()]) expect(v.log.some((e) => e.type === "shot-tally")).toBe(false);
    night(t);
    expect(killedLast(t)).toEqual([5]);
  });

  it("§5.2 naming again one's own current choice changes nothing: refused (already-acted), no new tally; another seat still may be named", () => {
    const t = profileTable(LAYOUT);
    toNight(t);
    t.act(1, t.use(1, 5));
    t.act(2, t.use(2, 6));
    const before = t.seen(2, "shot-tally").length;
    // Seat 2 names seat 6 again, as a bot that moves after every change would: the team's log stays as it was.
    t.reject(2, t.use(2, 6), "already-acted");
    t.reject(1, t.use(1, 5), "already-acted");
    expect(t.seen(2, "shot-tally").length).toBe(before);
    expect(stepNow(t)).toBe("mafia");
    // A different seat is a changed choice, as before.
    t.act(2, t.use(2, 5));
    t.act(3, t.use(3, 5));
    expect(stepNow(t)).toBe("don-check");
  });

  it("§5.2 a bot keeps its choice: once it has named a seat it never sends that seat again (the engine would refuse it), at any level", () => {
    const t = profileTable(LAYOUT);
    toNight(t);
    // Seat 2 names the seat a heuristic bot names (the Don's plan, else the first seat it may shoot).
    const first = makeBot("heuristic", "keep").decide(t.view(2));
    expect(first?.type).toBe("use");
    t.act(2, first!);
    const chosen = first!.type === "use" ? first!.targets[0] : 0;
    const view = t.view(2);
    expect(view.you!.actions.find((a) => a.type === "use")).toMatchObject({ chosen: [chosen] });
    let heuristicWaits = 0;
    for (const kind of ["heuristic", "random", "strong", "novice"] as const) {
      for (let i = 0; i < 25; i++) {
        const a = makeBot(kind, `keep-${kind}-${i}`).decide(view);
        if (a === null) heuristicWaits += kind === "heuristic" ? 1 : 0;
        else expect(a.type === "use" && a.targets[0] === chosen, `${kind} ${i}: ${JSON.stringify(a)}`).toBe(false);
      }
    }
    // Having named the seat it would name, the heuristic bot waits (it sent it after every change before).
    expect(heuristicWaits).toBe(25);
    // The table's bot seats (their levels) keep theirs too.
    for (const level of BOT_LEVELS) {
      for (let i = 0; i < 25; i++) {
        const a = botFor(level, `keep-level-${level}-${i}`).decide(view);
        if (a !== null) expect(a.type === "use" && a.targets[0] === chosen, `${level} ${i}: ${JSON.stringify(a)}`).toBe(false);
      }
    }
  });

  it("§5.2 no single target when the step's time runs out: no kill; the Don's choice counts as one", () => {
    const t = profileTable(LAYOUT);
    toNight(t);
    night(t, { mafia: { 1: 5, 2: 6, 3: 6 } });
    expect(killedLast(t)).toEqual([]);
    expect(t.spectator().log.some((e) => e.type === "nobody-killed")).toBe(true);
    expect(alive(t, 5) && alive(t, 6)).toBe(true);
  });

  it("§5.2 a single target named at the deadline kills, even when a mafioso named nobody (*decision*)", () => {
    const t = profileTable(LAYOUT);
    toNight(t);
    night(t, { mafia: { 1: 7, 2: 7 } });
    expect(killedLast(t)).toEqual([7]);
  });

  it("§5.2 the Blackmailer shoots with the mafia; the Lawyer and the Blocker do not, unless they are the last black players", () => {
    // 1 Blackmailer, 2 Lawyer, 3 Blocker, 4 Commissar, 5–10 Civilians.
    const t = profileTable("EYBKCCCCCC");
    toNight(t);
    const shot: number[][] = [];
    nightBy(t, (step) => { if (step === "mafia") shot.push(offeredTo(t, 1), offeredTo(t, 2), offeredTo(t, 3)); });
    expect(shot).toEqual([[4, 5, 6, 7, 8, 9, 10], [], []]);
  });
});

describe("RULES.md §5.5 decision: a night step per dealt role", () => {
  it("a step runs when its role was dealt — also after its holder died (the night's timing tells nothing, §1 Secrets) — and never when it was not", () => {
    // 1 Mafia, 2 Commissar, 3 Doctor, 4–8 Civilians.
    const t = profileTable("MKHCCCCC");
    toNight(t);
    expect(night(t, { mafia: { 1: 2 } })).toEqual(["mafia", "doctor", "commissar"]);
    expect(alive(t, 2)).toBe(false);
    toNight(t);
    expect(night(t, {})).toEqual(["mafia", "doctor", "commissar"]);
    const turns = t.spectator().log.filter((e) => e.type === "night-turn").map((e) => e.data);
    expect(turns.slice(-3)).toEqual([{ step: "mafia", ms: 60_000 }, { step: "doctor", ms: 20_000 }, { step: "commissar", ms: 20_000 }]);
  });
});

describe("RULES.md §5.6 Blackmailer at night", () => {
  it("§5.6 the Blackmailer's target must not be black", () => {
    const t = profileTable("EYBKCCCCCC");
    toNight(t);
    let targets: number[] = [];
    nightBy(t, (step) => { if (step === "blackmailer") targets = offeredTo(t, 1); });
    expect(targets).toEqual([4, 5, 6, 7, 8, 9, 10]);
  });
});

describe("RULES.md §5.4 win", () => {
  it("§5.4 the Maniac's win takes priority over the mafia's: the Maniac and one mafioso left", () => {
    // 1 Mafia, 2 Maniac, 3 Commissar, 4 Doctor, 5–6 Civilians.
    const t = profileTable("MXKHCC");
    toNight(t);
    night(t, { mafia: { 1: 5 }, maniac: { 2: 6 } });
    expect(killedLast(t)).toEqual([5, 6]);
    t.timeout(); // free talk
    t.vote({ 1: 3, 2: 3, 4: 3, 3: 1 });
    expect(alive(t, 3)).toBe(false);
    expect(t.result()).toBeNull();
    night(t, { mafia: { 1: 4 } });
    expect(t.result()).toMatchObject({ winner: "solo", reason: "maniac-last-standing" });
  });

  it("issue 16 the night's 'why': kept each morning, in no view during the game, in every view's result at the end", () => {
    const t = profileTable("MXKHCC");
    toNight(t);
    night(t, { mafia: { 1: 5 }, maniac: { 2: 6 }, doctor: { 4: 5 } });
    for (const v of [t.spectator(), t.view(1), t.view(4)]) expect(JSON.stringify(v)).not.toMatch(/"nights"|stoppedBy/);
    t.timeout();
    t.vote({ 1: 3, 2: 3, 4: 3, 5: 3, 3: 1 });
    night(t, { mafia: { 1: 4 }, maniac: { 2: 5 } });
    expect(t.result()).toMatchObject({ winner: "solo" });
    const nights = t.spectator().result!.nights!;
    expect(nights).toEqual([
      { night: 1, steps: [
        { kind: "protected", by: 4, ability: "heal", target: 5 },
        { kind: "attack", by: [1], ability: "mafia-shot", target: 5, outcome: "stopped", stoppedBy: 4, stoppedWith: "heal" },
        { kind: "attack", by: [2], ability: "kill", target: 6, outcome: "killed" },
      ] },
      { night: 2, steps: [
        { kind: "attack", by: [1], ability: "mafia-shot", target: 4, outcome: "killed" },
        { kind: "attack", by: [2], ability: "kill", target: 5, outcome: "killed" },
      ] },
    ]);
    expect(t.view(3).result!.nights).toEqual(nights);
  });

  it("§5.4 the town wins once the mafia and the Maniac are out", () => {
    const t = profileTable("MXKHCC");
    toNight(t);
    night(t, { maniac: { 2: 5 } });
    t.timeout();
    t.vote({ 1: 2, 2: 1, 3: 2, 4: 2, 6: 2 });
    expect(alive(t, 2)).toBe(false);
    night(t, {});
    t.timeout();
    t.vote({ 1: 3, 3: 1, 4: 1, 6: 1 });
    expect(t.result()).toMatchObject({ winner: "red", reason: "town-eliminated-mafia-and-maniac" });
  });

  it("§5.4 the mafia wins when its living players are no fewer than all others", () => {
    // 1 Mafia, 2 Mafia, 3 Commissar, 4 Doctor, 5–6 Civilians.
    const t = profileTable("MMKHCC");
    toNight(t);
    night(t, { mafia: { 1: 5, 2: 5 } });
    t.timeout();
    t.vote({ 1: 6, 2: 6, 6: 1 });
    t.timeout(); // the others do not vote: 6 leaves by plurality — two black against two
    expect(alive(t, 6)).toBe(false);
    expect(t.result()).toMatchObject({ winner: "black", reason: "mafia-parity" });
  });
});

describe("RULES.md §5.5 profiles", () => {
  it("§5.5 recommended compositions: black ⌊N/3⌋, the Don from 8, Commissar and Doctor from 6; Extended's pool by size; Dark City's Maniac", () => {
    const count = (roles: string[]) => roles.reduce<Record<string, number>>((m, r) => ({ ...m, [r]: (m[r] ?? 0) + 1 }), {});
    expect(count(recommended("classic", 6))).toEqual({ mafia: 2, commissar: 1, doctor: 1, civilian: 2 });
    expect(count(recommended("classic", 8))).toEqual({ don: 1, mafia: 1, commissar: 1, doctor: 1, civilian: 4 });
    expect(count(recommended("classic", 20))).toEqual({ don: 1, mafia: 5, commissar: 1, doctor: 1, civilian: 12 });
    expect(count(recommended("extended", 8))).toEqual({ don: 1, mafia: 1, commissar: 1, doctor: 1, civilian: 4 });
    expect(count(recommended("extended", 9))).toEqual({ don: 1, mafia: 2, commissar: 1, doctor: 1, mistress: 1, civilian: 3 });
    expect(count(recommended("extended", 12))).toEqual({ don: 1, blackmailer: 1, mafia: 2, commissar: 1, doctor: 1, mistress: 1, bodyguard: 1, tracker: 1, watcher: 1, civilian: 2 });
    expect(count(recommended("extended", 13))).toEqual({ don: 1, blackmailer: 1, mafia: 2, commissar: 1, doctor: 1, mistress: 1, bodyguard: 1, tracker: 1, watcher: 1, judge: 1, civilian: 2 });
    expect(count(recommended("dark-city", 9))).toEqual({ don: 1, mafia: 2, commissar: 1, doctor: 1, maniac: 1, civilian: 3 });
    for (const id of ["classic", "extended", "fast", "dark-city", "custom"]) {
      const p = presetOf(id);
      for (let n = p.seats.min; n <= p.seats.max; n++) expect(p.composition(n, p.defaultSettings), `${id} ${n}`).toHaveLength(n);
    }
  });

  it("§5.5 seats per profile: Classic 6–20, Extended 8–20, Fast 6–8, Dark City 9–15, Custom 6–20; all start at the organizer's command (§5.1)", () => {
    const seats = Object.fromEntries(["classic", "extended", "fast", "dark-city", "custom"].map((id) => [id, getPreset(id)!.seats]));
    expect(seats).toEqual({ classic: { min: 6, max: 20 }, extended: { min: 8, max: 20 }, fast: { min: 6, max: 8 }, "dark-city": { min: 9, max: 15 }, custom: { min: 6, max: 20 } });
    for (const id of Object.keys(seats)) expect(getPreset(id)!.start).toBe("organizer-command");
    // The site offers them: the create form's profile screen (issue 16).
    expect(listPresets().map((p) => p.id)).toEqual(["sport", "city", "tatar", "host-classic", "classic", "extended", "fast", "dark-city", "custom", "club"]);
  });

  it("§5.5 what may be changed: Classic/Extended the tempo; Fast and Dark City nothing; Custom role counts and the elimination rule", () => {
    expect(getPreset("classic")!.settings.map((s) => s.key)).toEqual(["tempo"]);
    expect(getPreset("fast")!.settings).toEqual([]);
    expect(getPreset("dark-city")!.settings).toEqual([]);
    expect(getPreset("custom")!.settings.map((s) => s.key)).toEqual(expect.arrayContaining(["tempo", "majority", "mafia", "blocker", "judge"]));
  });

  it("§5.5 Custom: any count of each role, Civilians for the rest; counts beyond the seats are refused; an unusual balance is not", () => {
    const g = createGame("custom", { mafia: 1, blocker: 1, mistress: 1, tracker: 1, watcher: 1, bodyguard: 1, lawyer: 1 }, Array.from({ length: 10 }, (_, i) => ({ id: `p${i}`, nickname: `n${i}`, bot: true })), "c", 0);
    const roles = viewFor(g, { kind: "host" }).seats.map((s) => s.role).sort();
    expect(roles).toEqual(["blocker", "bodyguard", "civilian", "civilian", "civilian", "lawyer", "mafia", "mistress", "tracker", "watcher"]);
    expect(startRefusal("custom", { mafia: 5, don: 2 }, 6)).toMatch(/more than the seats/);
    expect(startRefusal("custom", { commissar: 1 }, 6)).toMatch(/mafia's shot/);
    // Unusual but playable: four Doctors and one Mafia at six seats.
    expect(startRefusal("custom", { mafia: 1, doctor: 4 }, 6)).toBeNull();
  });

  it("§5.5 the tempo sets the free discussion (3 / 5 / 8 min); Fast fixes 3 min", () => {
    const t = profileTable("MKHCCC", { tempo: 480 });
    expect(t.left()).toBe(480_000);
    const players = Array.from({ length: 6 }, (_, i) => ({ id: `p${i}`, nickname: `n${i}`, bot: false }));
    let g = createGame("fast", {}, players, "f", 0);
    const deadline = (x: typeof g) => viewFor(x, { kind: "spectator" });
    expect(deadline(g).phase).toBe("acquaintance");
    expect(presetOf("fast").flow.entries.find((e) => e.id === "free-talk")!.params).toMatchObject({ ms: 180_000 });
    g = createGame("classic", {}, players, "f", 0);
    expect(viewFor(g, { kind: "spectator" }).timerMs).toBe(30_000);
  });

  it("§5.5 every profile plays to a result with bots at every size", () => {
    for (const id of ["classic", "extended", "fast", "dark-city", "custom"]) {
      const p = presetOf(id);
      for (let n = p.seats.min; n <= p.seats.max; n++) {
        const r = playGame({ presetId: id, seats: n, seed: `${id}-${n}`, mode: "fast", bots: "random" });
        expect(r.rejections, `${id} ${n}`).toBe(0);
        expect(viewFor(r.state, { kind: "spectator" }).result, `${id} ${n}`).not.toBeNull();
      }
    }
  });
});
