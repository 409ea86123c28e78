/**
 * Fail closed at known deadlines (web/src/media/deadline.ts, PlaneBase.closeAt in web/src/media/playback.ts;
 * RULES.md §1 Timers, §2.3, §2.5, §8 media): what a turn's deadline takes away from the floor, and a page
 * that closes it at that moment by itself — on the audio clock and by a timer — not when a frame says so.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Floor, FloorChannel } from "../../../shared/engine/types.ts";
import { closingAt, type DeadlineView } from "../../../shared/media/deadline.ts";
import { planMedia } from "../../../web/src/media/plan.ts";
import { PlaneBase } from "../../../web/src/media/playback.ts";
import type { MeshOptions, RemoteMedia } from "../../../web/src/media/mesh.ts";

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const ch = (c: Partial<FloorChannel> & { id: string }): FloorChannel => ({ speakers: [], video: [], listeners: "everyone", ...c });
const T = 1_000_000;
const view = (v: Partial<DeadlineView>): DeadlineView => ({
  phase: "speech", deadline: T, paused: null, result: null, speaker: 3, shout: null, techVote: null, floor: { channels: [ch({ id: "table", speakers: [3], video: ALL })] }, ...v,
});
const speakersOf = (f: Floor | undefined, id: string) => f?.channels.find((c) => c.id === id)?.speakers;

describe("RULES.md §1 Timers, §8: what a deadline closes", () => {
  it("§2.3 a speech: the speaker's microphone at the deadline; cameras stay", () => {
    const c = closingAt(view({}));
    expect(c?.at).toBe(T);
    expect(speakersOf(c?.floor, "table")).toEqual([]);
    expect(c?.floor.channels[0]!.video).toEqual(ALL);
    // Last words, a farewell, a tie speech: the same — whoever holds the turn.
    expect(speakersOf(closingAt(view({ phase: "last-words", speaker: 7, floor: { channels: [ch({ id: "table", speakers: [7] })] } }))?.floor, "table")).toEqual([]);
  });

  it("§2.5 a shout ending before the speech: only the shouter; a speech ending during a shout: both", () => {
    const f = { channels: [ch({ id: "table", speakers: [3, 6] })] };
    expect(speakersOf(closingAt(view({ floor: f, shout: { seat: 6, until: T - 40_000 }, deadline: T - 40_000 }))?.floor, "table")).toEqual([3]);
    expect(speakersOf(closingAt(view({ floor: f, shout: { seat: 6, until: T + 3_000 } }))?.floor, "table")).toEqual([]);
  });

  it("§8 a night step without a live host closes the black team's channel; with one it waits for the host (§5.7)", () => {
    const black = ch({ id: "black-team", speakers: [2, 5, 9], video: [2, 5, 9], listeners: [2, 5, 9] });
    expect(closingAt(view({ phase: "night-shot", speaker: null, floor: { channels: [black] } }))?.floor.channels).toEqual([]);
    const host = ch({ id: "host", speakers: [0], video: [0] });
    const hosted = { channels: [{ ...black, listeners: [2, 5, 9, 0] }, host] };
    expect(closingAt(view({ phase: "night-shot", speaker: null, floor: hosted }))).toBeNull();
  });

  it("the host's own channel never closes by the clock; consiglieri's whispers stay (§7.10, §8)", () => {
    const f = { channels: [ch({ id: "table", speakers: [3] }), ch({ id: "host", speakers: [0], video: [0] }), ch({ id: "whisper-4", speakers: [4, 104], listeners: [4, 104] })] };
    const c = closingAt(view({ floor: f }));
    expect(speakersOf(c?.floor, "table")).toEqual([]);
    expect(speakersOf(c?.floor, "host")).toEqual([0]);
    expect(speakersOf(c?.floor, "whisper-4")).toEqual([4, 104]);
  });

  it("nothing closes by the clock: paused, over, a technical vote, the takeover of an absent host, no turn, no deadline", () => {
    expect(closingAt(view({ deadline: null }))).toBeNull();
    expect(closingAt(view({ paused: { by: "x", reason: "y", remainingMs: 5 } }))).toBeNull();
    expect(closingAt(view({ result: { winner: "red", reason: "town-eliminated-mafia", roles: [] } }))).toBeNull();
    expect(closingAt(view({ techVote: { deadline: T } as DeadlineView["techVote"] }))).toBeNull();
    expect(closingAt(view({ hosting: { state: "waiting", until: T } }))).toBeNull();
    expect(closingAt(view({ phase: "voting", speaker: null, floor: { channels: [ch({ id: "table", video: ALL })] } }))).toBeNull();
    // The end: everyone talks, no deadline closes it.
    expect(closingAt(view({ phase: "game-over", speaker: null, deadline: null, floor: { channels: [ch({ id: "table", speakers: ALL })] } }))).toBeNull();
  });
});

/* A plane over a stand-in audio graph: each gain keeps its automation timeline as an AudioParam does
   (cancelScheduledValues drops the events at or after its time), nothing is played. */
