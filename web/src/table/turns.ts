/**
 * Tatar (RULES.md §7) at the table, pure: the night step's last-seconds warning (§7.12), whose
 * turn it is in a vote in turn (§7.3) and a late voter's fouls, the live host's foul buttons (§7.9), and
 * whether a player who is out was removed for fouls. Everything comes from the view the server sent
 * (`warnAt`, `ballot.voter`, `host.fouls`, the log); nothing here decides a rule or knows a preset.
 * No i18n here (test/unit/table/turns.test.ts runs it in Node).
 */
import type { GameView, Seat } from "../../../shared/engine/types.ts";

/**
 * §7.12 "a 5 s warning before a night step ends": from the server's `warnAt` until the deadline, on the
 * server clock (`now` is the page's estimate of the server's time, web/src/lib/clock.ts). `seconds` is
 * the warning's own length (deadline − warnAt), a fixed text for screen readers to say once.
 */
export function nightWarning(g: Pick<GameView, "warnAt" | "deadline" | "paused" | "result">, now: number): { seconds: number } | null {
  if (g.result || g.paused || g.warnAt === undefined || g.deadline === null) return null;
  if (now < g.warnAt || now >= g.deadline) return null;
  return { seconds: Math.max(1, Math.round((g.deadline - g.warnAt) / 1000)) };
}

export interface VoterTurn {
  /** The voter being called (§7.3). */
  seat: Seat;
  /** It is this viewer's own turn. */
  mine: boolean;
  /** This voter let the time run out in this turn (§7.3 "a foul and 5 s more"): their foul count now and the
   *  extra time they were given (the server's timer length, null when it has none). */
  late: { fouls: number; seconds: number | null } | null;
}

/**
 * §7.3 voting in turn: who votes now, whether it is the viewer, and the late voter's fouls of this turn
 * (the `fouled` entries with `cause: "late-vote"` since this voter was called).
 */
export function voterTurn(g: Pick<GameView, "ballot" | "you" | "log" | "timerMs" | "result">): VoterTurn | null {
  const b = g.ballot;
  if (g.result || !b || b.kind === "lift" || b.mode !== "in-turn" || b.voter === null) return null;
  const seat = b.voter;
  let fouls: number | null = null;
  for (let i = g.log.length - 1; i >= 0; i--) {
    const e = g.log[i]!;
    if ((e.type === "voter-called" && e.data.seat === seat) || e.type === "voting-started") break;
    if (fouls === null && e.type === "fouled" && e.data.seat === seat && e.data.cause === "late-vote") fouls = e.data.fouls;
  }
  return {
    seat,
    mine: g.you?.seat === seat,
    late: fouls === null ? null : { fouls, seconds: g.timerMs ? Math.round(g.timerMs / 1000) : null },
  };
}

export interface FoulRow {
  seat: Seat;
  nickname: string;
  fouls: number;
  /** The next foul removes this player (§7.9 the fourth): the panel asks before sending it. */
  removes: boolean;
}

/**
 * §7.9 the live host's foul and remark buttons, one row per living seat — only when the host's panel
 * carries `fouls` (the preset lets the host give them). `open`: they may be sent now (not during a
 * technical vote or a pause). Null: no such buttons at this table.
 */
export function hostFouls(g: Pick<GameView, "host" | "seats" | "result">): { open: boolean; rows: FoulRow[] } | null {
  const h = g.host;
  if (!h || h.fouls === undefined || g.result) return null;
  const limit = h.foulsToRemove;
  const rows = g.seats.filter((s) => s.alive).map((s) => ({ seat: s.seat, nickname: s.nickname, fouls: s.fouls, removes: limit !== undefined && s.fouls + 1 >= limit }));
  return { open: h.fouls, rows };
}

/** The viewer's seat left by fouls (§2.13 by the table's vote, §7.9 the host's or late votes): its last foul came right before it left. */
export function removedForFouls(g: Pick<GameView, "you" | "log">): boolean {
  const seat = g.you?.seat;
  if (seat === undefined) return false;
  for (let i = g.log.length - 1; i >= 0; i--) {
    const e = g.log[i]!;
    if (e.type === "left" && e.data.seat === seat) {
      const before = g.log.slice(0, i).reverse().find((x) => x.type === "fouled" || x.type === "tech-vote-ended");
      return before?.type === "fouled" && before.data.seat === seat;
    }
  }
  return false;
}
