/**
 * The table's media through the Cloudflare Realtime SFU (docs/MEDIA.md §6), the same
 * interface as the mesh (MediaPlane, plane.ts) so the page's voice (web/src/table/voice.ts) picks one
 * from the welcome's `media.mode`. Lazily loaded like the mesh.
 *
 * The page never talks to the SFU's API and never learns a session id: it sends its SDP to the table
 * object in `sfu` frames (`{"type":"sfu",…}`, the signal frames' size and budget), and the table object
 * makes every call.
 *   - Publishing: one RTCPeerConnection with sendonly transceivers for the microphone and the camera;
 *     its offer and the two mids go out in `join`, the SFU's answer comes back in `joined`. The tracks
 *     keep flowing; a track nobody may receive now is disabled (silence / black frames keep the SFU's
 *     30-second inactivity timeout away). Who receives what is the server's pulls.
 *   - Receiving: one RTCPeerConnection that answers the server-forwarded `pull` offers; each offer
 *     says which mid carries which seat's audio or video, `closed` says which mids carry nothing now.
 *   - The second line: what arrives is played or shown only while this viewer's own floor allows it
 *     (plan.ts), exactly as on the mesh.
 */
import type { Floor, Seat } from "../../../shared/engine/types.ts";
import type { SfuServerMessage } from "../../../shared/protocol/messages.ts";
import type { MeshOptions } from "./mesh.ts";
import type { MediaPlane } from "./plane.ts";
import { PlaneBase } from "./playback.ts";
import { planMedia, samePlan } from "./plan.ts";
import { tunedDescription } from "./opus.ts";
import { videoEncoding, type Bandwidth } from "./prefs.ts";

type Kind = "audio" | "video";
/** The receiving mids this page was told about: which seat's audio or video each carries. */
export type MidMap = Map<string, { seat: Seat; kind: Kind }>;

/** The `join` frame (text, `{"type":"sfu"` first): the publishing offer and its mids, or nothing to publish. */
export function joinFrame(offer: { type: "offer"; sdp: string } | null, tracks: Array<{ mid: string; kind: Kind }>): string {
  return JSON.stringify(offer && tracks.length ? { type: "sfu", op: "join", offer, tracks } : { type: "sfu", op: "join", tracks: [] });
}

/** The answer to the server's pull offer `pull`. */
export function answerFrame(pull: number, sdp: string): string {
  return JSON.stringify({ type: "sfu", op: "answer", pull, answer: { type: "answer", sdp } });
}

export function leaveFrame(): string {
  return JSON.stringify({ type: "sfu", op: "leave" });
}

/** The mid map after a `pull` (new mids) or a `closed` (mids that carry nothing now); returns the closed entries. */
export function applyMids(map: MidMap, msg: SfuServerMessage): Array<{ mid: string; seat: Seat; kind: Kind }> {
  if (msg.op === "pull") for (const t of msg.tracks) map.set(t.mid, { seat: t.seat, kind: t.kind });
  if (msg.op !== "closed") return [];
  const gone: Array<{ mid: string; seat: Seat; kind: Kind }> = [];
  for (const mid of msg.mids) {
    const m = map.get(mid);
    if (m) gone.push({ mid, ...m });
    map.delete(mid);
  }
  return gone;
}

/**
 * The camera's simulcast layers (worker/table/sfu.ts Rid): "h", the 320×240 capture at up to 250 kbit/s,
 * pulled by listeners that show this seat in the spotlight; "l", half of each side at up to 100 kbit/s,
 * pulled for a seat tile (docs/MEDIA.md §4). Both scales are given, so the encoder keeps both layers at
 * this small capture size. The small mode sends "l" only (listeners pulling "h" get "l": ridNotAvailable).
 */
export function simulcastEncodings(mode: Bandwidth): RTCRtpEncodingParameters[] {
  const high = videoEncoding("full");
  const low = videoEncoding("small");
  return [
    { rid: "h", active: mode === "full", ...high },
    { rid: "l", active: true, ...low },
  ];
}

/** Whether my microphone / camera may reach anybody now (else the local track is disabled). */
export function sending(floor: Floor | null | undefined, me: Seat, peers: readonly Seat[]): { audio: boolean; video: boolean } {
  const plan = [...planMedia(floor, me, peers).values()];
  return { audio: plan.some((p) => p.sendAudio), video: plan.some((p) => p.sendVideo) };
}

