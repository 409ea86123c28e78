/**
 * RULES.md §6.11, §8 "a player may opt out of publication": the one place that decides whose
 * nick a finished game's record may show. A person who opted out (users.publish_nick = 0, POST
 * /api/me/publication) is shown to everybody else as "Player N" — N = their seat in that game — in
 * every record and every API that lists finished games: the row keeps its seat, gets `hidden: true`,
 * and its nick (and every other field that names the person, e.g. the account's nick for a profile
 * link) is replaced by null, so the name is never sent. The person themself (the viewer) sees their
 * own nick. The label is the client's to render from its catalogue ("Player {n}").
 *
 * Account ids are the input, never the output: the result drops `userId`.
 * Live tables are not affected (at the table, people see each other's nicks); this is for records.
 * docs/CLUBS.md "Publication" says how to use it from a new API. The masking itself is pure
 * (shared/publication.ts, unit-tested); this file adds the D1 look-up of who opted out.
 */
import { maskRows, type NamedRow, type Published } from "../../shared/publication.ts";

export { publicName, type NamedRow, type Published } from "../../shared/publication.ts";

/** D1's bound-parameter limit is 100 per statement; records have at most 16 seats, profiles 50 games × 16. */
const CHUNK = 90;

/** The accounts among `ids` whose holders opted out of publication (one query per 90 distinct ids; none for no ids). */
export async function hiddenAccounts(db: D1Database, ids: Iterable<string | null | undefined>): Promise<Set<string>> {
  const distinct = [...new Set([...ids].filter((id): id is string => typeof id === "string" && id !== ""))];
  const hidden = new Set<string>();
  for (let i = 0; i < distinct.length; i += CHUNK) {
    const part = distinct.slice(i, i + CHUNK);
    const rows = await db
      .prepare(`SELECT id FROM users WHERE publish_nick = 0 AND id IN (${part.map(() => "?").join(",")})`)
      .bind(...part)
      .all<{ id: string }>();
    for (const r of rows.results) hidden.add(r.id);
  }
  return hidden;
}

/**
 * The one call for an API: look up which of the rows' accounts opted out, and mask them for this viewer
 * (the signed-in caller's account id, or null). Works on any list of rows with seat, nickname and userId —
 * a record's players, a profile's games' seats, a season table, a host's review.
 */
export async function publishRows<R extends NamedRow, K extends keyof R = never>(
  db: D1Database,
  viewerId: string | null,
  rows: readonly R[],
  identity: readonly K[] = [],
): Promise<Array<Published<R, K>>> {
  return maskRows(rows, await hiddenAccounts(db, rows.map((r) => r.userId)), viewerId, identity);
}

/** POST /api/me/publication: publish the account's nick in records (true) or show "Player N" to others (false). */
export function setPublication(db: D1Database, userId: string, publish: boolean): Promise<D1Result> {
  return db.prepare("UPDATE users SET publish_nick = ? WHERE id = ?").bind(publish ? 1 : 0, userId).run();
}
