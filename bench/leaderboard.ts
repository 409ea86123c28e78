/**
 * Issue 35, rating leaderboards (docs/ACCOUNTS.md "Leaderboards"): a page of the leaderboard over seeded
 * data of D1's shape — every file of migrations/ applied in order to a local SQLite (node:sqlite; D1 is
 * SQLite), then 10,000 accounts and 100,000 rated sport games (1,000,000 seats, their rating history) at 50
 * clubs' evening tables, with club seasons. The summary table is filled by migration 0009's own backfill
 * statements (what a deploy runs once), then kept by each game's report (worker/accounts/records.ts).
 *
 * Prints: EXPLAIN QUERY PLAN of the page query (worker/accounts/leaderboard.ts PAGE_SQL), and the median
 * time of reading a page — overall first, overall deep (page 100), a club's, a season's, the count — against
 * the baseline of computing the same board per request over every game (what the summary table avoids).
 * Numbers only, never assertions.
 *
 *   node bench/leaderboard.ts [--accounts 10000] [--games 100000]
 */
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { DatabaseSync } from "node:sqlite";
import { COUNT_SQL, LEADERBOARD_PAGE, PAGE_SQL } from "../worker/accounts/leaderboard-sql.ts";

const argv = process.argv.slice(2);
const arg = (name: string, d: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : d;
};
const ACCOUNTS = arg("accounts", 10_000);
const GAMES = arg("games", 100_000);
const CLUBS = 50;
const root = new URL("..", import.meta.url).pathname;

console.log(`machine: ${os.cpus()[0]?.model ?? "?"} × ${os.cpus().length}, node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)}`);
const db = new DatabaseSync(":memory:");
const files = readdirSync(`${root}migrations`).filter((f) => f.endsWith(".sql")).sort();
const leaderboardMigration = files.find((f) => /_leaderboard\.sql$/.test(f))!;
// The schema without the summary's backfill (the tables are empty now); the backfill runs after seeding.
for (const f of files) {
  const sql = readFileSync(`${root}migrations/${f}`, "utf8");
  db.exec(f === leaderboardMigration ? sql.split(/\n(?=-- The overall board from)/)[0]! : sql);
}
const backfill = readFileSync(`${root}migrations/${leaderboardMigration}`, "utf8").split(/\n(?=-- The overall board from)/)[1]!;

// A seeded generator (mulberry32): the same data every run.
let seed = 35;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const t0 = performance.now();
db.exec("BEGIN");
const user = db.prepare("INSERT INTO users (id, nick, nick_key, webauthn_id, created_at) VALUES (?, ?, ?, ?, 0)");
for (let i = 0; i < ACCOUNTS; i++) user.run(`u${i}`, `player${i}`, `player${i}`, `w${i}`);
db.exec(`UPDATE users SET publish_nick = 0 WHERE rowid % 20 = 0`); // 5 % opted out
const club = db.prepare("INSERT INTO clubs (id, name, city, language, formats, time_zone, owner_id, created_at, search_key) VALUES (?, ?, 'Kyiv', 'uk', '[\"sport\"]', 'Europe/Kyiv', 'u0', 0, ?)");
const evening = db.prepare("INSERT INTO evenings (id, club_id, starts_at, time_zone, preset_id, settings, seats_min, seats_max, signup_opens_at, signup_closes_at, table_code, created_by, created_at) VALUES (?, ?, 0, 'Europe/Kyiv', 'sport', '{}', 10, 10, 0, 1, ?, 'u0', 0)");
const season = db.prepare("INSERT INTO seasons (id, club_id, name, created_by, created_at, closed_at, status) VALUES (?, ?, ?, 'u0', ?, ?, ?)");
for (let c = 0; c < CLUBS; c++) {
  club.run(`c${c}`, `Club ${c}`, `club ${c} · kyiv`);
  // 20 tables per club, two seasons (the first closed at the half of the time, the second running).
  for (let e = 0; e < 20; e++) evening.run(`e${c}_${e}`, `c${c}`, `T${c}X${e}`);
  season.run(`s${c}a`, `c${c}`, "Autumn", 0, GAMES / 2, "closed");
  season.run(`s${c}b`, `c${c}`, "Spring", GAMES / 2 + 1, null, "open");
}
const game = db.prepare("INSERT INTO games (id, code, preset_id, started_at, ended_at, winner, reason, rated, game_no) VALUES (?, ?, 'sport', ?, ?, ?, 'bench', 1, 1)");
const seat = db.prepare("INSERT INTO game_players (game_id, seat, role, team, nickname, user_id, bot, outcome) VALUES (?, ?, ?, ?, ?, ?, 0, ?)");
const history = db.prepare("INSERT INTO rating_history (user_id, seq, game_id, mu_before, sigma_before, mu_after, sigma_after, xp, coins) VALUES (?, ?, ?, ?, ?, ?, ?, 10, 1)");
const mu = new Float64Array(ACCOUNTS).fill(25);
const sigma = new Float64Array(ACCOUNTS).fill(25 / 3);
const played = new Int32Array(ACCOUNTS);
for (let g = 0; g < GAMES; g++) {
  // 70 % of the games at a club's table, the rest at other tables.
  const c = Math.floor(rnd() * CLUBS);
  const code = rnd() < 0.7 ? `T${c}X${Math.floor(rnd() * 20)}` : `G${g}`;
  const winner = rnd() < 0.5 ? "red" : "black";
  game.run(`g${g}`, code, g, g, winner);
  const seen = new Set<number>();
  // A club's players come from its own part of the accounts (so club boards have a few hundred rows).
  const base = code.startsWith("T") ? (c * Math.floor(ACCOUNTS / CLUBS)) : 0;
  const span = code.startsWith("T") ? Math.floor(ACCOUNTS / CLUBS) * 2 : ACCOUNTS;
  for (let s = 1; s <= 10; s++) {
    let u: number;
    do u = (base + Math.floor(rnd() * span)) % ACCOUNTS;
    while (seen.has(u));
    seen.add(u);
    const team = s <= 3 ? "black" : "red";
    const win = team === winner;
    seat.run(`g${g}`, s, s === 1 ? "don" : s <= 3 ? "mafia" : s === 4 ? "sheriff" : "civilian", team, `player${u}`, `u${u}`, win ? "win" : "loss");
    const nextMu = mu[u]! + (win ? 1 : -1) * (0.5 + rnd());
    const nextSigma = Math.max(1, sigma[u]! * 0.995);
    history.run(`u${u}`, ++played[u]!, `g${g}`, mu[u]!, sigma[u]!, nextMu, nextSigma);
    mu[u] = nextMu;
    sigma[u] = nextSigma;
  }
}
const setUser = db.prepare("UPDATE users SET mu = ?, sigma = ?, rated_games = ? WHERE id = ?");
for (let u = 0; u < ACCOUNTS; u++) setUser.run(mu[u]!, sigma[u]!, played[u]!, `u${u}`);
db.exec("COMMIT");
const t1 = performance.now();
db.exec(backfill);
const t2 = performance.now();
db.exec("ANALYZE");
const rows = (sql: string, ...p: Array<string | number>) => db.prepare(sql).all(...p) as Array<Record<string, unknown>>;
console.log(`seeded ${ACCOUNTS} accounts, ${GAMES} games (${rows("SELECT COUNT(*) AS n FROM game_players")[0]!.n} seats) at ${CLUBS} clubs in ${((t1 - t0) / 1000).toFixed(1)} s; migration 0009's backfill of the summary: ${((t2 - t1) / 1000).toFixed(2)} s, ${rows("SELECT COUNT(*) AS n FROM leaderboard")[0]!.n} rows`);

