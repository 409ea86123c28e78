/**
 * Issue 36, view patches over real sockets (docs/PROTOCOL.md "View patches"): a connection's first
 * frame is a full view, then each new view comes as a patch against the one it received before (the
 * `base` names its version); `sync` brings a full view and the patches go on from it; after the object
 * is evicted (its in-memory record of what each socket holds is gone) every socket's next frame is a
 * full view. A malformed `sync` is refused and changes nothing.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerMessage } from "../../shared/protocol/messages.ts";
import { Client, connectAs, createTable, evict, everyoneConnected, join, storedGame, tableStub } from "./helpers.ts";

type Frame = Extract<ServerMessage, { type: "view" | "patch" }>;

let open: Client[] = [];
afterEach(() => {
  for (const c of open) c.close();
  open = [];
});

/** The view and patch frames a client received, as sent (not as the helper rebuilds them). */
const sentFrames = (raw: string[]): Frame[] => raw.map((r) => JSON.parse(r) as ServerMessage).filter((m): m is Frame => m.type === "view" || m.type === "patch");

/** Every patch applies to the version of the frame before it on the same socket (the version chain). */
function expectChained(c: Client): void {
  const frames = sentFrames(c.raw);
  for (let i = 1; i < frames.length; i++) {
    const f = frames[i]!;
    if (f.type === "patch") expect(f.base, `${c.name} frame ${i}`).toBe(frames[i - 1]!.version);
  }
  expect(c.schemaFailures, c.name).toEqual([]);
}

describe("view patches over sockets", () => {
  it("sport: a full view first, then patches in a version chain; sync and an eviction bring a full view", async () => {
    const { code } = await createTable({ presetId: "sport" });
    const spectator = await connectAs(code, undefined, "spectator");
    const clients: Client[] = [spectator];
    for (let i = 1; i <= 10; i++) clients.push(await connectAs(code, (await join(code, `Patcher ${i}`)).token, `Patcher ${i}`));
    open.push(...clients);
    for (const c of clients) await c.next((m) => m.type === "view" && m.view.game?.phase === "dealing");
    await everyoneConnected(clients, 10);
    const stub = tableStub(code);

    // Each socket's first frame after hello is a full view; the lobby's joins and the deal came as patches.
    for (const c of clients) {
      const frames = sentFrames(c.raw);
      expect(frames[0]!.type, c.name).toBe("view");
      expect(frames.slice(1).filter((f) => f.type === "patch").length, `${c.name}: later views are patches`).toBeGreaterThan(0);
      expectChained(c);
    }

    // The timer runs out: the next phase reaches everyone as a patch on the version they hold.
    const before = (await storedGame(code)).version;
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const next = (await storedGame(code)).version;
    expect(next).toBeGreaterThan(before);
    for (const c of clients) {
      await c.viewAtLeast(next);
      const last = sentFrames(c.raw).at(-1)!;
      expect(last.type, c.name).toBe("patch");
      expect(last.type === "patch" && last.base).toBe(before);
      expect(c.lastView().game, c.name).not.toBeNull();
    }

    // sync: a full view of the version held (the whole log), and the next patch builds on it.
    const p1 = clients[1]!;
    let from = p1.raw.length;
    p1.send({ type: "sync" });
    await p1.next((m) => m.type === "view", p1.frames.length);
    const full = sentFrames(p1.raw.slice(from))[0]!;
    expect(full.type).toBe("view");
    expect(full.type === "view" && full.version).toBe(next);
    expect(full.type === "view" && full.view.game?.logAfter).toBeNull();

    // A malformed sync is a typed error and changes nothing (no view frame follows it).
    from = p1.frames.length;
    p1.send({ type: "sync", full: true });
    const err = await p1.next((m) => m.type === "error", from);
    expect(err.type === "error" && err.code).toBe("bad-message");
    expect(p1.frames.slice(from).filter((m) => m.type === "view")).toEqual([]);

    // Eviction: the new instance remembers nothing of what the sockets hold, so every socket's next
    // frame is a full view with the whole log; then patches again.
    await evict(stub);
    const marks = clients.map((c) => c.raw.length);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const afterEviction = (await storedGame(code)).version;
    for (const [i, c] of clients.entries()) {
      await c.viewAtLeast(afterEviction);
      const first = sentFrames(c.raw.slice(marks[i]))[0]!;
      expect(first.type, `${c.name}: the first frame after the eviction`).toBe("view");
      expect(first.type === "view" && first.view.game?.logAfter, c.name).toBeNull();
    }
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const later = (await storedGame(code)).version;
    for (const c of clients) {
      await c.viewAtLeast(later);
      expect(sentFrames(c.raw).at(-1)!.type, c.name).toBe("patch");
      expectChained(c);
    }
  });
});
