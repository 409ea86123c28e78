/**
 * The banners' cheap path (web/src/table/announce.ts announcementTail + activeFrom + nextChange): the
 * announcements are made once per change of the log and only filtered by the time on each tick. It
 * must show exactly what the whole walk over the log shows (RULES.md §2.6 the count, §2.7 who left,
 * §2.11 the morning … every banner), at every `now` from the time the tail was made, for every viewer
 * of real bot games — and the comparison must notice a tail that stops one entry too early.
 */
import { describe, expect, it } from "vitest";
import { playGame, type BotKind } from "../../../shared/bots/index.ts";
import { seatedPlayers, viewFor } from "../../../shared/engine/index.ts";
import type { AnyLogEntry, GameView, Seat } from "../../../shared/engine/types.ts";
import { activeAnnouncements, activeFrom, type AnnouncementTail, announcementOf, announcementTail, nextChange, TTL } from "../../../web/src/table/announce.ts";
import { LONGEST, wholeWalk } from "../../support/announce-walk.ts";

/** A small deterministic generator (the cases must be the same on every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Game {
  name: string;
  views: GameView[];
}

function game(name: string, o: { presetId: string; seed: string; bots: BotKind; stepMs?: number }): Game {
  const r = playGame(o);
  const views = [viewFor(r.state, { kind: "spectator" }), ...seatedPlayers(r.state).map((p) => viewFor(r.state, { kind: "player", playerId: p.playerId }))];
  return { name, views };
}

const GAMES: Game[] = [
  game("sport, heuristic bots, 200 ms steps", { presetId: "sport", seed: "tail-1", bots: "heuristic" }),
  game("sport, random bots, 1.5 s steps", { presetId: "sport", seed: "tail-2", bots: "random", stepMs: 1500 }),
  game("city, heuristic bots, 700 ms steps", { presetId: "city", seed: "tail-3", bots: "heuristic", stepMs: 700 }),
];

/** The times around which a banner flips: the entries' own times, show-up and expiry edges. */
function edges(log: readonly AnyLogEntry[]): number[] {
  const out = new Set<number>();
  for (const e of log) for (const d of [-5_001, -5_000, -1, 0, 1, ...Object.values(TTL).flatMap((t) => [t - 1, t]), LONGEST + 1]) out.add(e.at + d);
  return [...out].sort((a, b) => a - b);
}

type TailOf = (log: readonly AnyLogEntry[], you: Seat | null, from: number, nick: (seat: Seat) => string) => AnnouncementTail;

/**
 * Compares the tail's answers with the whole walk over the logs (whole games and their prefixes, as
 * the log grows) for tails made at many `from` times and queried at many `now` ≥ from, with some
 * banners dismissed and two `max`. Returns how many answers differ.
 */
function mismatches(tailOf: TailOf, budget: { prefixes: number; froms: number; nows: number }): { checked: number; differ: number; first?: string } {
  let checked = 0;
  let differ = 0;
  let first: string | undefined;
  const random = rng(7);
  for (const g of GAMES) {
    for (const v of g.views) {
      const you = v.you?.seat ?? null;
      const names = new Map(v.seats.map((s) => [s.seat, s.nickname] as const));
      const nick = (s: Seat) => names.get(s) ?? "";
      // The whole log and prefixes of it: the page sees the log grow entry by entry, its clock near the
      // newest entry (a little before it: a delayed spectator, a clock behind the table's).
      const logs = [v.log, ...Array.from({ length: budget.prefixes }, () => v.log.slice(0, 1 + Math.floor(random() * v.log.length)))];
      for (const log of logs) {
        const last = log[log.length - 1]!.at;
        const times = edges(log.filter((e) => e.at >= last - 3 * LONGEST));
        const ids = log.filter((e) => e.at >= last - 3 * LONGEST).map((e) => announcementOf(e, you)?.id).filter((x): x is string => !!x);
        for (let f = 0; f < budget.froms; f++) {
          const from = times[Math.floor(random() * times.length)]!;
          const tail = tailOf(log, you, from, nick);
          const later = times.filter((t) => t >= from);
          const nows = [from, from + 1, ...Array.from({ length: budget.nows }, () => later[Math.floor(random() * later.length)] ?? from)];
          for (const now of nows) {
            const dismissed = new Set(ids.filter(() => random() < 0.1));
            for (const max of [3, 6]) {
              const want = wholeWalk(log, you, now, { dismissed, max, seats: v.seats });
              const got = activeFrom(tail, now, { dismissed, max });
              checked++;
              if (JSON.stringify(got) !== JSON.stringify(want)) {
                differ++;
                first ??= `${g.name}, seat ${you}, ${log.length} entries, from ${from}, now ${now}`;
              }
            }
          }
        }
      }
    }
  }
  return { checked, differ, ...(first ? { first } : {}) };
}

describe("the banners' tail: exactly the whole walk's announcements, for any time from the tail's", () => {
  it("§2.6–§2.13 every viewer of whole bot games and of the log as it grows: the same banners, in the same order", () => {
    const r = mismatches(announcementTail, { prefixes: 8, froms: 3, nows: 6 });
    expect(r.checked).toBeGreaterThan(5_000);
    expect(r.differ, r.first).toBe(0);
  });

  it("the comparison notices a tail that stops too early (one entry short, or a second short of the longest banner)", () => {
    const oneShort: TailOf = (log, you, from, nick) => {
      const t = announcementTail(log, you, from, nick);
      // Only tails that stopped on an old entry (not at the log's start) can be one entry short.
      return t.items.length < log.length && t.items.length > 0 ? { from, items: t.items.slice(0, -1) } : t;
    };
    const secondShort: TailOf = (log, you, from, nick) => ({ from, items: announcementTail(log, you, from + 1_000, nick).items });
    const a = mismatches(oneShort, { prefixes: 8, froms: 3, nows: 6 });
    const b = mismatches(secondShort, { prefixes: 8, froms: 3, nows: 6 });
    expect(a.differ).toBeGreaterThan(0);
    expect(b.differ).toBeGreaterThan(0);
  });

  it("before the tail's time (the clock went back) it answers nothing, and the whole walk is used", () => {
    const v = GAMES[0]!.views[0]!;
    const from = v.log[Math.floor(v.log.length / 2)]!.at;
    expect(activeFrom(announcementTail(v.log, null, from), from - 1)).toBeNull();
    expect(activeAnnouncements(v.log, null, from - 1)).toEqual(wholeWalk(v.log, null, from - 1));
  });

  it("nextChange: nothing changes before it, and after the last change nothing ever does", () => {
    let withNext = 0;
    let without = 0;
    for (const g of GAMES) {
      for (const v of g.views) {
        const you = v.you?.seat ?? null;
        for (let k = 20; k <= v.log.length; k += 20) {
          const log = v.log.slice(0, k);
          const now = log[k - 1]!.at - 3_000 + 200 * (k % 60);
          const tail = announcementTail(log, you, now);
          const next = nextChange(tail, now);
          const at = (t: number) => activeFrom(tail, t, { max: 99 })!.map((a) => a.id);
          if (next === null) {
            without++;
            expect(at(now + 10 * LONGEST)).toEqual(at(now));
          } else {
            withNext++;
            expect(next).toBeGreaterThan(now);
            expect(at(next - 1)).toEqual(at(now));
            expect(at(next)).not.toEqual(at(now));
          }
        }
      }
    }
    expect(withNext).toBeGreaterThan(100);
    expect(without).toBeGreaterThan(10);
  });
});
