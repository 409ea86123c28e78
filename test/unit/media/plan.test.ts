/** Issue 15: the media plan is the floor read from one client's side (web/src/media/plan.ts). */
import { describe, expect, it } from "vitest";
import type { Floor, FloorChannel } from "../../../shared/engine/types.ts";
import { speaksNow } from "../../../shared/media/floor.ts";
import { planMedia, samePlan, type MediaPlan } from "../../../web/src/media/plan.ts";

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const BLACK = [2, 5, 9];
const ch = (c: Partial<FloorChannel> & { id: string }): FloorChannel => ({ speakers: [], video: [], listeners: "everyone", ...c });
const floor = (...channels: FloorChannel[]): Floor => ({ channels });
const peersOf = (me: number) => ALL.filter((s) => s !== me);

/** The seats this client sends its audio to / plays the audio of, etc. */
function who(plan: MediaPlan, key: "sendAudio" | "sendVideo" | "playAudio" | "playVideo"): number[] {
  return [...plan].filter(([, p]) => p[key]).map(([s]) => s);
}

describe("planMedia", () => {
  it("dealing: nothing anywhere", () => {
    for (const me of ALL) {
      const plan = planMedia(floor(), me, peersOf(me));
      expect(plan.size).toBe(9);
      for (const k of ["sendAudio", "sendVideo", "playAudio", "playVideo"] as const) expect(who(plan, k)).toEqual([]);
    }
  });

  it("acquaintance with sound: black ↔ black audio and video, red nothing", () => {
    const black = ch({ id: "black-team", speakers: BLACK, video: BLACK, listeners: BLACK });
    for (const me of BLACK) {
      const plan = planMedia(floor(black), me, peersOf(me));
      const mates = BLACK.filter((s) => s !== me);
      expect(who(plan, "sendAudio")).toEqual(mates);
      expect(who(plan, "sendVideo")).toEqual(mates);
      expect(who(plan, "playAudio")).toEqual(mates);
      expect(who(plan, "playVideo")).toEqual(mates);
    }
    // A red player gets no private channel in its view at all.
    for (const me of ALL.filter((s) => !BLACK.includes(s))) {
      const plan = planMedia(floor(), me, peersOf(me));
      for (const k of ["sendAudio", "sendVideo", "playAudio", "playVideo"] as const) expect(who(plan, k)).toEqual([]);
    }
    // Even if a red client were handed the black channel, it is no speaker in it: it sends nothing.
    const red = planMedia(floor(black), 1, peersOf(1));
    expect(who(red, "sendAudio")).toEqual([]);
    expect(who(red, "playAudio")).toEqual([]);
  });

  it("acquaintance silent: video only among the black team", () => {
    const black = ch({ id: "black-team", speakers: [], video: BLACK, listeners: BLACK });
    const plan = planMedia(floor(black), 5, peersOf(5));
    expect(who(plan, "sendAudio")).toEqual([]);
    expect(who(plan, "playAudio")).toEqual([]);
    expect(who(plan, "sendVideo")).toEqual([2, 9]);
    expect(who(plan, "playVideo")).toEqual([2, 9]);
  });

  it("a speech: the speaker to everyone, nobody else heard; every living camera seen", () => {
    const living = ALL.filter((s) => s !== 7);
    const table = ch({ id: "table", speakers: [3], video: living });
    const speaker = planMedia(floor(table), 3, peersOf(3));
    expect(who(speaker, "sendAudio")).toEqual(peersOf(3));
    expect(who(speaker, "playAudio")).toEqual([]);
    expect(who(speaker, "sendVideo")).toEqual(peersOf(3));
    for (const me of peersOf(3)) {
      const plan = planMedia(floor(table), me, peersOf(me));
      expect(who(plan, "sendAudio")).toEqual([]);
      expect(who(plan, "playAudio")).toEqual([3]);
      expect(who(plan, "playVideo")).toEqual(living.filter((s) => s !== me));
    }
    // The dead player 7 sends no video but sees and hears the table.
    const dead = planMedia(floor(table), 7, peersOf(7));
    expect(who(dead, "sendVideo")).toEqual([]);
    expect(who(dead, "playAudio")).toEqual([3]);
    expect(speaksNow(floor(table), 3)).toBe(true);
    expect(speaksNow(floor(table), 4)).toBe(false);
  });

  it("a shout: speaker and shouter both heard", () => {
    const table = ch({ id: "table", speakers: [3, 8], video: ALL });
    const listener = planMedia(floor(table), 1, peersOf(1));
    expect(who(listener, "playAudio")).toEqual([3, 8]);
    const shouter = planMedia(floor(table), 8, peersOf(8));
    expect(who(shouter, "sendAudio")).toEqual(peersOf(8));
    expect(who(shouter, "playAudio")).toEqual([3]);
  });

  it("the night shot: the living black team only", () => {
    const living = [2, 9];
    const black = ch({ id: "black-team", speakers: living, video: living, listeners: living });
    const plan = planMedia(floor(black), 2, peersOf(2));
    expect(who(plan, "sendAudio")).toEqual([9]);
    expect(who(plan, "playAudio")).toEqual([9]);
    // The dead black player 5 hears nothing of it (the view gives it no such channel; and if it had, it is no listener).
    const dead = planMedia(floor(black), 5, peersOf(5));
    expect(who(dead, "playAudio")).toEqual([]);
    expect(who(dead, "sendAudio")).toEqual([]);
  });

  it("last words: only the victim", () => {
    const table = ch({ id: "table", speakers: [6], video: [6] });
    for (const me of peersOf(6)) {
      const plan = planMedia(floor(table), me, peersOf(me));
      expect(who(plan, "playAudio")).toEqual([6]);
      expect(who(plan, "playVideo")).toEqual([6]);
      expect(who(plan, "sendAudio")).toEqual([]);
    }
  });

  it("the end: everyone to everyone", () => {
    const table = ch({ id: "table", speakers: ALL, video: ALL });
    for (const me of ALL) {
      const plan = planMedia(floor(table), me, peersOf(me));
      for (const k of ["sendAudio", "sendVideo", "playAudio", "playVideo"] as const) expect(who(plan, k)).toEqual(peersOf(me));
    }
  });

  it("a floor change flips the plan", () => {
    const speech3 = floor(ch({ id: "table", speakers: [3], video: ALL }));
    const speech4 = floor(ch({ id: "table", speakers: [4], video: ALL }));
    const a = planMedia(speech3, 1, peersOf(1));
    const b = planMedia(speech4, 1, peersOf(1));
    expect(samePlan(a, b)).toBe(false);
    expect(who(a, "playAudio")).toEqual([3]);
    expect(who(b, "playAudio")).toEqual([4]);
    expect(samePlan(a, planMedia(speech3, 1, peersOf(1)))).toBe(true);
    const s3 = planMedia(speech3, 3, peersOf(3));
    const s3after = planMedia(speech4, 3, peersOf(3));
    expect(who(s3, "sendAudio")).toEqual(peersOf(3));
    expect(who(s3after, "sendAudio")).toEqual([]);
    expect(who(s3after, "playAudio")).toEqual([4]);
  });

  it("a spectator (no seat) does nothing", () => {
    const plan = planMedia(floor(ch({ id: "table", speakers: ALL, video: ALL })), null, ALL);
    for (const k of ["sendAudio", "sendVideo", "playAudio", "playVideo"] as const) expect(who(plan, k)).toEqual([]);
  });
});

