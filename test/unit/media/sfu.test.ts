/** Issue 15: the pure parts of the web client's SFU plane (web/src/media/sfu.ts) and its frames. */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import type { Floor, FloorChannel } from "../../../shared/engine/types.ts";
import { playAudio, playVideo } from "../../../shared/media/floor.ts";
import { ClientMessageSchema, MAX_SIGNAL_BYTES, SFU_PREFIX, ServerMessageSchema, type SfuServerMessage } from "../../../shared/protocol/messages.ts";
import { answerFrame, applyMids, joinFrame, leaveFrame, sending, simulcastEncodings, type MidMap } from "../../../web/src/media/sfu.ts";

const ch = (c: Partial<FloorChannel> & { id: string }): FloorChannel => ({ speakers: [], video: [], listeners: "everyone", ...c });
const floor = (...channels: FloorChannel[]): Floor => ({ channels });
const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const BLACK = [2, 5, 9];
const SDP = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n";

describe("sfu frames from the web client", () => {
  it("join, answer and leave are valid client messages starting with the SFU prefix (their own budget and size limit)", () => {
    const frames = [
      joinFrame({ type: "offer", sdp: SDP }, [{ mid: "0", kind: "audio" }, { mid: "1", kind: "video" }]),
      joinFrame(null, []),
      joinFrame({ type: "offer", sdp: SDP }, []), // an offer without tracks publishes nothing
      answerFrame(3, SDP),
      leaveFrame(),
    ];
    for (const f of frames) {
      expect(f.startsWith(SFU_PREFIX), f).toBe(true);
      expect(v.safeParse(ClientMessageSchema, JSON.parse(f)).success, f).toBe(true);
      expect(f.length).toBeLessThan(MAX_SIGNAL_BYTES);
    }
    expect(JSON.parse(frames[2]!)).toEqual({ type: "sfu", op: "join", tracks: [] });
  });

  it("the schema refuses what the table must not accept", () => {
    const bad = [
      { type: "sfu", op: "join", tracks: [{ mid: "0", kind: "audio" }] }, // tracks without their offer
      { type: "sfu", op: "join", offer: { type: "offer", sdp: SDP }, tracks: [] }, // an offer without tracks
      { type: "sfu", op: "join", offer: { type: "answer", sdp: SDP }, tracks: [{ mid: "0", kind: "audio" }] },
      { type: "sfu", op: "join", offer: { type: "offer", sdp: SDP }, tracks: [{ mid: "0", kind: "audio" }, { mid: "0", kind: "video" }] },
      { type: "sfu", op: "join", offer: { type: "offer", sdp: SDP }, tracks: [{ mid: "0", kind: "audio" }, { mid: "1", kind: "audio" }] },
      { type: "sfu", op: "join", offer: { type: "offer", sdp: SDP }, tracks: [{ mid: "0", kind: "screen" }] },
      { type: "sfu", op: "join", tracks: [], sessionId: "abc" },
      { type: "sfu", op: "answer", pull: 0, answer: { type: "answer", sdp: SDP } },
      { type: "sfu", op: "answer", pull: 1, answer: { type: "offer", sdp: SDP } },
      { type: "sfu", op: "answer", pull: 1.5, answer: { type: "answer", sdp: SDP } },
      { type: "sfu", op: "publish" },
      { type: "sfu" },
    ];
    for (const b of bad) expect(v.safeParse(ClientMessageSchema, b).success, JSON.stringify(b)).toBe(false);
  });

  it("the server's sfu frames are valid server messages", () => {
    const frames: SfuServerMessage[] = [
      { type: "sfu", op: "joined", answer: { type: "answer", sdp: SDP } },
      { type: "sfu", op: "joined" },
      { type: "sfu", op: "pull", pull: 1, offer: { type: "offer", sdp: SDP }, tracks: [{ mid: "0", seat: 3, kind: "audio" }] },
      { type: "sfu", op: "closed", mids: ["0"] },
    ];
    for (const f of frames) expect(v.safeParse(ServerMessageSchema, f).success, JSON.stringify(f)).toBe(true);
    expect(v.safeParse(ServerMessageSchema, { type: "sfu", op: "pull", pull: 1, offer: { type: "offer", sdp: SDP }, tracks: [{ mid: "0", seat: 3, kind: "audio", sessionId: "x" }] }).success).toBe(false);
  });
});

describe("the camera's simulcast layers", () => {
  it("full: the high layer (320×240, ≤ 250 kbit/s) and the low (half of each side, ≤ 100 kbit/s); small and audio only: the low layer alone", () => {
    expect(simulcastEncodings("full")).toEqual([
      { rid: "h", active: true, scaleResolutionDownBy: 1, maxBitrate: 250_000 },
      { rid: "l", active: true, scaleResolutionDownBy: 2, maxBitrate: 100_000 },
    ]);
    for (const mode of ["small", "audio"] as const) expect(simulcastEncodings(mode).filter((e) => e.active)).toEqual([{ rid: "l", active: true, scaleResolutionDownBy: 2, maxBitrate: 100_000 }]);
  });
});

describe("the mid map", () => {
  it("a pull adds each mid's seat and kind; a close removes them and says which were closed", () => {
    const map: MidMap = new Map();
    expect(applyMids(map, { type: "sfu", op: "pull", pull: 1, offer: { type: "offer", sdp: SDP }, tracks: [{ mid: "0", seat: 3, kind: "audio" }, { mid: "1", seat: 3, kind: "video" }, { mid: "2", seat: 7, kind: "audio" }] })).toEqual([]);
    expect([...map.keys()]).toEqual(["0", "1", "2"]);
    expect(applyMids(map, { type: "sfu", op: "closed", mids: ["1", "9"] })).toEqual([{ mid: "1", seat: 3, kind: "video" }]);
    expect([...map]).toEqual([["0", { seat: 3, kind: "audio" }], ["2", { seat: 7, kind: "audio" }]]);
    // A mid reused for another seat.
    applyMids(map, { type: "sfu", op: "pull", pull: 2, offer: { type: "offer", sdp: SDP }, tracks: [{ mid: "0", seat: 5, kind: "audio" }] });
    expect(map.get("0")).toEqual({ seat: 5, kind: "audio" });
  });
});

describe("what the floor lets a seat send and receive (shared/media/floor.ts)", () => {
  it("dealing: nothing; a speech: the speaker to everyone; the black team's night: black only; a spectator: public only", () => {
    const peers = (me: number) => ALL.filter((s) => s !== me);
    for (const me of ALL) expect(sending(floor(), me, peers(me))).toEqual({ audio: false, video: false });
    const speech = floor(ch({ id: "table", speakers: [4], video: ALL }));
    expect(sending(speech, 4, peers(4))).toEqual({ audio: true, video: true });
    expect(sending(speech, 5, peers(5))).toEqual({ audio: false, video: true });
    for (const me of ALL) expect(playAudio(speech, me, 4)).toBe(me !== 4);
    expect(playAudio(speech, null, 4)).toBe(true);
    const night = floor(ch({ id: "black-team", speakers: BLACK, video: BLACK, listeners: BLACK }));
    for (const me of ALL)
      for (const other of ALL) {
        const both = BLACK.includes(me) && BLACK.includes(other) && me !== other;
        expect(playAudio(night, me, other), `${me} hears ${other}`).toBe(both);
        expect(playVideo(night, me, other)).toBe(both);
      }
    for (const other of ALL) expect(playAudio(night, null, other)).toBe(false);
    expect(sending(night, 1, peers(1))).toEqual({ audio: false, video: false });
    expect(sending(night, 2, peers(2))).toEqual({ audio: true, video: true });
  });
});
