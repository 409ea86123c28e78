/**
 * The banners' walk before the announcements' tail (web/src/table/announce.ts): on every tick, over the log
 * itself at `now`. Kept as the reference the tail is checked against (test/unit/table/announce-tail.test.ts)
 * and timed against (bench/banners-tick.ts).
 */
import type { AnyLogEntry, Seat, SeatView } from "../../shared/engine/types.ts";
import { type Announcement, announcementOf, TTL } from "../../web/src/table/announce.ts";

export const LONGEST = Math.max(...Object.values(TTL));

export function wholeWalk(log: readonly AnyLogEntry[], you: Seat | null, now: number, opts: { dismissed?: ReadonlySet<string>; max?: number; seats?: SeatView[] } = {}): Announcement[] {
  const names = new Map((opts.seats ?? []).map((s) => [s.seat, s.nickname] as const));
  const out: Announcement[] = [];
  const oldest = now - LONGEST;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    if (e.at < oldest) break;
    const a = announcementOf(e, you, (s) => names.get(s) ?? "");
    if (!a || a.at + a.ttl <= now || a.at > now + 5_000 || opts.dismissed?.has(a.id)) continue;
    out.push(a);
    if (out.length >= (opts.max ?? 3)) break;
  }
  return out;
}
