/**
 * Clubs you can find (RULES.md §6.11 the club evening, §8 the platform; docs/CLUBS.md "The
 * directory"): the public clubs, a page at a time, with search by name or city. A private club
 * (`clubs.listed = 0`, migrations/0008_club_directory.sql) is never listed; it stays reachable by its link.
 *
 * What a line shows: the club's name, city, language and formats, its next evening's start (the first of
 * the club page's "Upcoming" that is not cancelled: store.ts notOverSql, one rule for both pages) and its
 * member count. It names no person — no owner, no host, no member — so the
 * publication opt-out has nothing to hide here (test/worker/club-directory.test.ts checks no nick leaks).
 */
import type { ClubDirectory, ClubDirectoryEntry, ClubLanguage } from "../../shared/protocol/clubs.ts";
import { notOverSql, upcomingEdge } from "./store.ts";

export const DIRECTORY_PAGE = 20;

/** The folded text searched: name and city, lower case (Unicode-aware, unlike SQLite's lower()), NFKC, single spaces. */
export const searchKeyOf = (name: string, city: string): string => `${name} · ${city}`.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();

/** A search term as a LIKE pattern: folded as the key, with LIKE's own characters escaped. */
const likeOf = (q: string): string => `%${q.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Clubs made before migration 0008 have no search key yet: write it (a few rows, once). */
async function fillSearchKeys(db: D1Database): Promise<void> {
  const rows = await db.prepare("SELECT id, name, city FROM clubs WHERE search_key IS NULL LIMIT 200").all<{ id: string; name: string; city: string }>();
  if (rows.results.length === 0) return;
  await db.batch(rows.results.map((r) => db.prepare("UPDATE clubs SET search_key = ? WHERE id = ? AND search_key IS NULL").bind(searchKeyOf(r.name, r.city), r.id)));
}

/** One page of the public clubs (`page` from 1), optionally those whose name or city contains `q`. */
export async function clubDirectory(db: D1Database, opts: { q: string; page: number; now: number }): Promise<ClubDirectory> {
  await fillSearchKeys(db);
  const q = opts.q.trim();
  const where = q ? "c.listed = 1 AND c.search_key LIKE ? ESCAPE '\\'" : "c.listed = 1";
  const params = q ? [likeOf(q)] : [];
  const offset = (opts.page - 1) * DIRECTORY_PAGE;
  const [total, rows] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n FROM clubs c WHERE ${where}`).bind(...params),
    db
      .prepare(
        `SELECT c.id, c.name, c.city, c.language, c.formats,
                (SELECT MIN(e.starts_at) FROM evenings e WHERE e.club_id = c.id AND ${notOverSql("?")} AND e.status != 'cancelled') AS next_evening,
                (SELECT COUNT(*) FROM club_members m WHERE m.club_id = c.id) AS members
           FROM clubs c
          WHERE ${where}
          ORDER BY c.search_key, c.id
          LIMIT ? OFFSET ?`,
      )
      .bind(upcomingEdge(opts.now), ...params, DIRECTORY_PAGE, offset),
  ]);
  const clubs = (rows!.results as Array<{ id: string; name: string; city: string; language: string; formats: string; next_evening: number | null; members: number }>).map(
    (r): ClubDirectoryEntry => ({
      id: r.id,
      name: r.name,
      city: r.city,
      language: r.language as ClubLanguage,
      formats: JSON.parse(r.formats) as string[],
      nextEvening: r.next_evening ?? null,
      members: r.members,
    }),
  );
  return { clubs, page: opts.page, pageSize: DIRECTORY_PAGE, total: Number((total!.results[0] as { n: number }).n), q };
}
