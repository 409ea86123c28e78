/**
 * Issue 14 the floor: every view carries who may be heard and seen by whom right now (RULES.md §2.1
 * cameras and microphones off while cards are taken; §2.2 the black team to itself, with sound or
 * silent; §2.3 only the speaker's microphone; §2.5 a shout; §2.10 the living black team during the
 * shot; §2.11 the victim's last words; the end: everyone). A viewer is told only of the channels they
 * belong to; a spectator gets the public one.
 */
import { describe, expect, it } from "vitest";
import type { FloorChannel } from "../../../shared/engine/types.ts";
import { LAYOUT, Table } from "./harness.ts";

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const table = (speakers: number[], video: number[] = ALL): FloorChannel => ({ id: "table", speakers, video, listeners: "everyone" });

describe("issue 14: the floor in every view", () => {
  it("§2.1 dealing: nobody; §2.2 acquaintance with sound: the black team sees and hears itself, the town and spectators nothing", () => {
    const d = new Table({ seats: 10 });
    expect(d.phase).toBe("dealing");
    expect(d.spectator().floor).toEqual({ channels: [] });
    expect(d.view(1).floor).toEqual({ channels: [] });
    const t = new Table({ roles: LAYOUT, stopAt: "acquaintance" });
    expect(t.phase).toBe("acquaintance");
    const black = { id: "black-team", speakers: [1, 2, 3], video: [1, 2, 3], listeners: [1, 2, 3] };
    expect(t.view(1).floor.channels).toEqual([black]);
    expect(t.view(3).floor.channels).toEqual([black]);
    expect(t.view(4).floor.channels).toEqual([]);
    expect(t.spectator().floor.channels).toEqual([]);
  });

  it("§2.2 a silent agreement: the black team sees itself, no microphone", () => {
    const t = new Table({ roles: LAYOUT, stopAt: "acquaintance", settings: { agreement: "silent" } });
    expect(t.view(2).floor.channels).toEqual([{ id: "black-team", speakers: [], video: [1, 2, 3], listeners: [1, 2, 3] }]);
  });

  it("§2.3 a speech: the speaker to everyone, every living camera; §2.5 a shout adds the shouter, heard by push-to-talk; voting: cameras only", () => {
    const t = new Table({ roles: LAYOUT });
    expect(t.spectator().floor.channels).toEqual([table([1])]);
    expect(t.view(7).floor.channels).toEqual([table([1])]);
    t.act(5, { type: "shout" });
    expect(t.spectator().floor.channels).toEqual([{ ...table([1, 5]), pushToTalk: [5] }]);
    t.act(1, { type: "nominate", target: 9 });
    t.act(1, { type: "end-speech" });
    t.act(2, { type: "nominate", target: 8 });
    t.speeches();
    expect(t.phase).toBe("voting");
    expect(t.spectator().floor.channels).toEqual([table([])]);
  });

  it("§2.10 the shot: the living black team to itself; the checks: nobody; §2.11 last words: the victim to everyone; the end: everyone", () => {
    const t = new Table({ roles: LAYOUT });
    t.speeches();
    expect(t.phase).toBe("night-shot");
    expect(t.view(2).floor.channels).toEqual([{ id: "black-team", speakers: [1, 2, 3], video: [1, 2, 3], listeners: [1, 2, 3] }]);
    expect(t.view(4).floor.channels).toEqual([]);
    expect(t.spectator().floor.channels).toEqual([]);
    for (const s of [1, 2, 3]) t.act(s, t.use(s, 5));
    t.timeout();
    expect(t.phase).toBe("night-check");
    expect(t.view(1).floor.channels).toEqual([]);
    t.timeout();
    expect(t.phase).toBe("last-words");
    // The victim speaks though out of the game; the cameras are the living's and the speaker's.
    expect(t.spectator().floor.channels).toEqual([table([5], [1, 2, 3, 4, 6, 7, 8, 9, 10, 5])]);
    t.control({ type: "abort", reason: "server-error" });
    expect(t.spectator().floor.channels).toEqual([table(ALL)]);
  });

  it("the live host hears every channel", () => {
    const t = new Table({ roles: LAYOUT, host: "live" });
    t.speeches();
    expect(t.phase).toBe("night-shot");
    const host = t.hostView();
    // Issue 30 (RULES.md §8): the host (media peer 0) is a listener of the black team's channel, and speaks in its own.
    expect(host.floor.channels.map((c) => c.id)).toEqual(["black-team", "host"]);
    expect(host.floor.channels[0]!.listeners).toEqual([1, 2, 3, 0]);
  });
});
