/**
 * Issue 30, RULES.md §8 media with a live host, the host's mute, and §7.10 the consigliere's channel:
 * the floor every view carries names the host (media peer 0) as a listener of every channel and as the
 * speaker of its own, a muted seat as no speaker until its stage ends, and each seat's whisper with its
 * consigliere (peer 100 + N) by day only. Read with the shared rule (shared/media/floor.ts) the web client
 * and the SFU controller gate with.
 */
import { describe, expect, it } from "vitest";
import { playAudio, playVideo } from "../../../shared/media/floor.ts";
import { consiglierePeer, HOST_PEER, SPECTATOR_PEER_BASE } from "../../../shared/media/peers.ts";
import { LAYOUT, Table } from "./harness.ts";
import { host, hostRejected, tatar, TATAR } from "./tatar-helpers.ts";

const SPECTATOR = SPECTATOR_PEER_BASE + 1;

describe("RULES.md §8 the live host in the table's media", () => {
  it("§8 the host hears every speaker and is heard by every seat and spectator; the host's voice opens no one else's floor", () => {
    const t = new Table({ roles: LAYOUT, host: "live" });
    expect(t.phase).toBe("speech");
    const hostChannel = { id: "host", speakers: [HOST_PEER], video: [HOST_PEER], listeners: "everyone" };
    for (const view of [t.view(1), t.view(7), t.spectator(), t.hostView()]) expect(view.floor.channels).toContainEqual(hostChannel);
    const f = t.view(7).floor;
    expect(playAudio(t.hostView().floor, HOST_PEER, 1)).toBe(true); // the speaker, to the host
    for (const seat of [1, 2, 5, 10]) expect(playAudio(t.view(seat).floor, seat, HOST_PEER)).toBe(true);
    expect(playAudio(t.spectator().floor, SPECTATOR, HOST_PEER)).toBe(true);
    // nobody but the speaker (seat 1) and the host is heard
    for (const s of [2, 3, 4, 5, 6, 8, 9, 10]) expect(playAudio(f, 7, s)).toBe(false);
    expect(t.view(1).floor.channels.find((c) => c.id === "table")!.speakers).toEqual([1]);
  });

  it("§8 the host hears and sees the black team's night channel, sound or silent; the town and spectators never learn of it", () => {
    const t = new Table({ roles: LAYOUT, host: "live", stopAt: "acquaintance" });
    const black = t.hostView().floor.channels.find((c) => c.id === "black-team")!;
    expect(black.listeners).toEqual([1, 2, 3, HOST_PEER]);
    expect(playAudio(t.hostView().floor, HOST_PEER, 2)).toBe(true);
    expect(playAudio(t.view(2).floor, HOST_PEER, 2)).toBe(true); // the black sender's own view says: send to the host
    expect(playAudio(t.view(2).floor, 4, 2)).toBe(false);
    expect(t.view(4).floor.channels.map((c) => c.id)).toEqual(["host"]);
    expect(t.spectator().floor.channels.map((c) => c.id)).toEqual(["host"]);
    expect(playAudio(t.spectator().floor, SPECTATOR, 2)).toBe(false);
    const silent = new Table({ roles: LAYOUT, host: "live", stopAt: "acquaintance", settings: { agreement: "silent" } });
    expect(playAudio(silent.hostView().floor, HOST_PEER, 2)).toBe(false);
    expect(playVideo(silent.hostView().floor, HOST_PEER, 2)).toBe(true);
  });

  it("a server-hosted table has no host channel and lists no host", () => {
    const t = new Table({ roles: LAYOUT, stopAt: "acquaintance" });
    expect(t.view(1).floor.channels.map((c) => c.id)).toEqual(["black-team"]);
    expect(t.view(1).floor.channels[0]!.listeners).toEqual([1, 2, 3]);
    expect(playAudio(t.view(1).floor, HOST_PEER, 2)).toBe(false);
  });

  it("§8 the host's mute: the seat is no speaker for everyone until its speech ends, is told so, and is logged as a remark; its next speech is heard", () => {
    const t = new Table({ roles: LAYOUT, host: "live" });
    expect(t.spectator().speaker).toBe(1);
    host(t, { type: "mute", seat: 1 });
    for (const view of [t.view(1), t.view(5), t.spectator(), t.hostView()]) {
      expect(view.floor.muted).toEqual([1]);
      expect(view.floor.channels.find((c) => c.id === "table")!.speakers).toEqual([]);
    }
    expect(playAudio(t.hostView().floor, HOST_PEER, 1)).toBe(false);
    expect(t.spectator().log.filter((e) => e.type === "remarked").map((e) => e.data)).toEqual([{ seat: 1, cause: "muted" }]);
    hostRejected(t, { type: "mute", seat: 1 }, "already-acted");
    hostRejected(t, { type: "mute", seat: 11 }, "illegal-target");
    t.act(1, { type: "end-speech" });
    expect(t.spectator().speaker).toBe(2);
    expect(t.view(2).floor.muted).toBeUndefined();
    expect(t.view(2).floor.channels.find((c) => c.id === "table")!.speakers).toEqual([2]);
    // seat 1's next speech (day 2) is heard again: the mute held only for the stage it was given in
    t.speeches();
    expect((t.state as unknown as { hostMutes?: unknown[] }).hostMutes?.length).toBe(1);
    expect(playAudio(t.spectator().floor, SPECTATOR, 1)).toBe(false);
  });

  it("§8 the mute is the host's alone: refused at a server-hosted table", () => {
    const t = new Table({ roles: LAYOUT });
    hostRejected(t, { type: "mute", seat: 1 }, "not-allowed");
  });
});

