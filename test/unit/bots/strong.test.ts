/**
 * Issue 20: the strong and novice bots. They decide from their own view only — the delta frames a
 * connection at their seat receives — and the leak oracle checks those very views; a fresh bot given the
 * full view at the same moment decides the same (what the table object does: worker/table/bots.ts); and
 * they play their roles on purpose (scenario properties read from the game records).
 */
import { describe, expect, it } from "vitest";
import { viewFor } from "../../../shared/engine/index.ts";
import { allPresetIds } from "../../../shared/engine/presets/index.ts";
import { playGame, strongBot, type BotKind } from "../../../shared/bots/index.ts";
import type { AnyLogEntry } from "../../../shared/engine/types.ts";
import { assertEntitled } from "../engine/entitlement.ts";

interface Ev { seq: number; day: number; type: string; data: Record<string, unknown>; audience: { kind: string; seats?: number[] } }
interface Pl { id: string; seat: number; role: string; team: string }
interface St { result: { winner: string } | null; events: Ev[]; players: Pl[] }

const kinds = (seats: number, g: number): BotKind[] => Array.from({ length: seats }, (_, i) => (g % 3 === 2 && i % 3 === 0 ? "novice" : "strong"));

describe("issue 20: strong and novice bots read nothing beyond their own view", () => {
  for (const preset of allPresetIds()) {
    it(`${preset}: every view a bot is given passes the leak oracle, is the delta its connection would get, and a fresh bot on the full view decides the same`, () => {
      let views = 0;
      let compared = 0;
      for (let g = 0; g < 12; g++) {
        const seats = preset === "club" ? 12 : preset === "host-classic" ? 8 + (g % 5) : preset === "custom" ? 10 : undefined;
        const given = new Map<string, number>();
        const logs = new Map<string, AnyLogEntry[]>();
        let pending: { id: string; action: unknown } | null = null;
        const r = playGame({
          presetId: preset, seed: `strong-views-${preset}-${g}`, ...(seats ? { seats } : {}), bots: kinds(seats ?? 12, g), mode: "view",
          onView: (state, id, view) => {
            views++;
            // A delta continues exactly where the previous view of that seat stopped.
            expect(view.logAfter ?? 0).toBe(given.get(id) ?? 0);
            given.set(id, view.logUpTo);
            // The oracle walks every entry the bot is given, in the context of what it was given before.
            const log = [...(logs.get(id) ?? []), ...view.log];
            logs.set(id, log);
            assertEntitled(state, id, { ...view, log }, log.length - view.log.length);
            if (views % 25 === 0) expect(log).toEqual(viewFor(state, { kind: "player", playerId: id }).log);
            // The bot the table object would make (fresh, on the full view) must decide what this one does.
            if (view.you && view.you.actions.length) {
              const kind = kinds(seats ?? 12, g)[Number(id.slice(1)) - 1] as "strong" | "novice";
              pending = { id, action: strongBot(`strong-views-${preset}-${g}/${id}`, kind).decide(viewFor(state, { kind: "player", playerId: id })) };
            }
          },
          onInput: (_state, input) => {
            if (input.kind !== "act" || !pending || input.playerId !== pending.id) return;
            expect(input.action).toEqual(pending.action);
            compared++;
            pending = null;
          },
        });
        expect(r.rejections, `${preset} game ${g}: a bot's input was refused`).toBe(0);
        expect((r.state as unknown as St).result, `${preset} game ${g} did not end`).not.toBeNull();
      }
      expect(views).toBeGreaterThan(12 * 15);
      expect(compared).toBeGreaterThan(12 * 15);
    });
  }
});

