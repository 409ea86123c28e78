/**
 * Issues 15 and 30: what the browser media tests share — each page's probe (an FFT of what the page plays,
 * and of its raw received tracks, every 10 ms: which pitches it hears against what its floor allows, with
 * the floor-switch times), the wait until every page hears what its floor allows, and the moves of a game.
 * Used by test/browser/voice.test.ts, test/browser/live-media.test.ts and bench/media-floor.ts (through the
 * voice test).
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { unlessMovedOn, writeWav, type BoardSnap } from "./harness.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A sine WAV (Chromium loops the file). */
/**
 * Chromium's flags for a media page whose fake microphone plays a sine of `hz` (the WAV is written to `dir`):
 * media granted without a prompt, fake devices (the camera at 5 frames a second: a test shows that frames
 * arrive, not their rate, and every frame is encoded once per link on two cores), audio that may play, host
 * candidates as plain addresses.
 */
export function toneFlags(dir: string, hz: number): string[] {
  const wav = join(dir, `tone-${hz}.wav`);
  sineWav(wav, hz);
  return ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream=fps=5", `--use-file-for-fake-audio-capture=${wav}`, "--autoplay-policy=no-user-gesture-required", "--disable-features=WebRtcHideLocalIpsWithMdns"];
}

export function sineWav(path: string, hz: number, seconds = 2): void {
  writeWav(path, seconds, (t) => 0.3 * Math.sin(2 * Math.PI * hz * t));
}

/** What a page hears now and what its floor lets it hear (seats), from the probe installed below. */
export interface Hearing {
  heard: number[];
  /** What it heard in most of the last 200 ms under an unchanged floor (null while the floor just changed). */
  steady: number[] | null;
  expected: number[];
  /** Pitches on the raw tap (received tracks before the floor's gate), once enabled. */
  raw: number[];
  phase: string;
  /** The board's phaseSeq: pages are compared on the same step (two speeches in a row share a phase name). */
  seq: string;
  speaker: number | null;
  links: Record<number, string>;
}

/**
 * Installs the page's probe: every 10 ms an FFT of the mesh's output (what is played) → the seats whose
 * pitch is there, and the same for the raw tap when the test enabled it. `exclude`: seats the test takes
 * out of what the floor lets this page hear (a shouter who does not hold "Hold to talk"). `watch`: a
 * hostile seat whose pitch is counted on the raw tap while the floor blocks it, and counted as a
 * violation when it is played more than 200 ms into a block (the gate closes with the view). `rawOn`:
 * analyse the raw tap (otherwise only while watching).
 */