describe("RULES.md §7.10/§8 the consigliere's channel", () => {
  it("§8 the host's mute turns the seat's microphone off in its whisper too; the consigliere may still whisper to it", () => {
    const t = tatar({ host: "live" });
    expect(t.phase).toBe("free-talk");
    host(t, { type: "mute", seat: 5 });
    const f = t.view(5).floor;
    expect(f.channels.find((c) => c.id === "whisper-5")).toEqual({ id: "whisper-5", speakers: [consiglierePeer(5)], video: [], listeners: [5, consiglierePeer(5)] });
    expect(playAudio(f, consiglierePeer(5), 5)).toBe(false);
    expect(playAudio(f, 5, consiglierePeer(5))).toBe(true);
    for (const s of [1, 6, HOST_PEER]) expect(playAudio(t.hostView().floor, s, 5)).toBe(false);
  });

  it("by day: seat N and its consigliere whisper to each other only (not the host, not a third seat); the consigliere hears what N hears", () => {
    const t = tatar({ host: "live" });
    expect(t.phase).toBe("free-talk");
    const c5 = consiglierePeer(5);
    const f5 = t.view(5).floor;
    expect(f5.advisers).toBe(true);
    expect(f5.channels).toContainEqual({ id: "whisper-5", speakers: [5, c5], video: [], listeners: [5, c5] });
    expect(playAudio(f5, c5, 5)).toBe(true);
    expect(playAudio(f5, 5, c5)).toBe(true);
    expect(t.view(6).floor.channels.some((c) => c.id === "whisper-5")).toBe(false);
    expect(playAudio(t.hostView().floor, HOST_PEER, c5)).toBe(false);
    expect(playAudio(t.hostView().floor, 6, c5)).toBe(false);
    expect(playAudio(t.spectator().floor, SPECTATOR, c5)).toBe(false);
    // the consigliere hears the free talk's speakers and the host, as its player does
    const speaker = t.view(5).floor.channels.find((c) => c.id === "table")!.speakers[0]!;
    expect(playAudio(f5, c5, speaker)).toBe(true);
    expect(playAudio(f5, c5, HOST_PEER)).toBe(true);
    // another consigliere's whisper is not heard by this one
    expect(playAudio(t.hostView().floor, consiglierePeer(6), c5)).toBe(false);
  });

  it("§7.10 the whisper closes during the player's own speech", () => {
    const t = tatar();
    t.timeout(); // free talk ends: the monologues begin
    const speaker = t.spectator().speaker!;
    expect(t.view(speaker).floor.channels.some((c) => c.id === `whisper-${speaker}`)).toBe(false);
    const other = speaker === 12 ? 1 : speaker + 1;
    expect(t.view(other).floor.channels.some((c) => c.id === `whisper-${other}`)).toBe(true);
  });

  it("§8 at night the consigliere hears nothing and is heard by nobody", () => {
    const t = new Table({ preset: "tatar", roles: TATAR, host: "live", stopAt: "acquaintance" });
    expect(t.phase).toBe("acquaintance");
    const f = t.view(1).floor;
    expect(f.advisers).toBe(false);
    expect(f.channels.some((c) => c.id.startsWith("whisper"))).toBe(false);
    const c1 = consiglierePeer(1);
    for (const s of [2, 3, 4, HOST_PEER]) expect(playAudio(f, c1, s)).toBe(false);
    expect(playAudio(t.hostView().floor, c1, HOST_PEER)).toBe(false);
  });
});
