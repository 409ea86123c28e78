/**
 * Issue 31 item 12, RULES.md §8 (the live host is part of the table's media "from the lobby to the end";
 * the lobby's voice: friends talk while the table fills): before the game nobody holds a seat and there is
 * no game view, so no floor at all — nobody could hear anybody. `lobbyFloor` is the floor of the lobby:
 * the people by their lobby place, everyone to everyone, the live host too; read with the same shared
 * rule (shared/media/floor.ts) the web client gates with.
 */
import { describe, expect, it } from "vitest";
import { lobbyFloor, playAudio, playVideo, speaksNow } from "../../../shared/media/floor.ts";
import { HOST_PEER } from "../../../shared/media/peers.ts";

describe("RULES.md §8 the lobby's voice (issue 31.12)", () => {
  it("§8 in the lobby every person hears every other person, nobody hears themselves; no camera is sent (the waiting room shows none)", () => {
    const places = [1, 2, 4, 7];
    const f = lobbyFloor(places, false);
    for (const a of places) {
      expect(speaksNow(f, a)).toBe(true);
      for (const b of places) {
        expect(playAudio(f, a, b), `${a} hears ${b}`).toBe(a !== b);
        expect(playVideo(f, a, b), `${a} sees ${b}`).toBe(false);
      }
    }
    // One public channel, nothing private: no role is dealt in the lobby.
    expect(f.channels).toEqual([{ id: "table", speakers: places, video: [], listeners: "everyone" }]);
  });

  it("§8 a live host is part of the lobby's media: heard by and hearing every person", () => {
    const f = lobbyFloor([3, 1, 2], true);
    for (const p of [1, 2, 3]) {
      expect(playAudio(f, p, HOST_PEER)).toBe(true);
      expect(playAudio(f, HOST_PEER, p)).toBe(true);
    }
    expect(f.channels.find((c) => c.id === "table")!.speakers).toEqual([1, 2, 3]);
    // A server-hosted lobby has no host channel: peer 0 is nobody there.
    expect(lobbyFloor([1, 2], false).channels.some((c) => c.id === "host")).toBe(false);
    expect(playAudio(lobbyFloor([1, 2], false), 1, HOST_PEER)).toBe(false);
  });

  it("§8 places outside the seats' peer numbers (1…99) take no part; a place listed twice counts once", () => {
    const f = lobbyFloor([2, 2, 0, 100, 150], false);
    expect(f.channels[0]!.speakers).toEqual([2]);
  });
});
