/**
 * RULES.md §9.3: a table opened by a tournament for one slot of the draw. The tournament's
 * object creates it (InitRequest.tournament) with its seats held: the draw's accounts sit down signed in
 * (the club evening's `reservedFor`), the tournament's bots are seated at once; the game starts when every
 * seat is taken, with each player at the seat the draw gave them (createGame's keepOrder), and records
 * the best move (§9.4, createGame's bestMove) whatever the preset.
 *
 * Kept in a small table of the object's own SQLite (repositories/tournament-link.ts). When the game ends, the table's report (report.ts) carries the game's facts
 * (shared/tournaments/facts.ts) to the tournament's object too — at least once; the tournament applies a
 * table's end once (a retried report changes nothing).
 */
import type { Env } from "../env.ts";
import type { TournamentEnd, TournamentLink } from "../../shared/tournaments/link.ts";

export type { TournamentLink } from "../../shared/tournaments/link.ts";

/**
 * The lobby's players in the draw's seat order: a person by account, a bot by its nickname (the link's);
 * anyone else after them in join order (none: the table seats only the link's accounts).
 */
export function drawOrder<P extends { userId?: string | null; nickname: string; bot: boolean; place: number }>(link: TournamentLink, players: readonly P[]): P[] {
  const rank = (p: P): number => {
    const i = link.seats.findIndex((s) => (s.userId === null ? p.bot && s.nickname === p.nickname : p.userId === s.userId));
    return i < 0 ? link.seats.length + p.place : i;
  };
  return [...players].sort((a, b) => rank(a) - rank(b));
}

/** Tell the tournament (RPC to its object). Throws when it cannot be reached: the report retries. */
export async function tellTournament(env: Env, end: TournamentEnd): Promise<void> {
  const ns = env.TOURNAMENT;
  if (!ns) throw new Error("no TOURNAMENT binding");
  const stub = ns.get(ns.idFromName(end.tournamentId));
  const r = await stub.tableEnded(end);
  if (!r.ok) throw new Error(`tournament ${end.tournamentId}: ${r.reason}`);
}