/** The game record of a sport game between strong bots (or the given kinds). */
function record(seed: string, bots: BotKind | BotKind[] = "strong", presetId = "sport", seats?: number): St {
  return playGame({ presetId, seed, bots, ...(seats ? { seats } : {}) }).state as unknown as St;
}
/** Whether `seat` is still in the game when the first night after event `seq` falls. */
function aliveAtNextNight(s: St, seat: number, seq: number): boolean {
  const night = s.events.find((e) => e.type === "night-fell" && e.seq > seq);
  return night !== undefined && !s.events.some((e) => e.type === "left" && e.data.seat === seat && e.seq < night.seq);
}
const teamAt = (s: St, seat: number) => s.players[seat - 1]!.team;
/** The claims made in each speech: speech-started index → claims. */
function speeches(s: St): Array<{ seat: number; day: number; purpose: string; claims: Array<Record<string, unknown>>; nominated: number[] }> {
  const out: Array<{ seat: number; day: number; purpose: string; claims: Array<Record<string, unknown>>; nominated: number[] }> = [];
  for (const e of s.events) {
    if (e.type === "speech-started") out.push({ seat: e.data.seat as number, day: e.day, purpose: e.data.purpose as string, claims: [], nominated: [] });
    const cur = out[out.length - 1];
    if (e.type === "claimed" && cur && cur.seat === e.data.seat) cur.claims.push(e.data.claim as Record<string, unknown>);
    if (e.type === "nominated" && cur && cur.seat === e.data.by) cur.nominated.push(e.data.target as number);
  }
  return out;
}

