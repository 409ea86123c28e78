/**
 * Seasons, reviews with points, the champion table and the club's finished games in D1
 * (migrations/0003_seasons.sql; RULES.md §6.11, §7.11, §8; docs/CLUBS.md "Seasons").
 *
 * A club game is a game (0001 `games`) of a table opened from one of the club's evenings
 * (`evenings.table_code`). Its review is one batch: the review row — which decides, inside its own
 * statement, whether the game still fits its season's N rating games (or the champion table's M) — then its
 * points, then the season's closing when the champion table's last game is in. Two hosts reviewing at once
 * can therefore never put N + 1 games into a season.
 */
import { standings, type GameScore } from "../../shared/clubs/season.ts";
import { MEDALS, type ClubGameSummary, type Medal, type PublicName, type ReviewPage, type ReviewRequest, type SeasonStage, type SeasonStanding, type SeasonStatus, type SeasonView } from "../../shared/protocol/seasons.ts";
import { base64url } from "../security/random.ts";
import { getPreset } from "../table/engine.ts";
import type { EveningBasics } from "./manage.ts";
import { newId, type ClubRow } from "./store.ts";

const newSeasonId = (): string => "s" + base64url(crypto.getRandomValues(new Uint8Array(12)));
export const isSeasonId = (id: string): boolean => /^s[A-Za-z0-9_-]{16}$/.test(id);

export interface SeasonRow {
  id: string;
  club_id: string;
  name: string;
  games_total: number;
  best_of: number;
  champion_size: number;
  champion_games: number;
  status: SeasonStatus;
  champion_evening_id: string | null;
  created_by: string;
  created_at: number;
  closed_at: number | null;
}

export interface ClubGameRow {
  id: string;
  code: string;
  game_no: number;
  preset_id: string;
  ended_at: number;
  winner: string;
  club_id: string;
  evening_id: string;
  champion_season_id: string | null;
}

/** The names a published list may show: an account that opted out of publication (§8) is null to others. */
export type NameOf = (userId: string | null, nick: string) => PublicName;
/** Builds the NameOf for the accounts a page names (one look-up of who opted out; worker/accounts/publication.ts). */
export type Namer = (ids: Iterable<string | null>) => Promise<NameOf>;

export const seasonById = (db: D1Database, clubId: string, id: string) =>
  db.prepare("SELECT * FROM seasons WHERE id = ? AND club_id = ?").bind(id, clubId).first<SeasonRow>();

/** The club's running season (open or at its champion table), else its latest. */
export const currentSeason = (db: D1Database, clubId: string) =>
  db.prepare("SELECT * FROM seasons WHERE club_id = ? ORDER BY status = 'closed', created_at DESC LIMIT 1").bind(clubId).first<SeasonRow>();

export async function seasonsOf(db: D1Database, clubId: string): Promise<{ id: string; name: string; status: SeasonStatus }[]> {
  const rows = await db.prepare("SELECT id, name, status FROM seasons WHERE club_id = ? ORDER BY created_at DESC LIMIT 50").bind(clubId).all<{ id: string; name: string; status: SeasonStatus }>();
  return rows.results;
}

/** A game of the club (by table code and number), with its evening. */
export const clubGame = (db: D1Database, code: string, n: number) =>
  db
    .prepare(
      `SELECT g.id, g.code, g.game_no, g.preset_id, g.ended_at, g.winner, e.club_id, e.id AS evening_id, e.champion_season_id
       FROM games g JOIN evenings e ON e.table_code = g.code WHERE g.code = ? AND g.game_no = ?`,
    )
    .bind(code, n)
    .first<ClubGameRow>();

const summaryOf = (g: { code: string; game_no: number; preset_id: string; ended_at: number; winner: string; stage?: SeasonStage | null; reviewed?: number | null }): ClubGameSummary => ({
  code: g.code,
  n: g.game_no,
  presetId: g.preset_id,
  endedAt: g.ended_at,
  winner: g.winner,
  ...(g.reviewed ? { review: { stage: g.stage ?? null } } : {}),
});

