/**
 * Issue 36, less CPU per input, the table's side of what views share (the engine's side and `sameJson`:
 * test/unit/shared-view-parts.test.ts):
 *  - `tableParts`: the table's parts of a broadcast's views, built once; an unchanged part is the last
 *    broadcast's very object (so each connection's patch skips it by identity); every part is frozen.
 *  - `sharedOf(next, prev)`: the public seats that did not change between two states are one object.
 */
import { describe, expect, it } from "vitest";
import { sportStates } from "../fixtures/sport-states.ts";
import { sameJson } from "../../shared/protocol/view-patch.ts";
import { sharedOf } from "../../worker/table/engine.ts";
import type { ConfigRow, ControlRow, PlayerRow } from "../../worker/table/storage.ts";
import { buildTableView, tableParts, type TableFacts } from "../../worker/table/view.ts";

const players: PlayerRow[] = Array.from({ length: 10 }, (_, i) => ({
  playerId: `p${i + 1}`, nickname: `Player ${i + 1}`, place: i + 1, seat: i + 1, returnHash: null, bot: false, joinedAt: 0,
  deviceHash: null, awaySince: null, userId: null, addressHash: null, gameNo: 1,
}));
const config = { code: "PARTS1", presetId: "sport", settings: { voting: "open" }, public: false, seats: { min: 10, max: 10 }, start: "when-full", createdAt: 0, seed: "s", host: "server", spectatorDelaySeconds: 0, seatsPerAddress: 10 } as unknown as ConfigRow;
const control = { organizerPlayerId: "p1", organizerTokenHash: null, allowSameDevice: false, botAfterMinutes: 3, recording: false, deadHear: true, spectatorsHear: false, redrawSeats: false, newEvening: false, botLevel: "strong" } as unknown as ControlRow;
const facts = (over: Partial<TableFacts> = {}): TableFacts => ({ config, players, status: "playing", control, pause: null, hostConnected: false, gameNo: 1, series: [], ...over });
const PARTS = ["settings", "capacity", "lobby", "connected", "mediaPeers", "organizer", "options", "pause", "series"] as const;

describe("tableParts: one set per broadcast, unchanged parts shared with the last (issue 36)", () => {
  it("an unchanged part is the last broadcast's very object; a changed one is new", () => {
    const first = tableParts(facts(), false);
    const same = tableParts(facts(), false, first);
    for (const k of PARTS) expect(same[k], k).toBe(first[k]);
    // One player goes away: the lobby and the connected seats change, nothing else.
    const away = players.map((p, i) => (i === 3 ? { ...p, awaySince: 5 } : p));
    const next = tableParts(facts({ players: away }), false, same);
    for (const k of PARTS) {
      if (k === "lobby" || k === "connected") expect(next[k], k).not.toBe(same[k]);
      else expect(next[k], k).toBe(same[k]);
    }
    expect(next.lobby[3]!.connected).toBe(false);
    expect(next.connected).not.toContain(4);
    // A player still seeing the last game's end has parts of their own.
    expect(tableParts(facts(), true, next).lobby).not.toBe(next.lobby);
  });

  it("every part is frozen: no view can change what the others share", () => {
    const parts = tableParts(facts(), false);
    expect(() => { (parts.lobby[0] as { nickname: string }).nickname = "x"; }).toThrow(TypeError);
    expect(() => { (parts.options as { recording: boolean }).recording = true; }).toThrow(TypeError);
    expect(() => { (parts.connected as number[]).push(11); }).toThrow(TypeError);
  });

  it("a view built with the broadcast's parts is the view built without them", () => {
    const parts = tableParts(facts(), false);
    const viewer = { organizing: true, chat: null, delayMs: 0 };
    expect(buildTableView(facts(), null, viewer, parts)).toEqual(buildTableView(facts(), null, viewer));
    // Parts built for another `behind` are not used.
    const behind = { ...viewer, behind: true };
    expect(buildTableView(facts(), null, behind, parts)).toEqual(buildTableView(facts(), null, behind));
  });
});

describe("sharedOf: one public part per state, unchanged seats shared with the state before (issue 36)", () => {
  it("sharedOf(next, prev): a public seat that did not change is the same object in both states' parts", () => {
    const all = sportStates();
    let kept = 0;
    let renewed = 0;
    for (let i = 1; i < all.length; i++) {
      const a = sharedOf(all[i - 1]!);
      const b = sharedOf(all[i]!, all[i - 1]!);
      for (let s = 0; s < b.seats.length; s++) {
        const same = sameJson(a.seats[s], b.seats[s]);
        expect(b.seats[s] === a.seats[s], `input ${i}, seat ${s + 1}`).toBe(same);
        if (same) kept++;
        else renewed++;
        expect(Object.isFrozen(b.seats[s])).toBe(true);
      }
      // Built once per state: asked again, the same part.
      expect(sharedOf(all[i]!)).toBe(b);
    }
    expect(kept).toBeGreaterThan(renewed);
    expect(renewed).toBeGreaterThan(0);
  });
});
