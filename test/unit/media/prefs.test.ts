/**
 * Issue 15, the table's voice controls (web/src/media/prefs.ts): the initial in a tile without video,
 * push-to-talk as the engine's floor says (this player's own shout), the low-bandwidth mode's transceiver direction and
 * sender parameters, and the stored mode read back defensively.
 */
import { describe, expect, it } from "vitest";
import { cameraSize, initialOf, micOpen, parseBandwidth, pushToTalk, videoDirection, videoEncoding } from "../../../web/src/media/prefs.ts";
import { videoLayer } from "../../../shared/media/floor.ts";
import { Table } from "../engine/harness.ts";

describe("issue 15: voice controls", () => {
  it("the tile's placeholder is the nickname's first letter, upper-cased, a whole grapheme", () => {
    expect(initialOf("anna")).toBe("A");
    expect(initialOf("  ёжик ")).toBe("Ё");
    expect(initialOf("їжак")).toBe("Ї");
    expect(initialOf("👍🏽 fan")).toBe("👍🏽");
    expect(initialOf("")).toBe("?");
    expect(initialOf("   ")).toBe("?");
  });

  it("RULES.md §2.5 push-to-talk is in force as the floor says: for this player's shout during someone else's speech", () => {
    const t = new Table({ roles: "DMMSCCCCCC" });
    expect(t.speaker).toBe(1);
    // Nobody shouts: the floor's open microphone, for the speaker too.
    expect(pushToTalk(t.view(1).floor, 1)).toBe(false);
    expect(pushToTalk(t.view(5).floor, 5)).toBe(false);
    t.now += 10_000;
    t.act(5, { type: "shout" }, 0);
    expect(pushToTalk(t.view(5).floor, 5)).toBe(true);
    // Someone else shouts: the speaker and the others keep the floor's microphone; a spectator has none.
    expect(pushToTalk(t.view(1).floor, 1)).toBe(false);
    expect(pushToTalk(t.view(3).floor, 3)).toBe(false);
    expect(pushToTalk(t.spectator().floor, null)).toBe(false);
    // PTT narrows: held → open, released → shut; without PTT always open (the floor decides).
    expect(micOpen(true, false)).toBe(false);
    expect(micOpen(true, true)).toBe(true);
    expect(micOpen(false, false)).toBe(true);
  });

  it("low-bandwidth mode: audio only makes the video transceivers inactive; small video halves the size and caps the bitrate", () => {
    expect(videoDirection("audio")).toBe("inactive");
    expect(videoDirection("small")).toBe("sendrecv");
    expect(videoDirection("full")).toBe("sendrecv");
    expect(videoEncoding("full")).toEqual({ scaleResolutionDownBy: 1, maxBitrate: 250_000 });
    expect(videoEncoding("small")).toEqual({ scaleResolutionDownBy: 2, maxBitrate: 100_000 });
    expect(parseBandwidth("audio")).toBe("audio");
    expect(parseBandwidth("small")).toBe("small");
    for (const junk of [null, undefined, "", "huge", "AUDIO"]) expect(parseBandwidth(junk)).toBe("full");
  });

  it("docs/MEDIA.md §4: a camera goes out at the size its viewer shows it — large only in the spotlight, nothing where the floor hides it", () => {
    const t = new Table({ roles: "DMMSCCCCCC" });
    expect(t.speaker).toBe(1);
    const spot = t.spectator().speaker;
    // A day speech: every viewer shows the speaker large, every other living camera in its tile.
    expect(videoLayer(t.view(2).floor, 2, 1, spot)).toBe("large");
    expect(videoLayer(t.view(2).floor, 2, 3, spot)).toBe("small");
    expect(videoLayer(t.view(1).floor, 1, 3, spot)).toBe("small");
    expect(videoLayer(t.spectator().floor, null, 1, spot)).toBe("large");
    // Nobody sees their own camera through the media.
    expect(videoLayer(t.view(1).floor, 1, 1, spot)).toBe(null);
    // RULES.md §2.5 a shout: the shouter is heard, but stays in its tile; the spotlight stays the speaker's.
    t.now += 10_000;
    t.act(5, { type: "shout" }, 0);
    expect(videoLayer(t.view(2).floor, 2, 5, t.spectator().speaker)).toBe("small");
    expect(videoLayer(t.view(2).floor, 2, 1, t.spectator().speaker)).toBe("large");
    // The night: the black team sees itself small; a red seat and a spectator see nobody (nothing is sent).
    const night = { channels: [{ id: "black-team", speakers: [1, 3, 5], video: [1, 3, 5], listeners: [1, 3, 5] }] };
    expect(videoLayer(night, 3, 1, null)).toBe("small");
    expect(videoLayer(night, 2, 1, null)).toBe(null);
    expect(videoLayer(night, null, 1, null)).toBe(null);
    // A spotlight the floor hides is not shown large either (no camera on the floor at all).
    expect(videoLayer({ channels: [] }, 2, 1, 1)).toBe(null);
    expect(videoLayer(null, 2, 1, 1)).toBe(null);
    // The mode's size: large only in the spotlight in the full mode; the player's own choice is never widened.
    expect(cameraSize("full", "large")).toBe("full");
    expect(cameraSize("full", "small")).toBe("small");
    expect(cameraSize("full", null)).toBe("small");
    expect(cameraSize("small", "large")).toBe("small");
    expect(cameraSize("audio", "large")).toBe("audio");
  });
});