/** The club's latest finished games (index games_code through the evenings' table codes), reviewed or not. */
export async function clubGames(db: D1Database, clubId: string, limit = 30): Promise<ClubGameSummary[]> {
  const rows = await db
    .prepare(
      `SELECT g.code, g.game_no, g.preset_id, g.ended_at, g.winner, r.stage, r.game_id IS NOT NULL AS reviewed
       FROM evenings e JOIN games g ON g.code = e.table_code LEFT JOIN reviews r ON r.game_id = g.id
       WHERE e.club_id = ? AND e.table_code IS NOT NULL AND g.game_no IS NOT NULL
       ORDER BY g.ended_at DESC LIMIT ?`,
    )
    .bind(clubId, limit)
    .all<{ code: string; game_no: number; preset_id: string; ended_at: number; winner: string; stage: SeasonStage | null; reviewed: number }>();
  return rows.results.map(summaryOf);
}

interface ScoreRow {
  user_id: string;
  nick: string;
  game_id: string;
  score: number;
  ended_at: number;
}

async function stageScores(db: D1Database, seasonId: string, stage: SeasonStage): Promise<ScoreRow[]> {
  const rows = await db
    .prepare(
      `SELECT p.user_id, u.nick, p.game_id, p.points + p.bonus AS score, g.ended_at
       FROM reviews r JOIN points p ON p.game_id = r.game_id JOIN games g ON g.id = r.game_id JOIN users u ON u.id = p.user_id
       WHERE r.season_id = ? AND r.stage = ? AND p.user_id IS NOT NULL`,
    )
    .bind(seasonId, stage)
    .all<ScoreRow>();
  return rows.results;
}

/** §7.11's order of a stage's players (shared/clubs/season.ts), nickname last; `entrants`: only they, all listed. */
function order(rows: readonly ScoreRow[], bestOf: number, entrants: readonly { user_id: string; nick: string }[] = []) {
  const nick = new Map([...entrants, ...rows].map((r) => [r.user_id, r.nick]));
  const only = entrants.length ? new Set(entrants.map((e) => e.user_id)) : null;
  const scores: GameScore[] = rows.filter((r) => !only || only.has(r.user_id)).map((r) => ({ userId: r.user_id, gameId: r.game_id, score: r.score, endedAt: r.ended_at }));
  // Ties fall to the nickname; at the champion table to the season's order the players came in with.
  const seasonRank = new Map(entrants.map((e, i) => [e.user_id, String(i).padStart(4, "0")]));
  const tieBreak = (id: string) => seasonRank.get(id) ?? (nick.get(id) ?? "").toLowerCase();
  return { nick, list: standings(scores, bestOf, tieBreak, entrants.map((e) => e.user_id)) };
}

function table(rows: readonly ScoreRow[], bestOf: number, viewerId: string | null, nameOf: NameOf, entrants?: readonly { user_id: string; nick: string }[]): SeasonStanding[] {
  const { nick, list } = order(rows, bestOf, entrants);
  return list.map((s) => ({
    rank: s.rank,
    nickname: nameOf(s.userId, nick.get(s.userId) ?? ""),
    you: s.userId === viewerId,
    games: s.games,
    counted: s.counted.length,
    total: s.total,
    all: s.all,
  }));
}

/**
 * RULES.md §7.11, seed 004 "the top 3 get gold, silver and bronze medals as the season's winners": a
 * player's medals — their place 1–3 in the table of every closed season they scored in — latest first.
 */
export async function medalsOf(db: D1Database, userId: string): Promise<Array<{ club: { id: string; name: string }; season: { id: string; name: string }; place: 1 | 2 | 3; medal: Medal }>> {
  const seasons = await db
    .prepare(
      `SELECT s.*, c.name AS club_name FROM seasons s JOIN clubs c ON c.id = s.club_id
        WHERE s.status = 'closed' AND s.id IN (SELECT r.season_id FROM points p JOIN reviews r ON r.game_id = p.game_id WHERE p.user_id = ? AND r.stage = 'rating')
        ORDER BY s.closed_at DESC LIMIT 50`,
    )
    .bind(userId)
    .all<SeasonRow & { club_name: string }>();
  const out = [];
  for (const s of seasons.results) {
    const rank = (await seasonStandings(db, s)).find((r) => r.userId === userId)?.rank ?? 0;
    const at = rank - 1;
    if (rank >= 1 && rank <= 3) out.push({ club: { id: s.club_id, name: s.club_name }, season: { id: s.id, name: s.name }, place: (at + 1) as 1 | 2 | 3, medal: MEDALS[at]! });
  }
  return out;
}

