/**
 * The voice's Opus settings (docs/MEDIA.md §4 "Audio", docs/PERFORMANCE.md): every page asks its peers
 * (and the SFU's answer is read as asking this page) to send speech as mono Opus at a voice's bitrate,
 * with in-band FEC and DTX. An Opus encoder takes these from the *remote* description's `a=fmtp` line
 * (the receiver says what it wants to receive), so the page tunes each description it is handed before
 * `setRemoteDescription`; the description it sends is left as the browser made it.
 *
 *   - `usedtx=1`: a warm link whose copy of the microphone the floor keeps disabled (RULES.md §8 "only the
 *     speaker during a speech"; §8 "speech starts are not clipped": the link stays up so a first word is
 *     heard) sends comfort noise every 400 ms instead of 50 frames of silence a second;
 *   - `stereo=0`, `sprop-stereo=0`: one voice is mono;
 *   - `useinbandfec=1`: a lost packet is rebuilt from the next one (speech over a phone's uplink);
 *   - `maxaveragebitrate`: the speech target (VOICE_BITRATE).
 */

/** The voice's target (bit/s): Opus wideband speech is transparent well below it; the measured cost is in docs/PERFORMANCE.md. */
export const VOICE_BITRATE = 32_000;

const VOICE_FMTP: Readonly<Record<string, string>> = {
  stereo: "0",
  "sprop-stereo": "0",
  useinbandfec: "1",
  usedtx: "1",
  maxaveragebitrate: String(VOICE_BITRATE),
};

/**
 * The description with every Opus payload type's `a=fmtp` parameters set to the voice's (others kept,
 * in their order; an Opus payload without an fmtp line gets one after its rtpmap). Everything else —
 * other codecs, the fingerprint, the `o=` line, the line endings — is left as it was.
 */
export function tuneOpus(sdp: string, fmtp: Readonly<Record<string, string>> = VOICE_FMTP): string {
  const eol = sdp.includes("\r\n") ? "\r\n" : "\n";
  const lines = sdp.split(eol);
  const opus = new Set<string>();
  for (const l of lines) {
    const m = /^a=rtpmap:(\d+) opus\/48000/i.exec(l);
    if (m) opus.add(m[1]!);
  }
  if (!opus.size) return sdp;
  const tuned = (pt: string, params: string) => {
    const kept: Array<[string, string]> = [];
    for (const part of params.split(";")) {
      const [k, ...v] = part.trim().split("=");
      if (k && !(k.toLowerCase() in fmtp)) kept.push([k, v.join("=")]);
    }
    return `a=fmtp:${pt} ${[...kept, ...Object.entries(fmtp)].map(([k, v]) => `${k}=${v}`).join(";")}`;
  };
  const withFmtp = new Set<string>();
  const out = lines.map((l) => {
    const m = /^a=fmtp:(\d+) ?(.*)$/.exec(l);
    if (!m || !opus.has(m[1]!)) return l;
    withFmtp.add(m[1]!);
    return tuned(m[1]!, m[2]!);
  });
  for (const pt of opus) {
    if (withFmtp.has(pt)) continue;
    const at = out.findIndex((l) => l.toLowerCase().startsWith(`a=rtpmap:${pt} opus/`));
    out.splice(at + 1, 0, tuned(pt, ""));
  }
  return out.join(eol);
}

/** A description with its Opus tuned (tuneOpus), for setRemoteDescription. */
export function tunedDescription<T extends { type: RTCSdpType; sdp?: string }>(d: T): T {
  return d.sdp ? { ...d, sdp: tuneOpus(d.sdp) } : d;
}