console.log("\nEXPLAIN QUERY PLAN (the page query, worker/accounts/leaderboard.ts):");
for (const r of rows(`EXPLAIN QUERY PLAN ${PAGE_SQL}`, "all", LEADERBOARD_PAGE, 0)) console.log(`  ${String(r.detail)}`);
for (const r of rows(`EXPLAIN QUERY PLAN ${COUNT_SQL}`, "all")) console.log(`  count: ${String(r.detail)}`);

/** The baseline: the same overall board computed per request from every rated game (no summary table). */
const NAIVE_ALL = `SELECT gp.user_id, u.nick, ROUND((u.mu - 3 * u.sigma) * 100) / 100 AS score, COUNT(*) AS games, SUM(gp.outcome = 'win') AS wins
  FROM game_players gp JOIN games g ON g.id = gp.game_id JOIN users u ON u.id = gp.user_id
 WHERE g.rated = 1 GROUP BY gp.user_id ORDER BY score DESC, gp.user_id LIMIT ? OFFSET ?`;
const NAIVE_CLUB = `SELECT rh.user_id, SUM((rh.mu_after - 3 * rh.sigma_after) - (rh.mu_before - 3 * rh.sigma_before)) AS score, COUNT(*) AS games
  FROM rating_history rh JOIN games g ON g.id = rh.game_id JOIN evenings e ON e.table_code = g.code
 WHERE e.club_id = ? GROUP BY rh.user_id ORDER BY score DESC, rh.user_id LIMIT ? OFFSET ?`;

const median = (sql: string, params: Array<string | number>, n: number): number => {
  const st = db.prepare(sql);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = performance.now();
    st.all(...params);
    times.push(performance.now() - a);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(n / 2)]!;
};
const cases: Array<[string, string, Array<string | number>, number]> = [
  ["overall, page 1", PAGE_SQL, ["all", LEADERBOARD_PAGE, 0], 200],
  ["overall, page 100 (offset 4,950)", PAGE_SQL, ["all", LEADERBOARD_PAGE, 99 * LEADERBOARD_PAGE], 200],
  ["club c7, page 1", PAGE_SQL, ["club:c7", LEADERBOARD_PAGE, 0], 200],
  ["season s7b, page 1", PAGE_SQL, ["season:s7b", LEADERBOARD_PAGE, 0], 200],
  ["overall count", COUNT_SQL, ["all"], 200],
];
console.log(`\n| query | summary table: median ms | rows in scope |`);
console.log("| --- | --- | --- |");
for (const [label, sql, params, n] of cases) {
  const scope = String(params[0]);
  console.log(`| ${label} | ${median(sql, params, n).toFixed(3)} | ${rows(COUNT_SQL, scope)[0]!.n} |`);
}
const naiveAll = median(NAIVE_ALL, [LEADERBOARD_PAGE, 0], 5);
const naiveClub = median(NAIVE_CLUB, ["c7", LEADERBOARD_PAGE, 0], 5);
const fastAll = median(PAGE_SQL, ["all", LEADERBOARD_PAGE, 0], 200);
const fastClub = median(PAGE_SQL, ["club:c7", LEADERBOARD_PAGE, 0], 200);
console.log(`\nbaseline, per request over every game: overall page 1 ${naiveAll.toFixed(1)} ms (×${(naiveAll / fastAll).toFixed(0)} the summary's), club page 1 ${naiveClub.toFixed(1)} ms (×${(naiveClub / fastClub).toFixed(0)})`);
console.log(`LEADERBOARD page 1 median ${fastAll.toFixed(3)} ms over ${ACCOUNTS} accounts and ${GAMES} games`);