/** The season table of §7.11 (each player's best K), in the order the page shows: the champion table's entry. */
export const seasonStandings = async (db: D1Database, s: SeasonRow) => order(await stageScores(db, s.id, "rating"), s.best_of).list;

export async function seasonView(db: D1Database, s: SeasonRow, viewerId: string | null, namer: Namer): Promise<SeasonView> {
  const [rating, champ, champions, games] = await Promise.all([
    stageScores(db, s.id, "rating"),
    stageScores(db, s.id, "champion"),
    db.prepare("SELECT c.user_id, u.nick FROM champion_players c JOIN users u ON u.id = c.user_id WHERE c.season_id = ? ORDER BY c.rank").bind(s.id).all<{ user_id: string; nick: string }>(),
    db
      .prepare(
        `SELECT g.code, g.game_no, g.preset_id, g.ended_at, g.winner, r.stage, 1 AS reviewed
         FROM reviews r JOIN games g ON g.id = r.game_id WHERE r.season_id = ? ORDER BY g.ended_at DESC LIMIT 200`,
      )
      .bind(s.id)
      .all<{ code: string; game_no: number; preset_id: string; ended_at: number; winner: string; stage: SeasonStage; reviewed: number }>(),
  ]);
  const count = (stage: SeasonStage) => games.results.filter((g) => g.stage === stage).length;
  const nameOf = await namer([...rating, ...champ, ...champions.results].map((r) => r.user_id));
  return {
    id: s.id,
    name: s.name,
    status: s.status,
    gamesTotal: s.games_total,
    bestOf: s.best_of,
    championSize: s.champion_size,
    championGames: s.champion_games,
    ratingGames: count("rating"),
    championPlayed: count("champion"),
    // §7.11, seed 004: once the season is closed, its table's top 3 hold gold, silver and bronze.
    table: table(rating, s.best_of, viewerId, nameOf).map((r) => (s.status === "closed" && r.rank <= 3 ? { ...r, medal: MEDALS[r.rank - 1]! } : r)),
    // Only champion-stage points count there, all of them, and every champion is listed from the start.
    champion: champions.results.length ? { eveningId: s.champion_evening_id, table: table(champ, Number.POSITIVE_INFINITY, viewerId, nameOf, champions.results) } : null,
    games: games.results.map(summaryOf),
    createdAt: s.created_at,
  };
}

/** Which season and stage a first review of this game goes to: its champion table's, else the running season's rating games. */
async function target(db: D1Database, g: ClubGameRow): Promise<{ season: SeasonRow; stage: SeasonStage; limit: number } | null> {
  if (g.champion_season_id) {
    const s = await seasonById(db, g.club_id, g.champion_season_id);
    return s && s.status === "champion" ? { season: s, stage: "champion", limit: s.champion_games } : null;
  }
  const s = await db.prepare("SELECT * FROM seasons WHERE club_id = ? AND status = 'open'").bind(g.club_id).first<SeasonRow>();
  return s ? { season: s, stage: "rating", limit: s.games_total } : null;
}

/**
 * Write (or rewrite) the host's review: the points of every seat with their reasons, the notes, and — on
 * the first review — the season and stage it counts for, if it still fits. The Tatar bonus (§7.11) is the
 * club's setting at the time of the review, added to every seat of a game whose preset has `clubBonus`.
 */