export class Sfu extends PlaneBase implements MediaPlane {
  private readonly mids: MidMap = new Map();
  private pub: RTCPeerConnection | null = null;
  private readonly recv: RTCPeerConnection;
  /** Pull offers are answered one after another. */
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  /** What the floor lets this page send now (to anybody), from the last view. */
  private floorSends = { audio: false, video: false };

  constructor(o: MeshOptions) {
    super(o);
    this.recv = new RTCPeerConnection({ iceServers: o.iceServers ?? [], bundlePolicy: "max-bundle" });
    this.recv.ontrack = (e) => {
      const m = e.transceiver.mid ? this.mids.get(e.transceiver.mid) : undefined;
      if (m) this.attach(m.seat, e.track);
    };
    this.recv.onconnectionstatechange = () => this.o.onChange?.();
    void this.publish();
  }

  private async publish(): Promise<void> {
    const tracks = this.o.local?.getTracks() ?? [];
    if (!tracks.length) return this.sendText(joinFrame(null, []));
    const pc = (this.pub = new RTCPeerConnection({ iceServers: this.o.iceServers ?? [], bundlePolicy: "max-bundle" }));
    const txs = tracks.map((t) => ({ tx: pc.addTransceiver(t, { direction: "sendonly", ...(t.kind === "video" ? { sendEncodings: simulcastEncodings(this.mode) } : {}) }), kind: t.kind as Kind }));
    try {
      await pc.setLocalDescription(await pc.createOffer());
      const sdp = pc.localDescription?.sdp;
      if (!sdp || this.closed) return;
      this.sendText(joinFrame({ type: "offer", sdp }, txs.filter((x) => x.tx.mid).map((x) => ({ mid: x.tx.mid!, kind: x.kind }))));
    } catch (e) {
      console.warn("sfu: publishing offer", e);
    }
  }

  /** A new view: the floor's plan gates what this page plays and which local tracks are enabled. */
  update(floor: Floor | null | undefined, peers: readonly Seat[], viewAt = performance.now()): void {
    if (this.closed) return;
    this.cancelClose();
    const plan = planMedia(floor, this.me, peers);
    const changed = !samePlan(plan, this.plan);
    this.plan = plan;
    this.floorSends = sending(floor, this.me, peers);
    this.applyLocal();
    this.applyPublic(floor);
    for (const seat of this.remote.keys()) this.applyReceive(seat);
    if (changed) {
      const at = performance.now();
      this.floorSwitchedAt.push(at);
      this.switches.push({ viewAt, at });
    }
    this.o.onChange?.();
  }

  /**
   * Low-bandwidth mode on the SFU: "small" publishes the low layer only (simulcastEncodings); "audio"
   * stops publishing video and shows none. The server still pulls
   * the video the floor allows into this page's receiving session (docs/MEDIA.md §6, a known limit):
   * the download saving of "audio only" is the mesh's.
   */
  setBandwidth(mode: Bandwidth): void {
    if (this.mode === mode) return;
    this.mode = mode;
    this.applyLocal();
    for (const seat of this.remote.keys()) this.applyReceive(seat);
    this.o.onChange?.();
  }

  /** The receiving connection's state for every seat it carries something of. */
  states(): Record<number, RTCPeerConnectionState> {
    const out: Record<number, RTCPeerConnectionState> = {};
    for (const m of this.mids.values()) out[m.seat] = this.recv.connectionState;
    return out;
  }

