/**
 * The ack of an input rides its sender's view frame (worker/table/fanout.ts `broadcast`, docs/PROTOCOL.md
 * "Acks"): the sender's frame goes after every other connection's and carries `ack: ref`; a sender that
 * gets no frame from the broadcast — a quiet change that left its own view as it was (RULES.md §1
 * Secrets), a delayed spectator, a closing socket — is reported (false), and table.ts acks it apart.
 * The real Fanout with the table's storage and sockets stubbed (as bench/fanout.ts does).
 */
import { describe, expect, it } from "vitest";
import { Fanout } from "../../worker/table/fanout.ts";

type Identity = { kind: "player"; playerId: string; place: number } | { kind: "spectator" };

function table(o: { delayMs?: number } = {}) {
  const players = Array.from({ length: 3 }, (_, i) => ({
    playerId: `p${i + 1}`, nickname: `Player ${i + 1}`, place: i + 1, seat: i + 1, returnHash: null, bot: false, joinedAt: 0,
    deviceHash: null, awaySince: null, userId: null, addressHash: null, gameNo: 1,
  }));
  const config = { code: "ACKS01", presetId: "sport", settings: {}, public: false, seats: { min: 10, max: 10 }, start: "when-full", createdAt: 0, seed: "s", host: "server", spectatorDelaySeconds: 0, seatsPerAddress: 10 };
  const control = { organizerPlayerId: "p1", organizerTokenHash: null, allowSameDevice: true, botAfterMinutes: null, recording: false, deadHear: true, spectatorsHear: false, redrawSeats: false, newEvening: false, botLevel: "strong" };
  const row = { version: 1, status: "lobby", startedAt: null, alarmPhaseSeq: null, alarmAt: null };
  /** Every frame sent, in order: which socket, and the frame parsed. */
  const log: Array<{ to: string; frame: Record<string, unknown> }> = [];
  const socket = (name: string, identity: Identity) => ({
    name,
    att: { v: 1, identity, refs: [], bucket: { tokens: 10, at: 0 }, connectedAt: 0 },
    send(text: string) {
      log.push({ to: name, frame: JSON.parse(text) as Record<string, unknown> });
    },
  });
  const sockets = [...players.map((p) => socket(p.playerId, { kind: "player", playerId: p.playerId, place: p.place })), socket("spectator", { kind: "spectator" })];
  /** The viewers a quiet change concerns (null: a public change, everyone). */
  let quiet: Set<string> | null = null;
  const deps = {
    config: () => config, now: () => 0,
    store: { game: () => row, players: () => players, control: () => control, extras: () => ({ botAt: null, pause: null, resumedAt: null, spectatorVersion: 0, presenceAt: null }), seriesGame: () => ({ gameNo: 1, seed: null }), series: () => [] },
    sockets: { all: () => sockets, attachmentOf: (ws: { att: unknown }) => ws.att },
    match: { state: () => null, lastState: () => null, quietKeys: () => quiet, clearChanges: () => {} },
    presence: { hostConnected: () => false, carried: () => {} },
    spectators: { delayMs: () => o.delayMs ?? 0, sendCurrent: () => {} },
    organizer: { isOrganizer: () => false },
    publication: { hiddenNicks: () => new Set() },
    consiglieri: { invited: () => new Set(), missing: () => [], names: () => new Map() },
    media: { peers: () => [] }, sfu: { reconcile: () => {} }, chat: { access: () => null },
  };
  const fanout = new Fanout(deps as unknown as ConstructorParameters<typeof Fanout>[0]);
  const ws = (name: string) => sockets.find((s) => s.name === name)! as unknown as WebSocket;
  return {
    fanout, log, ws,
    /** A change: the next version, public, or quiet for these viewer keys. */
    change(keys: string[] | null = null) {
      if (keys === null) row.version++;
      quiet = keys === null ? null : new Set(keys);
      log.length = 0;
    },
  };
}

describe("RULES.md §1, §8 the ack rides the sender's view frame", () => {
  it("a public change: every connection gets its view, the sender's last and carrying its ack; nobody else's frame has an ack", () => {
    const t = table();
    t.change();
    t.fanout.broadcast();
    t.change();
    expect(t.fanout.broadcast(undefined, { ws: t.ws("p2"), ref: "a7" })).toBe(true);
    expect(t.log.map((l) => l.to)).toEqual(["p1", "p3", "spectator", "p2"]);
    expect(t.log.at(-1)!.frame).toMatchObject({ version: 3, ack: "a7" });
    expect(["view", "patch"]).toContain(t.log.at(-1)!.frame.type);
    for (const l of t.log.slice(0, -1)) expect(l.frame.ack, l.to).toBeUndefined();
    expect(t.log.filter((l) => l.frame.type === "ack")).toEqual([]);
  });

  it("a quiet change that concerns others only (§1 Secrets): the sender gets no frame from the broadcast, and it says so", () => {
    const t = table();
    t.change();
    t.fanout.broadcast();
    t.change(["p:p1"]);
    expect(t.fanout.broadcast(undefined, { ws: t.ws("p2"), ref: "q1" })).toBe(false);
    expect(t.log.map((l) => l.to)).toEqual(["p1"]);
    expect(t.log[0]!.frame.ack).toBeUndefined();
    // Concerning the sender: its frame carries the ack.
    t.change(["p:p2"]);
    expect(t.fanout.broadcast(undefined, { ws: t.ws("p2"), ref: "q2" })).toBe(true);
    expect(t.log).toMatchObject([{ to: "p2", frame: { ack: "q2" } }]);
  });

  it("a delayed spectator and a closing socket get no view frame here: not carried", () => {
    const delayed = table({ delayMs: 30_000 });
    delayed.change();
    expect(delayed.fanout.broadcast(undefined, { ws: delayed.ws("spectator"), ref: "s1" })).toBe(false);
    expect(delayed.log.map((l) => l.to)).toEqual(["p1", "p2", "p3"]);
    const closing = table();
    closing.change();
    expect(closing.fanout.broadcast(closing.ws("p3"), { ws: closing.ws("p3"), ref: "c1" })).toBe(false);
    expect(closing.log.map((l) => l.to)).toEqual(["p1", "p2", "spectator"]);
  });
});
