/**
 * The publication opt-outs' rows: `publication_hidden` (per finished game, the player ids whose
 * accounts opted out, and whether the look-up succeeded), from the table's migrations (migrations.ts).
 * Only publication.ts uses these functions, and only they touch this table.
 */

export interface HiddenRow {
  players: Set<string>;
  complete: boolean;
}

export function publicationRows(sql: SqlStorage) {
  return {
    hidden(game: number): HiddenRow | null {
      const r = sql.exec("SELECT players, complete FROM publication_hidden WHERE game = ?", game).toArray()[0];
      return r ? { players: new Set(JSON.parse(String(r.players)) as string[]), complete: Number(r.complete) === 1 } : null;
    },
    setHidden(game: number, players: readonly string[], complete: boolean): void {
      sql.exec(
        "INSERT INTO publication_hidden (game, players, complete) VALUES (?1, ?2, ?3) ON CONFLICT(game) DO UPDATE SET players = ?2, complete = ?3",
        game, JSON.stringify(players), complete ? 1 : 0,
      );
    },
  };
}

export type PublicationRows = ReturnType<typeof publicationRows>;