  /** An incoming `sfu` frame from the table socket. */
  handle(msg: SfuServerMessage): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (msg.op === "joined") {
      // The SFU's answer sets this page's upstream encoder: the voice's Opus settings (opus.ts: DTX, mono,
      // FEC, the speech bitrate), so a microphone the floor keeps disabled costs almost nothing upstream.
      if (msg.answer && this.pub) return this.pub.setRemoteDescription(tunedDescription(msg.answer)).catch((e) => console.warn("sfu: publishing answer", e));
      return Promise.resolve();
    }
    if (msg.op === "closed") {
      for (const g of applyMids(this.mids, msg)) this.detach(g.seat, g.kind);
      this.o.onChange?.();
      return Promise.resolve();
    }
    this.queue = this.queue.then(async () => {
      applyMids(this.mids, msg);
      try {
        await this.recv.setRemoteDescription(msg.offer);
        await this.recv.setLocalDescription(await this.recv.createAnswer());
        const sdp = this.recv.localDescription?.sdp;
        if (sdp && !this.closed) this.sendText(answerFrame(msg.pull, sdp));
        // Tracks of transceivers that were already there (a mid reused) do not fire ontrack again.
        for (const tx of this.recv.getTransceivers()) {
          const m = tx.mid ? this.mids.get(tx.mid) : undefined;
          if (m && tx.receiver.track) this.attach(m.seat, tx.receiver.track);
        }
      } catch (e) {
        console.warn("sfu: pull offer", msg.pull, e);
      }
    });
    return this.queue;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.cancelClose();
    this.sendText(leaveFrame());
    this.pub?.close();
    this.recv.close();
    for (const seat of [...this.remote.keys()]) this.forget(seat);
    this.master.disconnect();
    this.output.disconnect();
    this.o.local?.getTracks().forEach((t) => t.stop());
  }

  /* ------------------------------------------------------------------------------------------ */

  private attach(seat: Seat, track: MediaStreamTrack): void {
    if (this.remote.get(seat)?.stream.getTracks().includes(track)) return;
    this.playTrack(seat, track);
    this.applyReceive(seat);
    this.o.onChange?.();
  }

  private detach(seat: Seat, kind: Kind): void {
    const r = this.remote.get(seat);
    if (!r) return;
    for (const t of r.stream.getTracks()) if (t.kind === kind) r.stream.removeTrack(t);
    if (kind === "audio") {
      r.source?.disconnect();
      r.source = null;
      r.pump.srcObject = null;
    } else {
      r.video.srcObject = null;
    }
    if (!r.stream.getTracks().length) this.forget(seat);
  }

  private forget(seat: Seat): void {
    const r = this.remote.get(seat);
    if (!r) return;
    r.source?.disconnect();
    r.gain.disconnect();
    r.pump.srcObject = null;
    r.video.srcObject = null;
    this.remote.delete(seat);
  }

  /** The local tracks: on only while the floor lets somebody receive them and the player's own narrowing allows. */
  protected applyLocal(): void {
    for (const t of this.o.local?.getAudioTracks() ?? []) t.enabled = this.floorSends.audio && this.micGate;
    for (const t of this.o.local?.getVideoTracks() ?? []) t.enabled = this.floorSends.video && this.cameraIsOn;
    const sender = this.pub?.getSenders().find((x) => x.track?.kind === "video");
    if (sender) {
      // The layers of the mode, matched by rid (the encodings' order and count are the negotiated ones).
      const params = sender.getParameters();
      const want = simulcastEncodings(this.mode);
      let changed = false;
      for (const e of params.encodings ?? []) {
        const w = want.find((x) => x.rid === e.rid) ?? { active: true, ...videoEncoding(this.mode) };
        if (e.active === w.active && e.scaleResolutionDownBy === w.scaleResolutionDownBy && e.maxBitrate === w.maxBitrate) continue;
        Object.assign(e, { active: w.active, scaleResolutionDownBy: w.scaleResolutionDownBy, maxBitrate: w.maxBitrate });
        changed = true;
      }
      if (changed) void sender.setParameters(params).catch(() => {});
    }
  }

  /** The second line: play a seat's audio and show its video only while my own floor allows it. */
  private applyReceive(seat: Seat): void {
    const r = this.remote.get(seat);
    if (!r) return;
    const f = this.planFor(seat);
    const p = { ...f, playVideo: f.playVideo && this.mode !== "audio" };
    // A delayed spectator gates after the delay line (the gain below), not at the track: the track
    // carries what is heard later.
    for (const t of r.stream.getAudioTracks()) t.enabled = p.playAudio || this.delayed;
    for (const t of r.stream.getVideoTracks()) t.enabled = p.playVideo;
    r.gain.gain.setValueAtTime(p.playAudio ? 1 : 0, this.ctx.currentTime);
    if (p.playVideo) void r.video.play().catch(() => {});
    else r.video.pause();
  }
}
