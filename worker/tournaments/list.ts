/** The tournaments' index in D1 (the objects keep each tournament; this lists the latest for the page). */
import type { TournamentListItem } from "../../shared/protocol/tournaments.ts";

/** The latest tournaments, newest first, with their registered players counted. */
export async function latestTournaments(db: D1Database): Promise<TournamentListItem[]> {
  const rows = await db
    .prepare(
      "SELECT t.id, t.name, t.preset_id, t.status, t.created_at, (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id) AS players FROM tournaments t ORDER BY t.created_at DESC LIMIT 50",
    )
    .all<{ id: string; name: string; preset_id: string; status: TournamentListItem["status"]; created_at: number; players: number }>();
  return rows.results.map((r) => ({ id: r.id, name: r.name, presetId: r.preset_id, status: r.status, players: r.players, createdAt: r.created_at }));
}
