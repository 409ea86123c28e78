/**
 * Issue 34 (RULES.md §9.3): a table opened by a tournament for one slot of the draw. The tournament's
 * object creates it (InitRequest.tournament) with its seats held: the draw's accounts sit down signed in
 * (the club evening's `reservedFor`), the tournament's bots are seated at once; the game starts when every
 * seat is taken, with each player at the seat the draw gave them (createGame's keepOrder), and records
 * the best move (§9.4, createGame's bestMove) whatever the preset.
 *
 * Kept in a small table of the object's own SQLite (created with the link, so an ordinary table has
 * none and reads nothing). When the game ends, the table's report (report.ts) carries the game's facts
 * (shared/tournaments/facts.ts) to the tournament's object too — at least once; the tournament applies a
 * table's end once (a retried report changes nothing).
 */
import type { Env } from "../env.ts";
import type { GameFacts } from "../../shared/tournaments/facts.ts";

export interface TournamentSeat {
  /** The tournament's entrant number. */
  entrant: number;
  /** The account holding the seat; null for the tournament's bot. */
  userId: string | null;
  nickname: string;
}

export interface TournamentLink {
  tournamentId: string;
  /** 1-based round (a final's games come after the qualifying rounds). */
  round: number;
  /** 0-based table of the round. */
  slot: number;
  /** Seat 1..S in order. */
  seats: TournamentSeat[];
}

/** What the table tells its tournament when the game ends. */
export interface TournamentEnd {
  tournamentId: string;
  round: number;
  slot: number;
  code: string;
  endedAt: number;
  facts: GameFacts;
}

const memo = new WeakMap<SqlStorage, TournamentLink | null>();

export function writeLink(sql: SqlStorage, link: TournamentLink): void {
  sql.exec("CREATE TABLE IF NOT EXISTS tournament_link (id INTEGER PRIMARY KEY CHECK (id = 1), link TEXT NOT NULL)");
  sql.exec("INSERT OR REPLACE INTO tournament_link (id, link) VALUES (1, ?)", JSON.stringify(link));
  memo.set(sql, link);
}

/** The table's tournament slot, or null for an ordinary table. */
export function readLink(sql: SqlStorage): TournamentLink | null {
  const known = memo.get(sql);
  if (known !== undefined) return known;
  const exists = sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tournament_link'").toArray().length > 0;
  const row = exists ? sql.exec("SELECT link FROM tournament_link WHERE id = 1").toArray()[0] : undefined;
  const link = row ? (JSON.parse(String(row.link)) as TournamentLink) : null;
  memo.set(sql, link);
  return link;
}

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
