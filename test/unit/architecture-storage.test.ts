/**
 * One migration runner for every Durable Object's SQLite (worker/storage/migrations.ts): each object's
 * schema is its numbered list in a `migrations.ts` beside it, and nothing else under worker/ creates,
 * alters or drops a table or index, or probes the schema (`sqlite_master`, `table_info`) to decide
 * whether to. The detectors are tested on samples first, so an empty finding means something.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const WORKER = resolve(__dirname, "../../worker");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** The runner and the objects' lists: the only files that may hold DDL or read the schema. */
const isMigrationFile = (rel: string): boolean => rel === "storage/migrations.ts" || /(^|\/)migrations\.ts$/.test(rel);

const DDL = /\b(CREATE|ALTER|DROP)\s+(TEMP(ORARY)?\s+)?(UNIQUE\s+)?(TABLE|INDEX|VIEW|TRIGGER)\b/i;
const PROBE = /sqlite_(master|schema)\b|table_(info|list)\b/i;

/** Each line of `text` that holds DDL or a schema probe, as "file:line: text". */
function findings(file: string, text: string): string[] {
  return text.split("\n").flatMap((line, i) => (DDL.test(line) || PROBE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe("one migration runner for every object", () => {
  it("the detectors find DDL and schema probes, and leave ordinary SQL and prose alone", () => {
    expect(findings("x.ts", 'sql.exec("CREATE TABLE IF NOT EXISTS t (a)")')).toHaveLength(1);
    expect(findings("x.ts", "sql.exec(`create index if not exists i on t (a)`)")).toHaveLength(1);
    expect(findings("x.ts", 'sql.exec("ALTER TABLE listings ADD COLUMN seq INTEGER")')).toHaveLength(1);
    expect(findings("x.ts", 'sql.exec("DROP TABLE IF EXISTS t")')).toHaveLength(1);
    expect(findings("x.ts", "CREATE UNIQUE INDEX u ON t (a)")).toHaveLength(1);
    expect(findings("x.ts", "SELECT 1 FROM sqlite_master WHERE name = 'x'")).toHaveLength(1);
    expect(findings("x.ts", "SELECT name FROM pragma_table_info('listings')")).toHaveLength(1);
    expect(findings("x.ts", "PRAGMA table_info(listings)")).toHaveLength(1);
    expect(findings("x.ts", 'sql.exec("INSERT INTO t (a) VALUES (1)"); // tables are created at init')).toEqual([]);
    expect(findings("x.ts", 'sql.exec("SELECT * FROM game_table WHERE id = 1")')).toEqual([]);
    expect(isMigrationFile("storage/migrations.ts")).toBe(true);
    expect(isMigrationFile("table/migrations.ts")).toBe(true);
    expect(isMigrationFile("table/tournament.ts")).toBe(false);
    expect(isMigrationFile("table/old-migrations.ts")).toBe(false);
  });

  it("no DDL and no schema probe under worker/ outside the migration files", () => {
    const files = walk(WORKER);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((f) => {
      const rel = relative(WORKER, f).split("\\").join("/");
      return isMigrationFile(rel) ? [] : findings(rel, readFileSync(f, "utf8"));
    });
    expect(found).toEqual([]);
  });

  it("the table, directory, tournament and guess limiter each run the runner with their own list", () => {
    const uses: Record<string, RegExp> = {
      "table/storage.ts": /\b(migrateTable|upgradeTable)\(/,
      "directory/Directory.ts": /\bmigrate\(ctx\.storage, DIRECTORY_MIGRATIONS\)/,
      "tournaments/TournamentObject.ts": /\bmigrate\(ctx\.storage, TOURNAMENT_MIGRATIONS\)/,
      "security/GuessLimiter.ts": /\bmigrate\(this\.ctx\.storage, GUESS_LIMITER_MIGRATIONS\)/,
    };
    for (const [file, use] of Object.entries(uses)) expect(readFileSync(join(WORKER, file), "utf8"), file).toMatch(use);
  });

  it("each object's list is numbered 1, 2, 3 … and every migration says why (read from the files: the node typecheck has no workers types)", () => {
    const LISTS = ["table/migrations.ts", "directory/migrations.ts", "tournaments/migrations.ts", "security/migrations.ts"];
    for (const file of LISTS) {
      const text = readFileSync(join(WORKER, file), "utf8");
      const versions = [...text.matchAll(/^\s*version: (\d+),$/gm)].map((m) => Number(m[1]));
      expect(versions.length, file).toBeGreaterThan(0);
      expect(versions, file).toEqual(versions.map((_v, i) => i + 1));
      const whys = [...text.matchAll(/^\s*why: "(.{40,})",$/gm)];
      expect(whys.length, `${file}: a why of 40 characters or more per migration`).toBe(versions.length);
    }
    // The table's tournament slot and the test clock's skew are migrations, not created on first use.
    const table = readFileSync(join(WORKER, "table/migrations.ts"), "utf8");
    expect(table).toMatch(/CREATE TABLE IF NOT EXISTS tournament_link/);
    expect(table).toMatch(/CREATE TABLE IF NOT EXISTS test_clock/);
  });
});
