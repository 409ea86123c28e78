/**
 * Issue 30, "speeches heard from the first word": how long a floor change takes to reach the ears, with
 * the media path kept warm (each link's own copy of the microphone, switched by `enabled`) against the
 * path as it was before (each change attaches or detaches the track with replaceTrack, so the stream
 * restarts and the receiver's jitter buffer refills: `localStorage["mafia.voice.cold"] = "1"`).
 *
 * Method: the voice test's own (test/browser/voice.test.ts, "three people with real WebRTC"): three
 * Chromium processes, each its own fake-microphone pitch, at a sport table with seven bots, the whole game
 * on the test clock; every page runs an FFT of what it plays every 10 ms and logs, from the arrival of the
 * view that changed its floor, when what it hears first matches the floor — "becoming audible" when the
 * change opens someone's voice, "silencing" when it only closes. The test is run in alternating rounds,
 * cold then warm, so both modes see the same machine; numbers only, never assertions.
 *
 *   node --experimental-strip-types bench/media-floor.ts [--rounds 2]
 */
import { spawnSync } from "node:child_process";
import os from "node:os";

const argv = process.argv.slice(2);
const ROUNDS = (() => {
  const i = argv.indexOf("--rounds");
  return i >= 0 ? Math.max(1, Number(argv[i + 1])) : 2;
})();
const root = new URL("..", import.meta.url).pathname;

interface Run {
  onN: number;
  onP50: number;
  onP99: number;
  offN: number;
  offP50: number;
  offP99: number;
}

function once(cold: boolean): Run | null {
  const r = spawnSync("npx", ["vitest", "run", "--config", "vitest.browser.config.ts", "test/browser/voice.test.ts", "-t", "three people with real WebRTC"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, MAFIA_VOICE_COLD: cold ? "1" : "0" },
    maxBuffer: 64 * 2 ** 20,
  });
  const text = `${r.stdout ?? ""}${r.stderr ?? ""}`;
  const m = /someone becomes audible: n=(\d+) p50 (\d+) p99 (\d+) ms; only silenced: n=(\d+) p50 (\d+) p99 (\d+) ms/.exec(text);
  if (!m) {
    console.log(`  (${cold ? "cold" : "warm"} run printed no figures; exit ${r.status})`);
    return null;
  }
  const [onN, onP50, onP99, offN, offP50, offP99] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return { onN, onP50, onP99, offN, offP50, offP99 };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};

const runs: Record<"cold" | "warm", Run[]> = { cold: [], warm: [] };
for (let i = 0; i < ROUNDS; i++) {
  for (const mode of ["cold", "warm"] as const) {
    const r = once(mode === "cold");
    if (r) {
      runs[mode].push(r);
      console.log(`round ${i + 1} ${mode}: becoming audible n=${r.onN} p50 ${r.onP50} ms p99 ${r.onP99} ms; silencing n=${r.offN} p50 ${r.offP50} ms p99 ${r.offP99} ms (load ${os.loadavg()[0]!.toFixed(1)})`);
    }
  }
}
const line = (mode: "cold" | "warm") => {
  const xs = runs[mode];
  if (!xs.length) return `${mode}: no run`;
  return `${mode}: becoming audible p50 ${median(xs.map((x) => x.onP50))} ms, p99 ${median(xs.map((x) => x.onP99))} ms; silencing p50 ${median(xs.map((x) => x.offP50))} ms, p99 ${median(xs.map((x) => x.offP99))} ms (median of ${xs.length} runs)`;
};
console.log(line("cold"));
console.log(line("warm"));
if (runs.cold.length && runs.warm.length) {
  const ratio = median(runs.warm.map((x) => x.onP50)) / median(runs.cold.map((x) => x.onP50));
  console.log(`warm/cold, becoming audible p50: ${ratio.toFixed(2)} (targets: p50 ≤ 120 ms, p99 ≤ 400 ms; silencing p99 ≤ 150 ms)`);
}