describe("issue 30: the plan of the host, a consigliere and a spectator (RULES.md §8)", () => {
  const HOST = 0;
  const SPECTATOR = 1001;
  const C5 = 105;
  const table = ch({ id: "table", speakers: [3], video: ALL, listeners: "everyone" });
  const host = ch({ id: "host", speakers: [HOST], video: [HOST], listeners: "everyone" });
  const peers = [HOST, ...ALL, C5, SPECTATOR];
  const day: Floor = { channels: [table, host, ch({ id: "whisper-5", speakers: [5, C5], listeners: [5, C5] })], advisers: true };

  it("the host sends to every seat, the consigliere by day and the spectator; it plays the speaker, never a whisper", () => {
    const plan = planMedia(day, HOST, peers);
    expect(who(plan, "sendAudio")).toEqual([...ALL, C5, SPECTATOR]);
    expect(who(plan, "playAudio")).toEqual([3]);
  });

  it("a spectator sends nothing and plays the speaker and the host; it links with no consigliere", () => {
    const plan = planMedia(day, SPECTATOR, peers);
    expect(who(plan, "sendAudio")).toEqual([]);
    expect(who(plan, "sendVideo")).toEqual([]);
    expect(who(plan, "playAudio")).toEqual([HOST, 3]);
    expect(plan.has(C5)).toBe(false);
  });

  it("by day the consigliere hears its player's hearing and whispers to its player only; at night nothing", () => {
    const plan = planMedia(day, C5, peers);
    expect(who(plan, "sendAudio")).toEqual([5]);
    expect(who(plan, "playAudio")).toEqual([HOST, 3, 5]);
    expect(plan.has(SPECTATOR)).toBe(false);
    const night: Floor = { channels: [ch({ id: "black-team", speakers: [2, 5], video: [2, 5], listeners: [2, 5, HOST] }), host], advisers: false };
    const dark = planMedia(night, C5, peers);
    expect(who(dark, "sendAudio")).toEqual([]);
    expect(who(dark, "playAudio")).toEqual([]);
    // the player (seat 5, black) sends its night channel to the host and its teammate — never to its consigliere
    expect(who(planMedia(night, 5, peers), "sendAudio")).toEqual([HOST, 2]);
  });

  it("a muted seat is no speaker: its own plan sends nothing (RULES.md §8 the host's mute)", () => {
    const muted: Floor = { channels: [ch({ id: "table", speakers: [], video: ALL }), host], muted: [3] };
    expect(who(planMedia(muted, 3, peers), "sendAudio")).toEqual([]);
    expect(speaksNow(muted, 3)).toBe(false);
  });
});