export async function installProbe(page: Page, toneOf: Record<number, number>, everyMs = 10): Promise<void> {
  await page.evaluate(([toneOf, everyMs]) => {
    type Probe = {
      heard: number[]; expected: number[]; raw: number[]; latencies: number[]; onsets: number[]; superseded: number; pendingSince: number | null; pendingOnset: boolean; lastExpected: string;
      steady: number[] | null; recent: string[];
      exclude: number[]; watch: number | null; blockedSince: number | null; rawBlocked: number; violations: number; lastPlan: string; rawOn: boolean;
      /** Each timed onset: the seats it opened, when its view arrived and when the FFT heard it (performance.now()). */
      onsetLog: Array<{ seats: number[]; view: number; heard: number }>; pendingSeats: number[];
    };
    const w = window as unknown as { __mafiaMesh?: { output: AnalyserNode; rawOutput: AnalyserNode | null; planFor(s: number): { playAudio: boolean }; switches: Array<{ viewAt: number }> }; __voiceProbe?: Probe };
    const probe: Probe = {
      heard: [], expected: [], raw: [], latencies: [], onsets: [], superseded: 0, pendingSince: null, pendingOnset: false, lastExpected: "",
      steady: null, recent: [],
      exclude: [], watch: null, blockedSince: null, rawBlocked: 0, violations: 0, lastPlan: "", rawOn: false,
      onsetLog: [], pendingSeats: [],
    };
    w.__voiceProbe = probe;
    const seats = Object.keys(toneOf).map(Number);
    const bufs = new Map<AnalyserNode, Float32Array<ArrayBuffer>>();
    const pitches = (a: AnalyserNode) => {
      let buf = bufs.get(a);
      if (!buf) bufs.set(a, (buf = new Float32Array(a.frequencyBinCount)));
      a.getFloatFrequencyData(buf);
      const binHz = a.context.sampleRate / a.fftSize;
      return seats.filter((s) => {
        const k = Math.round(toneOf[s]! / binHz);
        return Math.max(buf![k - 1]!, buf![k]!, buf![k + 1]!) > -55;
      });
    };
    setInterval(() => {
      const m = w.__mafiaMesh;
      if (!m) return;
      const heard = pitches(m.output);
      // The raw tap's FFT only while the test looks at it (a second FFT every 10 ms costs CPU on two cores).
      const raw = m.rawOutput && (probe.rawOn || probe.watch !== null) ? pitches(m.rawOutput) : [];
      const expected = seats.filter((s) => m.planFor(s).playAudio && !probe.exclude.includes(s));
      const key = expected.join(",");
      const plan = seats.filter((s) => m.planFor(s).playAudio).join(",");
      if (key !== probe.lastExpected && plan === probe.lastPlan) {
        // Only the test's `exclude` moved (push-to-talk held or released): not a floor change, not timed.
        probe.lastExpected = key;
        probe.pendingSince = null;
      } else if (key !== probe.lastExpected) {
        if (probe.pendingSince !== null) probe.superseded++;
        // An onset: a seat becomes audible (its sender must attach its microphone); else only gates close here.
        probe.pendingOnset = expected.some((s) => !probe.expected.includes(s));
        probe.pendingSeats = expected.filter((s) => !probe.expected.includes(s));
        probe.lastExpected = key;
        probe.pendingSince = m.switches.at(-1)?.viewAt ?? performance.now();
      }
      if (probe.pendingSince !== null && heard.join(",") === key) {
        probe.latencies.push(performance.now() - probe.pendingSince);
        probe.onsets.push(probe.pendingOnset ? 1 : 0);
        if (probe.pendingOnset) probe.onsetLog.push({ seats: probe.pendingSeats, view: probe.pendingSince, heard: performance.now() });
        probe.pendingSince = null;
      }
      const h = probe.watch;
      if (h !== null) {
        const blocked = !m.planFor(h).playAudio;
        probe.blockedSince = blocked ? (probe.blockedSince ?? performance.now()) : null;
        if (blocked && raw.includes(h)) probe.rawBlocked++;
        if (blocked && heard.includes(h) && performance.now() - probe.blockedSince! > 200) probe.violations++;
      }
      probe.lastPlan = plan;
      probe.heard = heard;
      // What the page hears steadily: over the last 200 ms (20 samples) of one unchanged floor, each pitch
      // present in most samples — a glitch of a starved audio thread (a dropout, a transient) is no answer.
      probe.recent.push(`${key}|${heard.join(",")}`);
      const window = Math.max(8, Math.round(200 / everyMs));
      if (probe.recent.length > window) probe.recent.shift();
      if (probe.recent.length === window && probe.recent.every((r) => r.startsWith(`${key}|`))) {
        const count = new Map<number, number>();
        for (const r of probe.recent) for (const x of r.split("|")[1]!.split(",").filter(Boolean)) count.set(Number(x), (count.get(Number(x)) ?? 0) + 1);
        probe.steady = [...count].filter(([, n]) => n >= window * 0.6).map(([x]) => x).sort((a, b) => a - b);
      } else probe.steady = null;
      probe.raw = raw;
      probe.expected = expected;
    }, everyMs);
  }, [toneOf, everyMs] as const);
}