interface Event {
  kind: "set" | "cancel";
  value?: number;
  at: number;
}
const gainNode = () => {
  const events: Event[] = [];
  let timeline: Array<{ value: number; at: number }> = [];
  return {
    events,
    /** The gain at audio time `t` by its timeline (0 before any event). */
    valueAt: (t: number) => timeline.filter((e) => e.at <= t).reduce((v, e) => e.value, 0),
    gain: {
      value: 0,
      setValueAtTime(value: number, at: number) {
        events.push({ kind: "set", value, at });
        timeline = [...timeline.filter((e) => e.at !== at), { value, at }].sort((a, b) => a.at - b.at);
      },
      cancelScheduledValues(at: number) {
        events.push({ kind: "cancel", at });
        timeline = timeline.filter((e) => e.at < at);
      },
    },
    connect() {},
    disconnect() {},
  };
};
const audio = () => ({ currentTime: 12, sampleRate: 48_000, destination: {}, createGain: gainNode, createAnalyser: () => ({ ...gainNode(), fftSize: 0, smoothingTimeConstant: 0 }) });

class TestPlane extends PlaneBase {
  updates: Floor[] = [];
  update(floor: Floor | null | undefined, peers: readonly number[]): void {
    this.cancelClose();
    this.plan = planMedia(floor, this.me, peers);
    this.updates.push(floor!);
    for (const [seat, r] of this.remote) r.gain.gain.setValueAtTime(this.planFor(seat).playAudio ? 1 : 0, this.ctx.currentTime);
  }
  setBandwidth(): void {}
  protected applyLocal(): void {}
}

describe("RULES.md §8: a page closes at the deadline by itself", () => {
  beforeEach(() => void vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance", "Date"] }));
  afterEach(() => void vi.useRealTimers());

  const setup = () => {
    const ctx = audio();
    const plane = new TestPlane({ me: 5, local: null, send: () => {}, audio: ctx as unknown as AudioContext } as MeshOptions);
    const gains = new Map(ALL.filter((s) => s !== 5).map((s) => [s, gainNode()]));
    for (const [s, g] of gains) plane.remote.set(s, { gain: g } as unknown as RemoteMedia);
    const peers = ALL.filter((s) => s !== 5);
    const speech = view({});
    plane.update(speech.floor, peers);
    const closing = closingAt(speech)!;
    return { ctx, plane, gains, peers, closing };
  };

  it("the speaker's voice is closed on the audio clock at the deadline, and the plan follows by a timer then — no frame needed", () => {
    const { plane, gains, peers, closing } = setup();
    expect(plane.planFor(3).playAudio).toBe(true);
    plane.closeAt(closing.floor, peers, performance.now() + 5_000);
    // Scheduled on the audio thread's clock, 5 s after its now (12 s): a stalled main thread cannot delay it.
    expect(gains.get(3)!.events.at(-1)).toEqual({ kind: "set", value: 0, at: 17 });
    // Voices the deadline does not concern get nothing scheduled.
    expect(gains.get(4)!.events.filter((e) => e.at > 12)).toEqual([]);
    vi.advanceTimersByTime(4_999);
    expect(plane.updates.length).toBe(1);
    expect(plane.planFor(3).playAudio).toBe(true);
    vi.advanceTimersByTime(1);
    expect(plane.updates.length).toBe(2);
    expect(plane.planFor(3).playAudio).toBe(false);
  });

  it("a view before the deadline supersedes the close: the timer and the scheduled gate are dropped", () => {
    const { plane, gains, peers, closing } = setup();
    plane.closeAt(closing.floor, peers, performance.now() + 5_000);
    vi.advanceTimersByTime(2_000);
    // §6.4 more time (a new deadline): the new view keeps the speaker open.
    plane.update(view({}).floor, peers);
    expect(gains.get(3)!.events.some((e) => e.kind === "cancel")).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(plane.updates.length).toBe(2);
    expect(plane.planFor(3).playAudio).toBe(true);
  });

  it("a view's gates set at the audio clock's now survive the close scheduled right after them (one render quantum: the clock has not moved)", () => {
    const { plane, gains, peers } = setup();
    // The speech of seat 4 opens (its gate set at 12 s), and its end is scheduled — all at audio time 12.
    const next = view({ speaker: 4, floor: { channels: [ch({ id: "table", speakers: [4], video: ALL })] } });
    plane.update(next.floor, peers);
    plane.closeAt(closingAt(next)!.floor, peers, performance.now() + 60_000);
    expect(gains.get(4)!.valueAt(12), "seat 4 plays during its speech").toBe(1);
    expect(gains.get(4)!.valueAt(71.9)).toBe(1);
    expect(gains.get(4)!.valueAt(72), "and stops at its end").toBe(0);
    expect(gains.get(3)!.valueAt(12)).toBe(0);
    // The same view applied again (the page's render pass) keeps all of it.
    plane.update(next.floor, peers);
    plane.closeAt(closingAt(next)!.floor, peers, performance.now() + 60_000);
    expect(gains.get(4)!.valueAt(12)).toBe(1);
    expect(gains.get(4)!.valueAt(72)).toBe(0);
  });

  it("a deadline already passed closes at once", () => {
    const { plane, peers, closing } = setup();
    plane.closeAt(closing.floor, peers, performance.now() - 300);
    vi.advanceTimersByTime(0);
    expect(plane.planFor(3).playAudio).toBe(false);
  });
});
