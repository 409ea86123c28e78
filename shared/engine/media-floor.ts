/**
 * RULES.md §8 media with a live host, §7.10 the consigliere's whisper: the floor as the table's
 * media use it — the running phase's channels (its module's `floor`) with what the table adds:
 *   - a live host (`s.host === "live"`): the `host` channel (the host, media peer 0, to everyone:
 *     seats, spectators and, by day, consiglieri), and the host listed as a listener of every private
 *     channel but a whisper — the black team's night channel (sound or silent) included, so the host
 *     hears and sees every channel at every moment; the host's voice opens nobody else's floor;
 *   - the host's mutes: a muted seat is no speaker of any channel (its whisper too: the microphone is
 *     off) until the speech or stage it was muted in ends (`stageKey`);
 *   - a preset with consiglieri: seat N's whisper channel `whisper-N` (seat N and its consigliere, peer
 *     100 + N, to each other only — nobody else, the host neither), open by day except during the
 *     player's own speech or shout, the same rule as written whispers (shared/protocol/whisper.ts); and
 *     `advisers`: by day a consigliere hears what their player hears, at night nothing.
 * Pure; view.ts filters it per viewer.
 */
import { floorOf, phaseName, speakerOf, stageKey } from "./flow/interpreter.ts";
import { presetOf } from "./presets/index.ts";
import type { EngineState } from "./state.ts";
import type { Floor, FloorChannel, Seat } from "./types.ts";
import { consiglierePeer, HOST_PEER } from "../media/peers.ts";

/** Seats the live host has muted for the running stage. */
export function hostMutedNow(s: EngineState): Seat[] {
  const list = s.hostMutes;
  if (!list?.length || s.result) return [];
  const key = stageKey(s);
  return list.filter((m) => m.stage === key).map((m) => m.seat);
}

/** The one definition of a night phase (the acquaintance night and every `night-*` step); views carry it as `night`. */
export const isNightPhase = (phase: string): boolean => phase === "acquaintance" || phase.startsWith("night");
const isNight = isNightPhase;

/** The whole table's floor (every channel, before the per-viewer filter of view.ts). */
export function mediaFloor(s: EngineState): Floor {
  const live = s.host === "live";
  const muted = hostMutedNow(s);
  const channels: FloorChannel[] = [];
  for (const c of floorOf(s)) {
    const speakers = muted.length ? c.speakers.filter((x) => !muted.includes(x)) : c.speakers.slice();
    const listeners = c.listeners === "everyone" ? "everyone" : live && !c.listeners.includes(HOST_PEER) ? [...c.listeners, HOST_PEER] : c.listeners.slice();
    channels.push({ id: c.id, speakers, video: c.video.slice(), listeners });
  }
  if (live) channels.push({ id: "host", speakers: [HOST_PEER], video: [HOST_PEER], listeners: "everyone" });
  const floor: Floor = { channels };
  if (presetOf(s.presetId).consigliere) {
    const phase = phaseName(s);
    const night = !s.result && isNight(phase);
    floor.advisers = !night;
    if (!night) {
      const speaker = speakerOf(s);
      for (const p of s.players) {
        // §7.10 never at night nor during the player's own speech (or shout).
        if (!s.result && (speaker === p.seat || s.shout?.seat === p.seat)) continue;
        const pair = [p.seat, consiglierePeer(p.seat)];
        channels.push({ id: `whisper-${p.seat}`, speakers: muted.includes(p.seat) ? [consiglierePeer(p.seat)] : pair, video: [], listeners: pair.slice() });
      }
    }
  }
  if (muted.length) floor.muted = muted;
  // §2.5 a shout during another's speech goes out only while the shouter holds the talk control
  // (push-to-talk); a shout in one's own speech keeps the open microphone of the speech.
  const shouter = s.shout && !s.result && speakerOf(s) !== s.shout.seat ? s.shout.seat : null;
  if (shouter !== null) for (const c of channels) if (c.speakers.includes(shouter)) c.pushToTalk = [shouter];
  return floor;
}

