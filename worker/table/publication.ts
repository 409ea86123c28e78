/**
 * RULES.md §8 "a player may opt out of publication" (worker/accounts/publication.ts): a finished game at
 * the table is a record too. While a game runs, the players see each other's nicks
 * (the table is live); once it has ended, every view of that game — the seats, the result's roles, the
 * log, the pause label, the next game's immunity — shows an account that opted out as "" (the client's
 * catalogue renders "Player {seat}") to everyone but that account's own seat, the same rule as the
 * records (shared/publication.ts `isHidden`).
 *
 * Who opted out is looked up in D1 when the table first sees a game ended (`refresh`, before the end's
 * views go out), and again each time a connection is about to read a finished game's view — its
 * `hello` or `sync` (`beforeRead`) — because a player may opt out after their game, and the opt-out
 * holds from the next reading on, as for the record (GET /api/tables/:code/games/:n asks D1 at every
 * reading). The answer is kept in the table's SQLite (`publication_hidden`, game → the hidden player ids)
 * for the broadcasts between readings, a restart or an eviction. If D1 cannot answer, every
 * account-held seat of that game is hidden until a later look-up succeeds (fail closed).
 */
import type { TableView } from "../../shared/protocol/messages.ts";
import { hiddenAccounts } from "../accounts/publication.ts";
import type { ConnectionIdentity } from "./connection.ts";
import type { TableCore } from "./ports.ts";
import type { TableStore } from "./storage.ts";
import type { PublicationRows } from "./repositories/publication.ts";


/** Keys of a view whose string values name a person. */
const NAME_KEYS = new Set(["nickname", "by", "consigliere"]);

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface PublicationDeps extends Pick<TableCore, "env"> {
  /** This part's own rows (repositories/publication.ts). */
  readonly publicationRows: PublicationRows;
  readonly store: Pick<TableStore, "game" | "players" | "series" | "seriesGame">;
}

export class TablePublication {
  /** game → hidden player ids (null: not looked up yet). Memory cache of the SQLite rows. */
  private cache = new Map<number, { players: Set<string>; complete: boolean }>();

  constructor(private readonly t: PublicationDeps) {}

  forget(): void {
    this.cache.clear();
  }

  private read(game: number): { players: Set<string>; complete: boolean } | null {
    const hit = this.cache.get(game);
    if (hit) return hit;
    const row = this.t.publicationRows.hidden(game);
    if (!row) return null;
    this.cache.set(game, row);
    return row;
  }

  /**
   * The current game has ended and its opt-outs were not looked up (or the last look-up failed): ask D1
   * which of its accounts opted out and store the answer. Called before the end's views are built.
   */
  async refresh(): Promise<void> {
    const t = this.t;
    if (t.store.game().status !== "ended") return;
    const game = t.store.seriesGame().gameNo;
    if (this.read(game)?.complete) return;
    await this.lookUp(game);
  }

  /**
   * A connection (`identity`) is about to read its view (`hello`, `sync`): ask D1 again about the
   * finished game that view shows — the current one once it has ended, or, for a player who has not
   * pressed "play again", the last one — so an opt-out made since the game ended holds for this reading
   * and every view built after it. Nothing to ask while the view shows no finished game.
   */
  async beforeRead(identity: ConnectionIdentity): Promise<void> {
    const store = this.t.store;
    const { gameNo } = store.seriesGame();
    if (store.game().status === "ended") return this.lookUp(gameNo);
    const seat = identity.kind === "player" || identity.kind === "consigliere" ? identity.playerId : null;
    const behind = seat !== null && store.players().some((p) => p.playerId === seat && p.gameNo < gameNo);
    if (behind) await this.lookUp(gameNo - 1);
  }

  /** Ask D1 which accounts of finished game `game` opted out now, and store the answer (fail closed). */
  private async lookUp(game: number): Promise<void> {
    const t = this.t;
    const row = t.store.series().find((g) => g.game === game);
    if (!row || row.endedAt === null) return;
    const current = new Map(t.store.players().map((p) => [p.playerId, p.userId ?? null]));
    const accounts = row.players.map((p) => ({ id: p.id, userId: p.userId !== undefined ? p.userId : (current.get(p.id) ?? null) }));
    let hidden: Set<string> | null;
    try {
      hidden = await hiddenAccounts(t.env.DB, accounts.map((a) => a.userId));
    } catch (err) {
      console.warn("table: publication look-up failed; hiding every account of the game", err);
      hidden = null;
    }
    const players = accounts.filter((a) => a.userId !== null && (hidden === null || hidden.has(a.userId))).map((a) => a.id);
    const complete = hidden !== null;
    this.t.publicationRows.setHidden(game, players, complete);
    this.cache.set(game, { players: new Set(players), complete });
  }

  /**
   * The nicks a viewer may not see in a view of finished game `game`: the opted-out accounts' seats of
   * that game, but the viewer's own. Before the look-up (a game that ended before this code): none
   * unless looked up — `refresh` runs at the next change; a view of a game not over: none.
   */
  hiddenNicks(game: number, identity: ConnectionIdentity): Set<string> {
    const stored = this.read(game);
    if (!stored || stored.players.size === 0) return new Set();
    const row = this.t.store.series().find((g) => g.game === game);
    if (!row) return new Set();
    const self = identity.kind === "player" ? identity.playerId : null;
    return new Set(row.players.filter((p) => stored.players.has(p.id) && p.id !== self).map((p) => p.nickname));
  }
}

/**
 * A view of a finished game with the hidden nicks blanked: every `nickname`, `by` and `consigliere`
 * string equal to one of them becomes "", and so does an entry of the next game's immune list. Pure;
 * returns the same view when nothing is hidden.
 */
export function maskView(view: TableView, hidden: ReadonlySet<string>): TableView {
  if (hidden.size === 0) return view;
  const walk = (x: unknown, key: string | null): unknown => {
    if (typeof x === "string") return key !== null && NAME_KEYS.has(key) && hidden.has(x) ? "" : x;
    if (Array.isArray(x)) return x.map((e) => (key === "immune" && typeof e === "string" ? (hidden.has(e) ? "" : e) : walk(e, null)));
    if (x !== null && typeof x === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(x)) out[k] = walk(v, k);
      return out;
    }
    return x;
  };
  return walk(view, null) as TableView;
}
