/**
 * The table's tournament slot (RULES.md §9.3): one row of `tournament_link` (the table's migration 9;
 * an ordinary table's is empty). Read once and kept: only this object writes it. Only these functions
 * touch the table.
 */
import type { TournamentLink } from "../../../shared/tournaments/link.ts";

export function tournamentLinkRows(sql: SqlStorage) {
  let known: TournamentLink | null | undefined;
  return {
    write(link: TournamentLink): void {
      sql.exec("INSERT OR REPLACE INTO tournament_link (id, link) VALUES (1, ?)", JSON.stringify(link));
      known = link;
    },
    /** The table's tournament slot, or null for an ordinary table. */
    read(): TournamentLink | null {
      if (known !== undefined) return known;
      const row = sql.exec("SELECT link FROM tournament_link WHERE id = 1").toArray()[0];
      return (known = row ? (JSON.parse(String(row.link)) as TournamentLink) : null);
    },
  };
}

export type TournamentLinkRows = ReturnType<typeof tournamentLinkRows>;