export async function hearing(page: Page): Promise<Hearing> {
  return page.evaluate(() => {
    const w = window as unknown as { __voiceProbe?: { heard: number[]; expected: number[]; raw: number[]; steady: number[] | null }; __mafiaMesh?: { states(): Record<number, string> } };
    const b = document.querySelector<HTMLElement>(".board");
    return {
      heard: w.__voiceProbe?.heard ?? [],
      steady: w.__voiceProbe?.steady ?? null,
      expected: w.__voiceProbe?.expected ?? [],
      raw: w.__voiceProbe?.raw ?? [],
      phase: b?.dataset.phase ?? "",
      seq: b?.dataset.phaseSeq ?? "",
      speaker: b?.dataset.speaker ? Number(b.dataset.speaker) : null,
      links: w.__mafiaMesh?.states() ?? {},
    };
  });
}

/** Sets the probe's `exclude` (seats the floor allows that the test expects silent) on every page. */
export async function exclude(people: Array<{ page: Page }>, seats: number[]): Promise<void> {
  await Promise.all(people.map((p) => p.page.evaluate((seats) => void ((window as unknown as { __voiceProbe: { exclude: number[] } }).__voiceProbe.exclude = seats), seats)));
}

/** Received video frames decoded per peer seat (getStats). */
export async function frames(page: Page): Promise<Record<number, number>> {
  return page.evaluate(() => (window as unknown as { __mafiaMesh: { framesDecoded(): Promise<Record<number, number>> } }).__mafiaMesh.framesDecoded());
}

/** Waits until every page hears exactly what its floor allows, the same for a few samples; returns what they hear. */
/** `withinMs` is a bound for a starved machine (it returns as soon as the pages agree): 10 s was exceeded on a slower two-core VM. */
export async function settled(people: Array<{ page: Page; seat?: number }>, withinMs = 20_000): Promise<Hearing[]> {
  const deadline = Date.now() + withinMs;
  let last: Hearing[] = [];
  let stable = 0;
  /** Per page, how many samples did not match (for the failure's message). */
  const off = people.map(() => 0);
  const offBy: string[] = people.map(() => "");
  while (Date.now() < deadline) {
    last = await Promise.all(people.map((p) => hearing(p.page)));
    const hears = (h: Hearing) => (h.steady ?? h.heard).join(",") === h.expected.join(",") && h.steady !== null;
    last.forEach((h, i) => {
      if (!hears(h) || h.phase !== last[0]!.phase || h.seq !== last[0]!.seq) {
        off[i]!++;
        offBy[i] = `${h.phase}/${h.seq} heard ${h.heard.join(",")} steadily ${h.steady?.join(",") ?? "-"} expected ${h.expected.join(",")}`;
      }
    });
    const ok = last.every(hears) && last.every((h) => h.phase === last[0]!.phase && h.seq === last[0]!.seq);
    stable = ok ? stable + 1 : 0;
    if (stable >= 3) return last.map((h) => ({ ...h, heard: h.steady ?? h.heard }));
    await sleep(50);
  }
  const misses = people.map((p, i) => `page ${i} (${p.seat ?? ""}): ${off[i]} off, last ${offBy[i]}`).join("; ");
  throw new Error(`the pages do not hear what the floor says (${misses}): ${JSON.stringify(last.map((h, i) => ({ seat: people[i]!.seat, ...h })))}`);
}

/** Click a target, then its confirm button if the page asks for one. */
export async function pick(page: Page, action: string, target: number): Promise<void> {
  const button = page.locator(`[data-action="${action}"] [data-target="${target}"]`);
  const oneTap = (await button.getAttribute("data-one-tap", { timeout: 5_000 })) !== null;
  // The mafia's shot starts on the Don's plan seat already chosen (issue 13): a tap would unchoose it.
  if (oneTap || (await button.getAttribute("aria-pressed")) !== "true") await button.click({ timeout: 5_000 });
  // A chosen target shows its confirm button in the next render: wait for it, then send.
  if (!oneTap) await page.locator(`[data-confirm="${action}"]:not([disabled]):not([data-no-target])`).click({ timeout: 5_000 });
}