export async function writeReview(db: D1Database, club: ClubRow, g: ClubGameRow, hostId: string, body: ReviewRequest & { notes: string }, accounts: Map<number, string | null>, now: number): Promise<void> {
  const to = await target(db, g);
  const bonus = getPreset(g.preset_id)?.clubBonus ? club.tatar_bonus : 0;
  const seasonId = to?.season.id ?? null;
  const stage = to?.stage ?? null;
  const statements: D1PreparedStatement[] = [
    // The season's slot is taken inside this one statement: a full season (N or M reviewed) leaves it NULL.
    db
      .prepare(
        `INSERT INTO reviews (game_id, club_id, evening_id, season_id, stage, host_id, notes, created_at, updated_at)
         VALUES (?1, ?2, ?3,
           CASE WHEN (SELECT COUNT(*) FROM reviews WHERE season_id = ?4 AND stage = ?5) < ?6 THEN ?4 END,
           CASE WHEN (SELECT COUNT(*) FROM reviews WHERE season_id = ?4 AND stage = ?5) < ?6 THEN ?5 END,
           ?7, ?8, ?9, ?9)
         ON CONFLICT (game_id) DO UPDATE SET host_id = excluded.host_id, notes = excluded.notes, updated_at = excluded.updated_at`,
      )
      .bind(g.id, g.club_id, g.evening_id, seasonId, stage, to?.limit ?? 0, hostId, body.notes, now),
    db.prepare("DELETE FROM points WHERE game_id = ?").bind(g.id),
    ...body.points.map((p) =>
      db.prepare("INSERT INTO points (game_id, seat, user_id, points, bonus, reason) VALUES (?, ?, ?, ?, ?, ?)").bind(g.id, p.seat, accounts.get(p.seat) ?? null, p.points, bonus, p.reason),
    ),
  ];
  if (stage === "champion" && seasonId) {
    // The champion table's last game closes the season.
    statements.push(
      db
        .prepare(
          `UPDATE seasons SET status = 'closed', closed_at = ?1
           WHERE id = ?2 AND status = 'champion' AND (SELECT COUNT(*) FROM reviews WHERE season_id = ?2 AND stage = 'champion') >= champion_games`,
        )
        .bind(now, seasonId),
    );
  }
  await db.batch(statements);
}

/** The review page of a club's game (docs/CLUBS.md "Reviews"). */
export async function reviewPage(
  db: D1Database,
  club: ClubRow,
  g: ClubGameRow,
  viewer: { id: string; role: string | null } | null,
  namer: Namer,
): Promise<ReviewPage> {
  const [seats, review, points] = await Promise.all([
    // The account that joined the seat names it, even when a bot finished it (0005's named_user_id).
    db
      .prepare("SELECT seat, nickname, COALESCE(named_user_id, user_id) AS user_id, outcome FROM game_players WHERE game_id = ? ORDER BY seat")
      .bind(g.id)
      .all<{ seat: number; nickname: string; user_id: string | null; outcome: string }>(),
    db
      .prepare("SELECT r.*, u.nick AS host_nick, s.name AS season_name FROM reviews r JOIN users u ON u.id = r.host_id LEFT JOIN seasons s ON s.id = r.season_id WHERE r.game_id = ?")
      .bind(g.id)
      .first<{ notes: string; host_id: string; host_nick: string; season_id: string | null; season_name: string | null; stage: SeasonStage | null; updated_at: number }>(),
    db.prepare("SELECT seat, points, bonus, reason FROM points WHERE game_id = ? ORDER BY seat").bind(g.id).all<{ seat: number; points: number; bonus: number; reason: string }>(),
  ]);
  const nameOf = await namer([...seats.results.map((s) => s.user_id), review?.host_id ?? null]);
  const canReview = viewer?.role === "owner" || viewer?.role === "host";
  const played = viewer !== null && seats.results.some((s) => s.user_id === viewer.id);
  const hidden = club.reviews_private === 1 && !canReview && !played;
  const name = new Map(seats.results.map((s) => [s.seat, nameOf(s.user_id, s.nickname)]));
  return {
    club: { id: club.id, name: club.name, tatarBonus: club.tatar_bonus, winPoints: club.win_points ?? 1 },
    game: summaryOf({ ...g, stage: review?.stage ?? null, reviewed: review ? 1 : 0 }),
    season: review?.season_id && review.stage ? { id: review.season_id, name: review.season_name ?? "", stage: review.stage } : null,
    review:
      review && !hidden
        ? {
            notes: review.notes,
            host: nameOf(review.host_id, review.host_nick),
            points: points.results.map((p) => ({ seat: p.seat, nickname: name.get(p.seat) ?? null, points: p.points, bonus: p.bonus, reason: p.reason })),
            updatedAt: review.updated_at,
          }
        : null,
    hidden: review !== null && hidden,
    canReview,
    // The form's prefill — the club's points for a win on every winning seat (public: the record shows the result).
    seats: seats.results.map((s) => ({ seat: s.seat, nickname: name.get(s.seat) ?? null, won: s.outcome === "win" })),
  };
}

