/**
 * What the table page derives from its log is kept from frame to frame and extended by the new entries
 * only (web/src/table/log-fold.ts): the game log's rows with their day tags (RULES.md §2.3 days, the
 * log of the game), each seat's latest claims on the oval (§2.3 what a speaker says), and the banners'
 * announcements made once per entry (§2.6 the count, §2.7 who left, §2.11 the morning). Each must equal
 * the whole walk over the log at every length the log grows through — and when the store hands the next
 * game's entries over in the last game's objects (it updates a log entry without a key in place), the
 * kept work must not survive into the new game.
 */
import { describe, expect, it } from "vitest";
import { playGame, type BotKind } from "../../../shared/bots/index.ts";
import { seatedPlayers, viewFor } from "../../../shared/engine/index.ts";
import type { AnyLogEntry, Claim, GameView, PlayerAction, Seat } from "../../../shared/engine/types.ts";
import { type AnnouncementCache, announcementOf, announcementTail } from "../../../web/src/table/announce.ts";
import { latestClaimsFold } from "../../../web/src/table/claims.ts";
import { logFold, logRows } from "../../../web/src/table/log-fold.ts";
import { LAYOUT, Table } from "../engine/harness.ts";

/** The entries the live log leaves out, as the page's list did before the fold. */
const QUIET = new Set(["shout-ended", "tech-vote-pressed", "card-taken", "card-given", "role-dealt"]);

function views(o: { presetId: string; seed: string; bots: BotKind; stepMs?: number }): GameView[] {
  const r = playGame(o);
  return [viewFor(r.state, { kind: "spectator" }), ...seatedPlayers(r.state).map((p) => viewFor(r.state, { kind: "player", playerId: p.playerId }))];
}

const SPORT = views({ presetId: "sport", seed: "fold-1", bots: "heuristic" });
const CITY = views({ presetId: "city", seed: "fold-2", bots: "heuristic", stepMs: 700 });

/** The log as a page's store holds it while it grows: one array, the same entry objects, longer each frame. */
function* growing(log: readonly AnyLogEntry[], step = 3): Generator<AnyLogEntry[]> {
  const held: AnyLogEntry[] = [];
  for (let i = 0; i < log.length; i += step) {
    held.push(...log.slice(i, i + step));
    yield held;
  }
}

/**
 * The next game arriving in the same objects: each kept entry overwritten in place, the rest dropped,
 * and where the next log is longer, its further entries as new objects.
 */
function inPlace(held: AnyLogEntry[], next: readonly AnyLogEntry[]): AnyLogEntry[] {
  return next.map((n, i) => {
    const e = held[i];
    if (!e) return structuredClone(n);
    for (const k of Object.keys(e)) delete (e as unknown as Record<string, unknown>)[k];
    return Object.assign(e, structuredClone(n));
  });
}

/** The rows as the list showed them before: the QUIET entries left out, a day tag where the day changes. */
function rowsWhole(log: readonly AnyLogEntry[], protocol: boolean) {
  const shown = protocol ? log : log.filter((e) => !QUIET.has(e.type));
  return shown.map((e, i) => ({ seq: e.seq, startsDay: i === 0 || shown[i - 1]!.day !== e.day }));
}

