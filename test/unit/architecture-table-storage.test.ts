/**
 * The table's parts reach its storage only through their repositories: under worker/table/, only the
 * Durable Object (TableObject.ts), the wiring that builds the repositories (table.ts), the table's own
 * rows (storage.ts), the migrations (migrations.ts) and the repositories (repositories/) touch the
 * object's state, its storage, SQLite or the runtime alarm. Every other part gets a typed repository of
 * its own tables (its `…Deps`), so what a part stores is read in one file. connection.ts holds the
 * object's state for its sockets only. The detectors are tested on samples first, so an empty finding
 * means something.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../../worker/table");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** The files that may touch the storage: the adapter, the wiring, the table's rows, the migrations, the repositories. */
const mayTouchStorage = (rel: string): boolean =>
  ["TableObject.ts", "table.ts", "storage.ts", "migrations.ts"].includes(rel) || rel.startsWith("repositories/");
/** The sockets' adapter holds the object's state (its WebSockets), never its storage. */
const mayHoldState = (rel: string): boolean => mayTouchStorage(rel) || rel === "connection.ts";

const STORAGE = [
  /\.storage\b/,
  /\b(SqlStorage|DurableObjectStorage|SyncKvStorage)\b/,
  /\.sql\b/,
  /\btransactionSync\b/,
  /\b(getAlarm|setAlarm|deleteAlarm)\b/,
  /\.exec\(\s*[`"']\s*(SELECT|INSERT|UPDATE|DELETE|REPLACE|WITH|PRAGMA)\b/i,
];
const STATE = [/\bctx\b/, /\bDurableObjectState\b/];

/** Code only: the lines of comments are left out (prose may name the storage). */
function codeLines(text: string): [number, string][] {
  return text.split("\n").flatMap((line, i): [number, string][] => {
    const t = line.trim();
    return t.startsWith("*") || t.startsWith("/*") || t.startsWith("//") ? [] : [[i + 1, line.replace(/\/\/.*$/, "")]];
  });
}

/** Each line of `text` in file `rel` that touches what `rel` may not, as "file:line: text". */
function findings(rel: string, text: string): string[] {
  const patterns = [...(mayTouchStorage(rel) ? [] : STORAGE), ...(mayHoldState(rel) ? [] : STATE)];
  return codeLines(text).flatMap(([n, line]) => (patterns.some((p) => p.test(line)) ? [`${rel}:${n}: ${line.trim()}`] : []));
}

describe("the table's parts reach storage only through their repositories", () => {
  it("the detectors find the object's state, storage, SQL and alarm in a part, and leave repositories, prose and regexes alone", () => {
    expect(findings("chat.ts", "    return this.t.ctx.storage.sql;")).toHaveLength(1);
    expect(findings("chat.ts", 'interface ChatDeps extends Pick<TableCore, "ctx" | "now"> {')).toHaveLength(1);
    expect(findings("chat.ts", "  constructor(private readonly sql: SqlStorage) {}")).toHaveLength(1);
    expect(findings("chat.ts", '    sql.exec("DELETE FROM chat WHERE era < ?", era);')).toHaveLength(1);
    expect(findings("chat.ts", "    const kv = this.t.storage.kv;")).toHaveLength(1);
    expect(findings("alarm.ts", "    await t.runtime.setAlarm(at);")).toHaveLength(1);
    expect(findings("admission.ts", "    return this.t.tx(() => x.transactionSync(fn));")).toHaveLength(1);
    expect(findings("connection.ts", "  constructor(private readonly ctx: DurableObjectState) {}")).toEqual([]);
    expect(findings("connection.ts", "    return this.ctx.storage.getAlarm();")).toHaveLength(1);
    expect(findings("repositories/chat.ts", '    sql.exec("DELETE FROM chat WHERE era < ?", era);')).toEqual([]);
    expect(findings("lobby.ts", "  const digits = /(\\d+)\\s*$/u.exec(plain)?.[1];")).toEqual([]);
    expect(findings("chat.ts", " * the chat's lines are kept in the object's storage (ctx.storage.sql)")).toEqual([]);
    expect(findings("chat.ts", "    t.chatRows.dropBefore(era); // not sql.exec any more")).toEqual([]);
  });

  it("no part under worker/table touches ctx, storage or SQL outside the adapter, the wiring and the repositories", () => {
    const files = walk(ROOT);
    expect(files.length).toBeGreaterThan(30);
    expect(files.some((f) => relative(ROOT, f).startsWith("repositories"))).toBe(true);
    const found = files.flatMap((f) => findings(relative(ROOT, f).split("\\").join("/"), readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });
});
