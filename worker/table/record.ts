/**
 * Issue 19 (RULES.md §8), a finished game's public record: everything needed to replay it with the same
 * engine in a browser — the preset, that game's settings, its seed, its players in the order createGame
 * got them, its immunity (§6.10) and every accepted input in order. Served only once the game is over:
 * until then the seed and the inputs (night moves, closed ballots) are the table's secrets (§1). The
 * address digests have a key of their own, so the seed opens nothing else.
 *
 * Player ids are the table's: the record names the players "p1"… in createGame's order instead (their
 * nicknames are public at the table), and every input that names one is rewritten the same way.
 */
import type { TableGameRecord } from "../../shared/protocol/http.ts";
import type { Input } from "./engine.ts";
import type { Table } from "./table.ts";


export type { TableGameRecord };
export type RecordRefusal = "not-found" | "not-ended";

export function gameRecord(t: Table, game: number): TableGameRecord | RecordRefusal {
  const row = t.store.series().find((g) => g.game === game);
  if (!row) return "not-found";
  if (row.endedAt === null || row.winner === null) return "not-ended";
  const config = t.config();
  const ids = new Map(row.players.map((p, i) => [p.id, `p${i + 1}`]));
  const rename = (id: string) => ids.get(id) ?? "p0";
  const inputs = t.store.inputsOf(game).map(({ at, input }) => {
    const x = JSON.parse(input) as Input;
    return { at, input: x.kind === "act" ? { ...x, playerId: rename(x.playerId) } : x };
  });
  return {
    code: config.code,
    game,
    presetId: config.presetId,
    settings: row.settings ?? config.settings,
    host: config.host,
    seed: row.seed,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    winner: row.winner,
    reason: row.reason ?? "",
    keepOrder: row.keepOrder === true,
    players: row.players.map((p) => ({ id: rename(p.id), nickname: p.nickname, bot: p.bot })),
    immune: (row.immune ?? []).map(rename),
    inputs,
  };
}