/** One move a page offers now (take a card, end the speech, lift, vote, a night move), or false. */
export async function actOnce(page: Page, s: BoardSnap, acted: Set<string>, tag: string): Promise<boolean> {
  const key = (what: string) => `${tag}:${s.seq}:${what}`;
  try {
    if (s.cards > 0 && !acted.has(key("card"))) {
      acted.add(key("card"));
      await page.locator('[data-action="take-card"] [data-card]:not([disabled])').first().click({ timeout: 5_000 });
      return true;
    }
    if ("end-speech" in s.actions && !acted.has(key("speech"))) {
      acted.add(key("speech"));
      await page.locator('[data-action="end-speech"]').click({ timeout: 5_000 });
      return true;
    }
    if (s.actions["vote-lift"] && !acted.has(key("lift"))) {
      acted.add(key("lift"));
      await page.locator('[data-lift="yes"]').click({ timeout: 5_000 });
      return true;
    }
    for (const [action, targets] of Object.entries(s.actions)) {
      if (!(action === "vote" || action.startsWith("use:")) || targets.length === 0 || acted.has(key(action))) continue;
      acted.add(key(action));
      await pick(page, action, targets.find((x) => x !== s.you) ?? targets[0]!);
      return true;
    }
  } catch (err) {
    await unlessMovedOn(page, s, err); // the page moved on under the click: read it again
  }
  return false;
}

export function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
}


/** For a failure's message: each link's audio packets received and sent, and each remote track's state. */
export async function mediaDebug(page: Page): Promise<unknown> {
  return page.evaluate(async () => {
    const m = (window as unknown as { __mafiaMesh?: { me: number; remote: Map<number, { stream: MediaStream }>; plan: Map<number, unknown> } }).__mafiaMesh;
    const links = (m as unknown as { links?: Map<number, { pc: RTCPeerConnection }> })?.links;
    const out: Record<string, unknown> = { me: m?.me, plan: m ? Object.fromEntries(m.plan) : null };
    for (const [peer, l] of links ?? []) {
      let inPk = 0;
      let outPk = 0;
      let inLevel = 0;
      let srcLevel = 0;
      (await l.pc.getStats()).forEach((s: { type: string; kind?: string; packetsReceived?: number; packetsSent?: number; audioLevel?: number }) => {
        if (s.type === "inbound-rtp" && s.kind === "audio") { inPk += s.packetsReceived ?? 0; inLevel = s.audioLevel ?? -1; }
        if (s.type === "outbound-rtp" && s.kind === "audio") outPk += s.packetsSent ?? 0;
        if (s.type === "media-source" && s.kind === "audio") srcLevel = s.audioLevel ?? -1;
      });
      const t = m?.remote.get(peer)?.stream.getAudioTracks()[0];
      // The seat's audio element against the page's audio clock: an element far behind has stalled (a starved machine).
      const pump = (m?.remote.get(peer) as unknown as { pump?: HTMLAudioElement } | undefined)?.pump;
      const clock = (m as unknown as { ctx?: AudioContext } | undefined)?.ctx;
      out[`pump ${peer}`] = pump ? `${pump.paused ? "paused" : "playing"} at ${pump.currentTime.toFixed(1)} s, audio clock ${clock?.currentTime.toFixed(1)} s (${clock?.state})` : null;
      out[peer] = { inPk, outPk, inLevel: Number(inLevel.toFixed(3)), srcLevel: Number(srcLevel.toFixed(3)), played: Number(((m as unknown as { levelOf(p: number): number }).levelOf(peer)).toFixed(3)), track: t ? { enabled: t.enabled, muted: t.muted, state: t.readyState } : null, tx: l.pc.getTransceivers().map((x) => `${x.mid}:${x.direction}/${x.currentDirection}:${x.sender.track ? (x.sender.track.enabled ? "on" : "off") : "none"}`) };
    }
    return out;
  });
}
