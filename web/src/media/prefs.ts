/**
 * The pure parts of the table's voice controls (docs/MEDIA.md "Table UI"), shared by the
 * mesh (web/src/media/mesh.ts) and the table page (web/src/table/voice.ts), unit-tested in Node.
 */
import type { Floor, Seat } from "../../../shared/engine/types.ts";
import type { VideoLayer } from "../../../shared/media/floor.ts";

/** Low-bandwidth mode, per client (localStorage): full video, small video, or audio only (no video either way). */
export type Bandwidth = "full" | "small" | "audio";
export const BANDWIDTHS: readonly Bandwidth[] = ["full", "small", "audio"];
export const BANDWIDTH_KEY = "mafia.voice.bandwidth";

export function parseBandwidth(raw: string | null | undefined): Bandwidth {
  return raw === "small" || raw === "audio" ? raw : "full";
}

/**
 * What a link's video transceiver does in a mode: "audio" neither sends nor receives video (direction
 * "inactive": one renegotiation per switch, no new protocol — the peer stops sending because the link
 * says so); the others send and receive.
 */
export function videoDirection(mode: Bandwidth): RTCRtpTransceiverDirection {
  return mode === "audio" ? "inactive" : "sendrecv";
}

/**
 * The camera's encoding toward every peer (RTCRtpSender.setParameters, docs/MEDIA.md section 4): full
 * is the 320×240 capture at up to 250 kbit/s, small is half of each side (160×120) at up to 100 kbit/s.
 */
export function videoEncoding(mode: Bandwidth): { scaleResolutionDownBy: number; maxBitrate: number } {
  return mode === "full" ? { scaleResolutionDownBy: 1, maxBitrate: 250_000 } : { scaleResolutionDownBy: 2, maxBitrate: 100_000 };
}

/**
 * The camera's size toward one viewer (docs/MEDIA.md section 4, "Per-peer quality"): in the full mode
 * it goes out large (320×240) only to a viewer that shows it large — the spotlight, the seat holding the
 * floor (`videoLayer`, shared/media/floor.ts) — and small (160×120) to every seat tile: listeners' cameras,
 * a shouter, the black team at night, everyone at the end. The small and audio-only modes stay as chosen.
 */
export function cameraSize(mode: Bandwidth, layer: VideoLayer | null): Bandwidth {
  if (mode !== "full") return mode;
  return layer === "large" ? "full" : "small";
}

/**
 * Push-to-talk as the floor says (RULES.md §2.5 "a shout uses the existing action with push-to-talk
 * during its 5 s"): a channel lists in `pushToTalk` the speakers heard only while they hold the talk
 * control (the shouter during another's speech; the engine's media floor decides). PTT only narrows what
 * the floor allows; it never opens a microphone the floor keeps shut.
 */
export function pushToTalk(floor: Floor | null | undefined, me: Seat | null): boolean {
  return me !== null && !!floor?.channels.some((c) => c.pushToTalk?.includes(me));
}

/** Whether the microphone may go out now, given push-to-talk and whether the talk control is held. */
export function micOpen(ptt: boolean, holding: boolean): boolean {
  return !ptt || holding;
}

/**
 * The seat tile's placeholder when no video plays: the nickname's first letter (a whole grapheme:
 * "Ёж" → "Ё", an emoji stays whole), upper-cased; "?" for an empty nickname.
 */
export function initialOf(nickname: string): string {
  const s = nickname.trim();
  if (!s) return "?";
  let first = s;
  const Seg = (Intl as unknown as { Segmenter?: new (l?: string, o?: { granularity: string }) => { segment(x: string): Iterable<{ segment: string }> } }).Segmenter;
  if (Seg) {
    for (const g of new Seg(undefined, { granularity: "grapheme" }).segment(s)) {
      first = g.segment;
      break;
    }
  } else first = Array.from(s)[0] ?? "?";
  return first.toLocaleUpperCase();
}