describe("the table page's work per frame stays the size of the frame (log-fold.ts)", () => {
  it("a fold reads each entry once while the log grows, and starts again when the log is not the one it had", () => {
    let reads = 0;
    const fold = logFold(() => 0, (n) => (reads++, n + 1));
    const log = SPORT[1]!.log;
    for (const held of growing(log, 5)) expect(fold(held)).toBe(held.length);
    expect(reads).toBe(log.length);
    // The same log again: nothing new to read.
    expect(fold(log.slice())).toBe(log.length);
    expect(reads).toBe(log.length);
    // A shorter log (the next game) and a log whose last entry is another one: folded from the start.
    expect(fold(log.slice(0, 4))).toBe(4);
    expect(reads).toBe(log.length + 4);
    const other = [...log.slice(0, 3), { ...log[3]!, at: log[3]!.at + 1 }];
    expect(fold(other)).toBe(4);
    expect(reads).toBe(log.length + 8);
  });

  it("RULES.md §2.3 the log's rows: the same lines and day tags as the whole walk at every length, a row kept as the same object", () => {
    let checked = 0;
    for (const v of [...SPORT, ...CITY]) {
      for (const protocol of [false, true]) {
        const rows = logRows(protocol);
        let before: ReturnType<typeof rows> = [];
        for (const held of growing(v.log)) {
          const now = rows(held);
          expect(now.map((r) => ({ seq: r.e.seq, startsDay: r.startsDay }))).toEqual(rowsWhole(held, protocol));
          // The rows it had are the same objects: the list renders only the new lines.
          for (let i = 0; i < before.length; i++) expect(now[i]).toBe(before[i]);
          expect(now).not.toBe(before);
          before = now;
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("RULES.md §2.3 the next game in the last game's objects: its rows and day tags, none of the last game's", () => {
    // The last game's log as the page held it (a short one), then the next game's, longer, in its objects.
    for (const [a, b] of [[SPORT[2]!.log.slice(0, 12), CITY[3]!.log.slice(0, 60)], [CITY[1]!.log.slice(0, 30), SPORT[4]!.log]] as const) {
      const held = a.map((e) => structuredClone(e));
      const rows = logRows(false);
      rows(held);
      const next = inPlace(held, b);
      expect(rows(next).map((r) => ({ seq: r.e.seq, startsDay: r.startsDay }))).toEqual(rowsWhole(b, false));
    }
  });

  it("RULES.md §2.3 claims: each seat's latest claims equal the whole walk at every length; the map changes only with a new claim", () => {
    const t = new Table({ roles: LAYOUT });
    const claim = (c: Claim): PlayerAction => ({ type: "claim", claim: c });
    const a = t.speaker!;
    t.act(a, claim({ kind: "role", role: "civilian" }));
    t.act(a, claim({ kind: "vote", target: 6 }));
    t.act(a, claim({ kind: "role", role: "sheriff" }));
    t.end(a);
    const b = t.speaker!;
    t.act(b, claim({ kind: "check", target: a, result: "red" }));
    t.act(b, claim({ kind: "opinion", target: 3, result: "black" }));
    t.end(b);
    const log = t.spectator().log;
    const fold = latestClaimsFold();
    let last = fold([]);
    for (const held of growing(log, 1)) {
      const now = fold(held);
      expect(now).toEqual(latestClaimsFold()(held));
      // A frame without a new claim leaves the map as it was: the seats reading it do not run again.
      if (held[held.length - 1]!.type !== "claimed") expect(now).toBe(last);
      else expect(now).not.toBe(last);
      last = now;
    }
    expect(last.get(a as Seat)).toMatchObject({ role: "sheriff", say: { kind: "vote", target: 6 } });
    expect(last.get(b as Seat)).toMatchObject({ role: null, say: { kind: "opinion", target: 3, result: "black" } });
    // The next game in the same objects, its log as long as this one: no claim of the last game survives.
    const next = SPORT[0]!.log.slice(0, log.length + 5);
    expect(next.some((e) => e.type === "claimed")).toBe(false);
    expect(fold(inPlace(log.map((e) => e), next)).size).toBe(0);
  });

  it("RULES.md §2.6, §2.7, §2.11 announcements made once per entry: the same tail as made afresh, also when the next game reuses the objects", () => {
    let checked = 0;
    let reusedChecked = 0;
    for (const v of [...SPORT.slice(0, 4), ...CITY.slice(0, 4)]) {
      const you = v.you?.seat ?? null;
      const names = new Map(v.seats.map((s) => [s.seat, s.nickname] as const));
      const nick = (s: Seat) => names.get(s) ?? "";
      const made: AnnouncementCache = new WeakMap();
      const held = v.log.map((e) => structuredClone(e));
      for (const part of growing(held, 4)) {
        const from = part[part.length - 1]!.at;
        expect(announcementTail(part, you, from, nick, made)).toEqual(announcementTail(part, you, from, nick));
        checked++;
      }
      // The next game in these objects, up to an entry it announces that the last game's entry in the
      // same place did not: the kept announcement must not be taken for it.
      const other = (SPORT.includes(v) ? CITY[0]! : SPORT[0]!).log;
      const at = other.findIndex((e, i) => i >= 5 && i < held.length && announcementOf(e, null)?.id !== undefined && announcementOf(e, null)?.id !== announcementOf(held[i]!, null)?.id);
      expect(at).toBeGreaterThan(0);
      const reused = inPlace(held, other.slice(0, at + 1));
      const from = reused[reused.length - 1]!.at;
      const fresh = announcementTail(reused, you, from, nick);
      expect(fresh.items.some((x) => x.a !== null)).toBe(true);
      expect(announcementTail(reused, you, from, nick, made)).toEqual(fresh);
      reusedChecked++;
    }
    expect(checked).toBeGreaterThan(100);
    expect(reusedChecked).toBe(8);
  });
});
