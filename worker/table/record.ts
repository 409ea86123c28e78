/**
 * RULES.md §8: a finished game's public record: everything needed to replay it with the same
 * engine in a browser — the preset, that game's settings, its seed, its players in the order createGame
 * got them, its immunity (§6.10) and every accepted input in order. Served only once the game is over:
 * until then the seed and the inputs (night moves, closed ballots) are the table's secrets (§1). The
 * address digests have a key of their own, so the seed opens nothing else.
 *
 * Player ids are the table's: the record names the players "p1"… in createGame's order instead (their
 * nicknames are public at the table), and every input that names one is rewritten the same way; an
 * organizer's pause, labelled at the table by the organizer's nick, is "organizer" here.
 *
 * RULES.md §8, publication opt-out: the object answers with each player's seat (createGame's
 * draw from the seed) and account (`userId`, kept in the series row when the game started; for older
 * rows the seat's current player row). That is for the Worker only: GET /api/tables/:code/games/:n masks
 * the nicks of accounts that opted out (worker/accounts/publication.ts publishRows) and drops the ids.
 */
import type { TableGameRecord } from "../../shared/protocol/http.ts";
import { dealOf } from "../../shared/verify-deal.ts";
import { createGame, seatedPlayers, type GameEvent, type Input } from "./engine.ts";
import type { TableCore } from "./ports.ts";
import type { SeriesRow, TableStore } from "./storage.ts";
import type { TournamentLinkRows } from "./repositories/tournament-link.ts";


export type RecordRefusal = "not-found" | "not-ended";

/** The record before publication: every player's nick and account (internal: never sent as is). */
export interface AccountRecord extends Omit<TableGameRecord, "players"> {
  players: Array<{ id: string; seat: number; nickname: string; bot: boolean; userId: string | null }>;
}

/**
 * Whether game `game` is over, by the record's own test: its record, its recording (RULES.md §8: nobody
 * listens before the end) and anything else kept of it open only once this says "ended".
 */
export function gameOver(t: { readonly store: Pick<TableStore, "series"> }, game: number): "ended" | RecordRefusal {
  const row = t.store.series().find((g) => g.game === game);
  if (!row) return "not-found";
  return isOver(row) ? "ended" : "not-ended";
}

const isOver = (row: SeriesRow): row is SeriesRow & { endedAt: number; winner: string } => row.endedAt !== null && row.winner !== null;

export function gameRecord(t: Pick<TableCore, "config"> & { readonly tournamentLink: Pick<TournamentLinkRows, "read">; readonly store: Pick<TableStore, "eventsOf" | "inputsOf" | "players" | "series"> }, game: number): AccountRecord | RecordRefusal {
  const row = t.store.series().find((g) => g.game === game);
  if (!row) return "not-found";
  if (!isOver(row)) return "not-ended";
  const config = t.config();
  // A tournament's table records best moves (RULES.md §9.4) — the replay creates its game the same way.
  const link = t.tournamentLink.read();
  const ids = new Map(row.players.map((p, i) => [p.id, `p${i + 1}`]));
  const rename = (id: string) => ids.get(id) ?? "p0";
  // The seats createGame drew (what the replay's first step shows): "Player N" of a hidden nick.
  const settings = row.settings ?? config.settings;
  const specs = row.players.map((p) => ({ id: p.id, nickname: p.nickname, bot: p.bot }));
  const created = createGame(config.presetId, settings, specs, row.seed, row.startedAt, { host: config.host, keepOrder: row.keepOrder === true, ...(row.immune?.length ? { immunity: row.immune } : {}), ...(config.longWindows ? { longWindows: true } : {}), ...(link ? { bestMove: true } : {}) });
  const seats = new Map(seatedPlayers(created).map((p) => [p.playerId, p.seat]));
  const current = new Map(t.store.players().map((p) => [p.playerId, p.userId ?? null]));
  const accountOf = (p: (typeof row.players)[number]): string | null => (p.userId !== undefined ? p.userId : (current.get(p.id) ?? null));
  const inputs = t.store.inputsOf(game).map(({ at, input }) => {
    const x = JSON.parse(input) as Input;
    if (x.kind === "act") return { at, input: { ...x, playerId: rename(x.playerId) } };
    // A seated organizer's pause is labelled by their nick at the table; the record
    // names nobody — it says "organizer", as for the seatless creator (an opted-out account stays unnamed).
    if (x.kind === "control" && x.action.type === "pause" && x.action.by !== "host") return { at, input: { ...x, action: { ...x.action, by: "organizer" } } };
    return { at, input: x };
  });
  // RULES.md §8 Verifiable deal: the commitment, the deal and the draws as the table logged them when it
  // published them (its stored events, not a new computation), for anyone to check against the seed.
  const logged = dealOf(t.store.eventsOf(game).flatMap((c) => JSON.parse(c.events) as GameEvent[]));
  return {
    code: config.code,
    game,
    presetId: config.presetId,
    settings,
    host: config.host,
    seed: row.seed,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    winner: row.winner,
    reason: row.reason ?? "",
    keepOrder: row.keepOrder === true,
    ...(config.longWindows ? { longWindows: true } : {}),
    players: row.players.map((p) => ({ id: rename(p.id), seat: seats.get(p.id) ?? 0, nickname: p.nickname, bot: p.bot, userId: accountOf(p) })),
    immune: (row.immune ?? []).map(rename),
    inputs,
    ...logged,
  };
}
