/**
 * The voice's Opus settings (web/src/media/opus.ts; RULES.md §8 media, docs/PERFORMANCE.md): every Opus
 * payload of a description a page is handed asks for mono speech at the voice's bitrate with FEC and DTX,
 * and nothing else of the description changes.
 */
import { describe, expect, it } from "vitest";
import { tunedDescription, tuneOpus, VOICE_BITRATE } from "../../../web/src/media/opus.ts";

/** An answer as Chromium makes it (shortened): Opus with its fmtp, then other audio codecs, then video. */
const CHROMIUM = [
  "v=0",
  "o=- 4611731400430051336 2 IN IP4 127.0.0.1",
  "s=-",
  "t=0 0",
  "a=group:BUNDLE 0 1",
  "m=audio 9 UDP/TLS/RTP/SAVPF 111 63 9 0 8 13 110 126",
  "a=mid:0",
  "a=fingerprint:sha-256 AA:BB:CC",
  "a=rtpmap:111 opus/48000/2",
  "a=rtcp-fb:111 transport-cc",
  "a=fmtp:111 minptime=10;useinbandfec=1",
  "a=rtpmap:63 red/48000/2",
  "a=fmtp:63 111/111",
  "a=rtpmap:9 G722/8000",
  "a=rtpmap:110 telephone-event/48000",
  "m=video 9 UDP/TLS/RTP/SAVPF 96 97",
  "a=mid:1",
  "a=rtpmap:96 VP8/90000",
  "a=rtpmap:97 rtx/90000",
  "a=fmtp:97 apt=96",
  "",
].join("\r\n");

const fmtpOf = (sdp: string, pt: number) => sdp.split("\r\n").find((l) => l.startsWith(`a=fmtp:${pt} `));
const params = (line: string | undefined) => Object.fromEntries((line ?? "").replace(/^a=fmtp:\d+ /, "").split(";").map((p) => p.split("=")));

describe("RULES.md §8 media: the voice's Opus settings", () => {
  it("asks for DTX, mono, in-band FEC and the voice's bitrate, keeping the browser's other parameters", () => {
    const out = tuneOpus(CHROMIUM);
    expect(params(fmtpOf(out, 111))).toEqual({ minptime: "10", useinbandfec: "1", usedtx: "1", stereo: "0", "sprop-stereo": "0", maxaveragebitrate: String(VOICE_BITRATE) });
    expect(VOICE_BITRATE).toBeGreaterThanOrEqual(24_000);
    expect(VOICE_BITRATE).toBeLessThanOrEqual(32_000);
  });

  it("changes nothing but the Opus fmtp line: other codecs, video, the fingerprint, the origin, CRLF", () => {
    const before = CHROMIUM.split("\r\n");
    const after = tuneOpus(CHROMIUM).split("\r\n");
    expect(after.length).toBe(before.length);
    const changed = after.map((l, i) => (l === before[i] ? null : i)).filter((i) => i !== null);
    expect(changed.map((i) => before[i!])).toEqual(["a=fmtp:111 minptime=10;useinbandfec=1"]);
    expect(tuneOpus(CHROMIUM)).toContain("\r\n");
    expect(tuneOpus(CHROMIUM)).not.toMatch(/[^\r]\n/);
  });

  it("overrides a peer's contrary values instead of adding a second one", () => {
    const sdp = CHROMIUM.replace("a=fmtp:111 minptime=10;useinbandfec=1", "a=fmtp:111 minptime=10;useinbandfec=0;stereo=1;usedtx=0;maxaveragebitrate=510000");
    const p = params(fmtpOf(tuneOpus(sdp), 111));
    expect(p).toMatchObject({ useinbandfec: "1", stereo: "0", usedtx: "1", maxaveragebitrate: String(VOICE_BITRATE), minptime: "10" });
    expect((fmtpOf(tuneOpus(sdp), 111)!.match(/usedtx/g) ?? []).length).toBe(1);
  });

  it("gives an Opus payload without an fmtp line one, right after its rtpmap; is idempotent", () => {
    const bare = CHROMIUM.replace("a=fmtp:111 minptime=10;useinbandfec=1\r\n", "");
    const out = tuneOpus(bare).split("\r\n");
    const at = out.indexOf("a=rtpmap:111 opus/48000/2");
    expect(out[at + 1]).toMatch(/^a=fmtp:111 .*usedtx=1/);
    expect(tuneOpus(tuneOpus(CHROMIUM))).toBe(tuneOpus(CHROMIUM));
  });

  it("tunes every Opus payload of a bundle (the SFU's answer: one per published track) and leaves a description without Opus alone", () => {
    const two = CHROMIUM + ["m=audio 9 UDP/TLS/RTP/SAVPF 109", "a=mid:2", "a=rtpmap:109 opus/48000/2", "a=fmtp:109 useinbandfec=1", ""].join("\r\n");
    const out = tuneOpus(two);
    expect(params(fmtpOf(out, 111)).usedtx).toBe("1");
    expect(params(fmtpOf(out, 109)).usedtx).toBe("1");
    const video = "v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=rtpmap:96 VP8/90000\r\n";
    expect(tuneOpus(video)).toBe(video);
    expect(tunedDescription({ type: "answer" as const, sdp: CHROMIUM }).sdp).toBe(tuneOpus(CHROMIUM));
    expect(tunedDescription({ type: "rollback" as const })).toEqual({ type: "rollback" });
  });
});