describe("issue 20: strong bots play their roles on purpose (sport, RULES.md §2)", () => {
  it("§2.10 the Sheriff who found black says so in his next day speech — \"I am the Sheriff; seat N is black\" — and nominates that seat unless it already stands", () => {
    let cases = 0;
    for (let g = 0; g < 60; g++) {
      const s = record(`sheriff-${g}`);
      const sheriff = s.players.find((p) => p.role === "sheriff")!.seat;
      const black = s.events.filter((e) => e.type === "checked" && e.data.by === sheriff && e.data.result === "mafia");
      if (black.length === 0) continue;
      const first = black[0]!;
      const nominatedBefore = new Set<number>();
      for (const sp of speeches(s)) {
        if (sp.day <= first.day || sp.seat !== sheriff || sp.purpose !== "day") { if (sp.day > first.day) sp.nominated.forEach((x) => nominatedBefore.add(x)); continue; }
        cases++;
        expect(sp.claims[0]).toEqual({ kind: "role", role: "sheriff" });
        expect(sp.claims).toContainEqual({ kind: "check", target: first.data.target, result: "black" });
        const target = first.data.target as number;
        const alive = !s.events.some((e) => e.type === "left" && e.data.seat === target && e.day <= sp.day);
        if (alive && !nominatedBefore.has(target)) expect(sp.nominated).toContain(target);
        break;
      }
    }
    expect(cases).toBeGreaterThan(10);
  });

  it("§2.10 the black team shoots the revealed Sheriff the next night, all together", () => {
    let nights = 0;
    for (let g = 0; g < 60; g++) {
      const s = record(`shoot-${g}`);
      const sheriff = s.players.find((p) => p.role === "sheriff")!.seat;
      const claim = s.events.find((e) => e.type === "claimed" && e.data.seat === sheriff && (e.data.claim as { kind: string }).kind === "role");
      if (!claim) continue;
      if (!aliveAtNextNight(s, sheriff, claim.seq)) continue; // last words, or voted out that day
      const nightShots = s.events.filter((e) => e.type === "shot" && e.day === claim.day);
      if (nightShots.length === 0) continue; // the game ended
      nights++;
      for (const e of nightShots) expect(e.data.target, `game ${g}`).toBe(sheriff);
    }
    expect(nights).toBeGreaterThan(10);
  });

  it("the strong mafia counter-claims when the Sheriff names one of them; a novice mafia never does", () => {
    const counter = (kinds: BotKind | BotKind[], prefix: string) => {
      let accused = 0, countered = 0;
      for (let g = 0; g < 80; g++) {
        const s = record(`${prefix}-${g}`, kinds);
        const sheriff = s.players.find((p) => p.role === "sheriff")!.seat;
        const accusation = s.events.find((e) => e.type === "claimed" && e.data.seat === sheriff && (e.data.claim as { kind: string; result?: string }).result === "black");
        if (!accusation) continue;
        accused++;
        const fake = s.events.find((e) => e.type === "claimed" && e.seq > accusation.seq && teamAt(s, e.data.seat as number) === "black" && (e.data.claim as { role?: string }).role === "sheriff");
        if (fake) {
          countered++;
          // …and names the real Sheriff black
          expect(s.events.some((e) => e.type === "claimed" && e.data.seat === fake.data.seat && (e.data.claim as { target?: number; result?: string }).target === sheriff && (e.data.claim as { result?: string }).result === "black")).toBe(true);
        }
      }
      return { accused, countered };
    };
    const strong = counter("strong", "cc");
    expect(strong.accused).toBeGreaterThan(20);
    expect(strong.countered / strong.accused).toBeGreaterThan(0.2);
    const novice = counter("novice", "cc-n");
    expect(novice.countered).toBe(0);
  });

  it("the mafia does not vote as a block: in ballots with two or more black voters and a choice of red candidates, the black votes split", () => {
    let ballots = 0, split = 0;
    for (let g = 0; g < 80; g++) {
      const s = record(`block-${g}`);
      for (const e of s.events) {
        if (e.type !== "vote-counted") continue;
        const b = (e.data.ballots as Array<{ voter: number; target: number; auto: boolean }>).filter((x) => !x.auto && teamAt(s, x.voter) === "black");
        const cands = (e.data.tally as Array<{ seat: number }>).map((t) => t.seat).filter((c) => teamAt(s, c) !== "black");
        if (b.length < 2 || cands.length < 2) continue;
        ballots++;
        if (new Set(b.map((x) => x.target)).size > 1) split++;
      }
    }
    expect(ballots).toBeGreaterThan(30);
    expect(split / ballots).toBeGreaterThan(0.1);
  });

  it("a strong town votes on suspicion: the Sheriff's named black, still standing, gets most red votes", () => {
    let ballots = 0, onTarget = 0;
    for (let g = 0; g < 80; g++) {
      const s = record(`red-votes-${g}`);
      const sheriff = s.players.find((p) => p.role === "sheriff")!.seat;
      // the sheriff's public "black" claims, and the day they were said
      const said = s.events.filter((e) => e.type === "claimed" && e.data.seat === sheriff && (e.data.claim as { result?: string }).result === "black");
      for (const e of s.events) {
        if (e.type !== "vote-counted") continue;
        const named = said.filter((c) => c.seq < e.seq).map((c) => (c.data.claim as { target: number }).target).filter((t) => (e.data.tally as Array<{ seat: number }>).some((x) => x.seat === t));
        if (named.length === 0) continue;
        for (const b of e.data.ballots as Array<{ voter: number; target: number; auto: boolean }>) {
          if (b.auto || teamAt(s, b.voter) !== "red" || b.voter === sheriff || named.includes(b.voter)) continue;
          ballots++;
          if (named.includes(b.target)) onTarget++;
        }
      }
    }
    expect(ballots).toBeGreaterThan(50);
    expect(onTarget / ballots).toBeGreaterThan(0.6);
  });
});

describe("issue 20: strong bots in city (RULES.md §3)", () => {
  it("§3 the Doctor heals the revealed Commissar the night after his claim (unless he healed him the night before)", () => {
    let nights = 0;
    for (let g = 0; g < 80; g++) {
      const s = record(`doc-${g}`, "strong", "city", 10 + (g % 3));
      const com = s.players.find((p) => p.role === "commissar")!.seat;
      const doc = s.players.find((p) => p.role === "doctor")?.seat;
      if (!doc) continue;
      const claim = s.events.find((e) => e.type === "claimed" && e.data.seat === com && (e.data.claim as { kind: string }).kind === "role");
      if (!claim) continue;
      if (!aliveAtNextNight(s, com, claim.seq)) continue; // last words, or voted out that day
      const heals = s.events.filter((e) => e.type === "healed" && e.data.by === doc);
      const next = heals.find((e) => (e.data.night as number) === claim.day);
      if (!next) continue; // the Doctor left, was frozen or the game ended
      const before = heals.find((e) => (e.data.night as number) === claim.day - 1);
      if (before?.data.target === com) continue;
      nights++;
      expect(next.data.target, `game ${g}`).toBe(com);
    }
    expect(nights).toBeGreaterThan(5);
  });
});

