/**
 * Issue 33 "Table parts get what they use": inside a live table object, each part holds only the
 * members of the table it declares (table.ts `parts`), and the subscribers that run after every change
 * are one explicit list in their order (after-change.ts). A change still reaches every subscriber: a
 * join bumps the version and the joined socket's view and the directory follow.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Table } from "../../worker/table/table.ts";
import type { TableObject } from "../../worker/table/TableObject.ts";
import { createTable, join, tableStub } from "./helpers.ts";

const tableOf = (obj: TableObject) => (obj as unknown as { table: Table }).table;
/** The dependency object a part was built with (its private `t`). */
const depsOf = (part: unknown) => Object.keys((part as { t: object }).t).sort();

describe("issue 33: the table's parts get what they use", () => {
  it("each part is built with only the members it declares, never the whole table", async () => {
    const { code } = await createTable({ presetId: "sport" });
    const keys = await runInDurableObject(tableStub(code), (obj: TableObject) => {
      const t = tableOf(obj);
      return { bots: depsOf(t.bots), publication: depsOf(t.publication), report: depsOf(t.report), match: depsOf(t.match), fanout: depsOf(t.fanout), chat: depsOf(t.chat) };
    });
    expect(keys.bots).toEqual(["afterChange", "config", "env", "match", "store"]);
    expect(keys.publication).toEqual(["ctx", "env", "store"]);
    expect(keys.report).toEqual(["config", "ctx", "env", "match", "reporter", "store"]);
    expect(keys.match).toEqual(["config", "consiglieri", "ctx", "fanout", "reporter", "store", "tx"]);
    // Issue 35: the chat reads who may read and write it now; it sends its own frames only.
    expect(keys.chat).toEqual(["consiglieri", "ctx", "fanout", "match", "now", "organizer", "sockets", "store", "tx"]);
    // The fan-out no longer runs what follows a change: it sends views; the bots, the report, the alarm and the listing are not its to reach.
    expect(keys.fanout).not.toContain("bots");
    expect(keys.fanout).not.toContain("alarm");
    expect(keys.fanout).not.toContain("report");
    expect(keys.fanout).not.toContain("listing");
  });

  it("afterChange runs one visible list of named subscribers in order: publication, bots and spectators (one transaction), fan-out, chat (issue 35), records, alarm, listing", async () => {
    const { code } = await createTable({ presetId: "sport" });
    const names = await runInDurableObject(tableStub(code), (obj: TableObject) => tableOf(obj).changes.subscribers.map((s) => `${s.name}${s.inTransaction ? " (tx)" : ""}`));
    expect(names).toEqual(["publication", "bots (tx)", "spectators (tx)", "fanout", "chat", "records", "alarm", "listing"]);
  });

  it("a change runs every subscriber: the subscribers see each join, in the order listed", async () => {
    const { code } = await createTable({ presetId: "sport" });
    await runInDurableObject(tableStub(code), (obj: TableObject) => {
      const t = tableOf(obj);
      const seen: string[] = [];
      const subs = t.changes.subscribers as { name: string; run: (c: unknown) => unknown }[];
      for (const s of subs) {
        const run = s.run.bind(s);
        s.run = (c) => { seen.push(s.name); return run(c); };
      }
      (globalThis as { __seen?: string[] }).__seen = seen;
    });
    await join(code, "Anna");
    const seen = await runInDurableObject(tableStub(code), () => (globalThis as { __seen?: string[] }).__seen ?? []);
    expect(seen.slice(0, 8)).toEqual(["publication", "bots", "spectators", "fanout", "chat", "records", "alarm", "listing"]);
  });
});
