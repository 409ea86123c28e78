/**
 * Issue 31 item 12, RULES.md §8: the web client's side of the lobby's voice (web/src/table/voice.ts) — a
 * lobby person is the media peer of their lobby place (found by nickname), the live host 0, nobody else;
 * the page's peers are the other people of the lobby (no bots) and the connected live host; the floor it
 * follows is `lobbyFloor` (everyone to everyone, audio), so its plan sends to and plays every peer's voice, no camera.
 */
import { describe, expect, it } from "vitest";
import type { LobbySeatView, TableView } from "../../../shared/protocol/messages.ts";
import { HOST_PEER } from "../../../shared/media/peers.ts";
import { planMedia } from "../../../web/src/media/plan.ts";
import { floorOfView, mediaSelf, peersOf } from "../../../web/src/table/voice-peers.ts";

const seat = (place: number, nickname: string, bot = false): LobbySeatView => ({
  place, seat: null, nickname, bot, connected: true, awaySince: null, neverConnected: false, organizer: place === 1,
});
const lobby = (host: "server" | "live" = "server", hostConnected = false): TableView =>
  ({ status: "lobby", host, hostConnected, game: null, lobby: [seat(1, "Ann"), seat(2, "Bot 1", true), seat(3, "Bo"), seat(5, "Cy")] }) as unknown as TableView;

describe("issue 31.12, RULES.md §8: the lobby's voice on the page", () => {
  it("§8 a lobby person is their place; the live host is 0; spectators, consiglieri and bots take no part", () => {
    expect(mediaSelf({ kind: "player", nickname: "Bo" }, lobby(), null)).toEqual({ role: "player", me: 3 });
    expect(mediaSelf({ kind: "player", nickname: "Nobody" }, lobby(), null)).toBeNull();
    expect(mediaSelf({ kind: "host" }, lobby("live"), null)).toEqual({ role: "host", me: HOST_PEER });
    expect(mediaSelf({ kind: "host" }, lobby("server"), null)).toBeNull();
    expect(mediaSelf({ kind: "spectator" }, lobby(), 1000)).toBeNull();
    expect(mediaSelf({ kind: "consigliere", nickname: "Ann" }, lobby(), null)).toBeNull();
  });

  it("§8 everyone in the lobby sends their voice to and hears everyone (no camera); bots hold no link; the live host joins while connected", () => {
    expect(peersOf(lobby(), 3)).toEqual([1, 5]);
    expect(peersOf(lobby("live", true), 3)).toEqual([1, 5, HOST_PEER]);
    expect(peersOf(lobby("live", false), 3)).toEqual([1, 5]);
    const plan = planMedia(floorOfView(lobby()), 3, peersOf(lobby(), 3));
    for (const p of [1, 5]) expect(plan.get(p)).toEqual({ sendAudio: true, sendVideo: false, playAudio: true, playVideo: false });
    const host = planMedia(floorOfView(lobby("live", true)), HOST_PEER, peersOf(lobby("live", true), HOST_PEER));
    for (const p of [1, 3, 5]) expect(host.get(p)).toMatchObject({ sendAudio: true, playAudio: true });
  });
});