describe("issue 20: a bot at a table with people", () => {
  it("§2.10 a bot of the black team follows the shot a teammate (a person) chose tonight, so the shot lands", async () => {
    const { apply } = await import("../../../shared/engine/index.ts");
    let checked = 0;
    for (let g = 0; g < 20; g++) {
      // Play to the first shooting night, then stop: the moment the shot opens.
      let night: unknown = null;
      playGame({
        seed: `follow-${g}`, bots: "strong", maxInputs: 400,
        onInput: (state) => {
          const v = night === null ? viewFor(state, { kind: "player", playerId: "p1" }) : null;
          if (v && v.phase === "night-shot" && v.round === 2) night = state;
        },
      });
      if (night === null) continue;
      const st = night as Parameters<typeof viewFor>[0];
      const black = (st as unknown as { players: Pl[] }).players.filter((p) => p.team === "black");
      const person = black[0]!;
      const red = (st as unknown as { players: Pl[] }).players.filter((p) => p.team !== "black");
      const bot0 = black[1]!;
      // What the bot would shoot alone, and a different red seat the person chooses.
      const alone = strongBot(`follow-${g}/${bot0.id}`).decide(viewFor(st, { kind: "player", playerId: bot0.id })) as { targets: number[] };
      const chosen = red.find((p) => p.seat !== alone.targets[0])!.seat;
      const r = apply(st, { kind: "act", playerId: person.id, action: { type: "use", ability: "mafia-shot", targets: [chosen] } }, 1e12);
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      for (const b of black.slice(1)) {
        const a = strongBot(`follow-${g}/${b.id}`).decide(viewFor(r.state, { kind: "player", playerId: b.id }));
        expect(a).toEqual({ type: "use", ability: "mafia-shot", targets: [chosen] });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});

describe("issue 20: a claim carries only what the seat's player could type", () => {
  it("in strong-bot games of every preset: each `claimed` event is public and equals the claim its input sent, field for field; the claim offer is the same for every seat whatever its card", () => {
    let claims = 0, offers = 0;
    for (const preset of allPresetIds()) {
      for (let g = 0; g < 6; g++) {
        const seats = preset === "club" ? 12 : preset === "custom" ? 10 : undefined;
        let offer: { roles: string[]; left: number } | null = null;
        playGame({
          presetId: preset, seed: `typed-${preset}-${g}`, bots: "strong", ...(seats ? { seats } : {}),
          onView: (_state, _id, view) => {
            const a = view.you?.actions.find((x) => x.type === "claim");
            if (!a || a.type !== "claim") return;
            offers++;
            // The roles offered never depend on the claimant's card (the same list for the Don and a Civilian).
            if (offer === null) offer = { roles: a.roles, left: a.left };
            expect(a.roles).toEqual(offer.roles);
            expect(a.targets).toEqual(view.seats.map((s) => s.seat).filter((s) => s !== view.you!.seat));
          },
          onInput: (_state, input, _now, events) => {
            for (const e of events) {
              if (e.type !== "claimed") continue;
              claims++;
              expect(e.audience).toEqual({ kind: "public" });
              expect(input.kind === "act" && input.action.type === "claim" ? { seat: e.data.seat, claim: input.action.claim } : null).toEqual(e.data);
            }
          },
        });
      }
    }
    expect(claims).toBeGreaterThan(100);
    expect(offers).toBeGreaterThan(100);
  });
});
