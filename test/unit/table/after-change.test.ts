/**
 * Issue 33: after every change the table runs an explicit, ordered list of named subscribers
 * (worker/table/after-change.ts, registered in table.ts). The runner keeps their order, hands each the
 * change, and runs neighbouring `inTransaction` subscribers inside one transaction.
 */
import { describe, expect, it } from "vitest";
import { AfterChange, type Change, type Subscriber } from "../../../worker/table/after-change.ts";

function recorder() {
  const seen: string[] = [];
  let depth = 0;
  const tx = (fn: () => void) => {
    seen.push("tx{");
    depth++;
    try { fn(); } finally { depth--; seen.push("}"); }
  };
  const sub = (name: string, inTransaction = false): Subscriber =>
    inTransaction
      ? { name, inTransaction: true, run: (c: Change) => void seen.push(`${name}${depth ? "(tx)" : ""}@${c.now}`) }
      : { name, run: async (c: Change) => { await Promise.resolve(); seen.push(`${name}${depth ? "(tx)" : ""}@${c.now}`); } };
  return { seen, tx, sub };
}

describe("issue 33: afterChange is an explicit list of subscribers", () => {
  it("runs every subscriber once, in the order listed, each awaited before the next", async () => {
    const { seen, tx, sub } = recorder();
    const changes = new AfterChange([sub("a"), sub("b"), sub("c")], tx);
    await changes.run(7);
    expect(seen).toEqual(["a@7", "b@7", "c@7"]);
  });

  it("runs neighbouring inTransaction subscribers together in one transaction, the others outside it", async () => {
    const { seen, tx, sub } = recorder();
    const changes = new AfterChange([sub("publication"), sub("bots", true), sub("spectators", true), sub("fanout"), sub("later", true)], tx);
    await changes.run(3);
    expect(seen).toEqual(["publication@3", "tx{", "bots(tx)@3", "spectators(tx)@3", "}", "fanout@3", "tx{", "later(tx)@3", "}"]);
  });

  it("synchronous subscribers run in the caller's turn (no yield between them, as when afterChange was one function)", () => {
    const seen: string[] = [];
    const changes = new AfterChange(
      [{ name: "a", run: () => void seen.push("a") }, { name: "b", inTransaction: true, run: () => void seen.push("b") }, { name: "c", run: () => void seen.push("c") }],
      (fn) => fn(),
    );
    void changes.run(1);
    expect(seen).toEqual(["a", "b", "c"]);
  });

  it("hands each subscriber the change: its ack, the closing socket and whether the bots wait", async () => {
    const got: Change[] = [];
    const ws = {} as WebSocket;
    const changes = new AfterChange([{ name: "x", run: (c) => void got.push(c) }], (fn) => fn());
    await changes.run(5, { ws, ref: "r1" }, ws, true);
    await changes.run(6);
    expect(got[0]).toEqual({ now: 5, ack: { ws, ref: "r1" }, closing: ws, botsIdle: true });
    expect(got[1]).toEqual({ now: 6, botsIdle: false });
  });

  it("a subscriber that throws stops the ones after it (the caller sees the error, as before)", async () => {
    const { seen, tx, sub } = recorder();
    const changes = new AfterChange([sub("a"), { name: "bad", run: () => { throw new Error("boom"); } }, sub("c")], tx);
    await expect(changes.run(1)).rejects.toThrow("boom");
    expect(seen).toEqual(["a@1"]);
  });
});