export interface NewSeason {
  name: string;
  gamesTotal: number;
  bestOf: number;
  championSize: number;
  championGames: number;
}

/** The owner starts a season: its id, or null when another one runs (open or at its champion table): one at a time. */
export async function createSeason(db: D1Database, clubId: string, s: NewSeason, createdBy: string, now: number): Promise<string | null> {
  const id = newSeasonId();
  try {
    await db
      .prepare("INSERT INTO seasons (id, club_id, name, games_total, best_of, champion_size, champion_games, status, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)")
      .bind(id, clubId, s.name, s.gamesTotal, s.bestOf, s.championSize, s.championGames, createdBy, now)
      .run();
  } catch (err) {
    // The partial unique index seasons_running: another season is open or at its champion table.
    if (String(err).includes("UNIQUE")) return null;
    throw err;
  }
  return id;
}

/** The season's reviewed rating games. */
export const ratingGamesOf = async (db: D1Database, seasonId: string): Promise<number> =>
  (await db.prepare("SELECT COUNT(*) AS n FROM reviews WHERE season_id = ? AND stage = 'rating'").bind(seasonId).first<{ n: number }>())?.n ?? 0;

export interface ChampionEvening extends EveningBasics {
  seats: number;
  adultsOnly: number;
}

/**
 * §7.11 the champion table: a new evening of the club (closed to sign-up) with the frozen champions seated in
 * rank order, and the season at its champion table — one batch. The season's update comes last and is
 * conditional: a second start at the same moment finds the season no longer open and changes nothing there
 * (its evening and rows fail on champion_players' key first, rolling the whole batch back).
 */
export async function startChampionTable(
  db: D1Database,
  seasonId: string,
  e: ChampionEvening,
  champions: ReadonlyArray<{ userId: string; rank: number; total: number }>,
  createdBy: string,
  now: number,
): Promise<string> {
  const eveningId = newId("e");
  await db.batch([
    db
      .prepare(
        `INSERT INTO evenings (id, club_id, starts_at, time_zone, online, place, preset_id, settings, seats_min, seats_max, age_check,
           signup_opens_at, signup_closes_at, weekly, status, created_by, created_at, champion_season_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 'closed', ?, ?, ?)`,
      )
      .bind(eveningId, e.clubId, e.startsAt, e.timeZone, e.online ? 1 : 0, e.place, e.presetId, JSON.stringify(e.settings), e.seats, e.seats, e.adultsOnly, now, e.startsAt, createdBy, now, seasonId),
    ...champions.map((p) => db.prepare("INSERT INTO champion_players (season_id, user_id, rank, total) VALUES (?, ?, ?, ?)").bind(seasonId, p.userId, p.rank, p.total)),
    ...champions.map((p) =>
      db.prepare("INSERT INTO signups (evening_id, user_id, seq, state, created_at, seated_at, age_confirmed) VALUES (?, ?, ?, 'seated', ?, ?, 0)").bind(eveningId, p.userId, p.rank, now, now),
    ),
    db.prepare("UPDATE seasons SET status = 'champion', champion_evening_id = ? WHERE id = ? AND status = 'open'").bind(eveningId, seasonId),
  ]);
  return eveningId;
}

/** The owner closes a season early (the next one may start). */
export async function closeSeason(db: D1Database, seasonId: string, now: number): Promise<void> {
  await db.prepare("UPDATE seasons SET status = 'closed', closed_at = ? WHERE id = ? AND status != 'closed'").bind(now, seasonId).run();
}

/** The seats of a game and the account at each (null: a guest). */
export async function seatsOfGame(db: D1Database, gameId: string): Promise<Map<number, string | null>> {
  const rows = await db.prepare("SELECT seat, user_id FROM game_players WHERE game_id = ?").bind(gameId).all<{ seat: number; user_id: string | null }>();
  return new Map(rows.results.map((s) => [s.seat, s.user_id]));
}
