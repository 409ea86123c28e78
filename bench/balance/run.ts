/**
 * Issue 20: the balance report — `npm run simulate -- --report [--preset X|all] [--bots heuristic]
 * [--label name] [--seed s] [--max-games N] [--workers N] [--out docs/BALANCE.md]`.
 *
 * For each preset and each of its variants (bench/balance/variants.ts) it plays bot games over every
 * table size the variant allows until the widest 95 % interval of the outcomes is within ±1 point (or
 * the cap; report.ts `nextTotal`), on worker threads (one per core), and writes the preset's part of the
 * label's section of docs/BALANCE.md, leaving every other preset and label as it was.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { Worker } from "node:worker_threads";
import * as v from "valibot";
import { seatRange } from "../../shared/engine/index.ts";
import { presetOf } from "../../shared/engine/presets/index.ts";
import { getRole } from "../../shared/engine/roles/index.ts";
import { playRange, type BotsArg, type Job, type JobResult } from "./play.ts";
import {
  compareRows, emptyAgg, signed, mergeAgg, nextTotal, OUTCOMES, PATHS, share, upsertSection, widest, withHead, Z,
  type Agg, type PresetSection, type StopRule,
} from "./report.ts";
import { planOf, PRESET_ORDER, type Variant } from "./variants.ts";

export interface ReportOptions {
  presets: string[];
  bots: BotsArg;
  label: string;
  seed: string;
  stop: StopRule;
  workers: number;
  out: string;
  command: string;
}

interface VariantResult {
  variant: Variant;
  sizes: number[];
  all: Agg;
  bySize: Record<number, Agg>;
  ms: number;
  wallMs: number;
}

/** A pool of worker threads, or none (one worker: play in this thread). */
class Pool {
  private workers: Worker[] = [];
  constructor(n: number) {
    if (n > 1) for (let i = 0; i < n; i++) this.workers.push(new Worker(new URL("./worker.ts", import.meta.url)));
  }
  get size(): number {
    return Math.max(1, this.workers.length);
  }
  private one(w: Worker, job: Job): Promise<JobResult> {
    return new Promise((resolve, reject) => {
      const done = (m: { ok: boolean; result?: JobResult; error?: string }) => {
        w.off("error", fail);
        if (m.ok) resolve(m.result as JobResult);
        else reject(new Error(m.error));
      };
      const fail = (e: Error) => { w.off("message", done); reject(e); };
      w.once("message", done);
      w.once("error", fail);
      w.postMessage(job);
    });
  }
  /** Play games [from, to) split into one contiguous slice per worker. */
  async play(job: Job): Promise<JobResult[]> {
    if (this.workers.length === 0) return [playRange(job)];
    const n = job.to - job.from;
    const k = this.workers.length;
    return Promise.all(this.workers.map((w, i) => this.one(w, { ...job, from: job.from + Math.floor((n * i) / k), to: job.from + Math.floor((n * (i + 1)) / k) })));
  }
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

async function playVariant(pool: Pool, o: ReportOptions, preset: string, variant: Variant, paired?: { bots: BotsArg; games: number }): Promise<VariantResult> {
  const range = seatRange(preset, variant.settings);
  if (!range) throw new Error(`${preset} ${variant.key}: no table size can start`);
  const sizes = Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i);
  const all = emptyAgg();
  const bySize: Record<number, Agg> = {};
  let ms = 0;
  const t0 = performance.now();
  const next = () => (paired ? (all.games < paired.games ? paired.games : null) : nextTotal(all, o.stop));
  for (let target = next(); target !== null; target = next()) {
    const job: Job = { preset, settings: variant.settings, sizes, seedBase: `${o.seed}/${preset}/${variant.key}`, bots: paired?.bots ?? o.bots, from: all.games, to: target };
    for (const r of await pool.play(job)) {
      ms += r.ms;
      for (const [n, a] of Object.entries(r.bySize)) {
        mergeAgg((bySize[Number(n)] ??= emptyAgg()), a);
        mergeAgg(all, a);
      }
    }
    process.stdout.write(`  ${preset} ${variant.key}${paired ? ` (${paired.bots})` : ""}: ${all.games} games, widest ±${widest(all).pm.toFixed(2)}\n`);
  }
  return { variant, sizes, all, bySize, ms, wallMs: performance.now() - t0 };
}

/** Whether a solo role (§5.4 the Maniac, §6 the Curser) can be dealt in this preset's variants. */
function hasSolo(preset: string, results: VariantResult[]): boolean {
  const p = presetOf(preset);
  return results.some((r) => {
    const parsed = v.parse(p.settingsSchema, r.variant.settings) as Record<string, unknown>;
    return r.sizes.some((n) => p.composition(n, parsed).some((role) => (p.teamOf?.(role, parsed) ?? getRole(role).team) === "solo"));
  }) || results.some((r) => r.all.outcomes.solo > 0);
}

const f1 = (x: number) => x.toFixed(1);
/** A share of games in percent; under 0.1 % as the count itself (a rare path is not "0.0 %"). */
const rare = (k: number, n: number) => ((100 * k) / n < 0.05 ? `${k} of ${n} games` : `${f1((100 * k) / n)} %`);
const cell = (k: number, n: number) => { const s = share(k, n); return `${f1(s.pct)} ± ${f1(s.pm)}`; };
const mean = (x: number, n: number, d = 2) => (n ? (x / n).toFixed(d) : "—");

export function machine(): string {
  const cpu = os.cpus()[0]?.model?.trim() ?? "unknown CPU";
  return `${cpu}, ${os.availableParallelism()} cores (nproc), node ${process.version}, ${os.platform()} ${os.release()}`;
}

function outcomeRows(r: VariantResult, solo: boolean): string[] {
  const row = (name: string, a: Agg) =>
    `| ${name} | ${a.games} | ${cell(a.outcomes.red, a.games)} | ${cell(a.outcomes.black, a.games)} | ${solo ? `${cell(a.outcomes.solo, a.games)} | ` : ""}${cell(a.outcomes.draw, a.games)} | ${a.outcomes.none} | ${mean(a.days, a.games)} | ${mean(a.rounds, a.games)} | ${mean(a.inputs, a.games, 1)} |`;
  const lines = [
    `| seats | games | town % | mafia % | ${solo ? "solo % | " : ""}draw % | unfinished | mean days | mean rounds | mean inputs |`,
    `|---|---|---|---|${solo ? "---|" : ""}---|---|---|---|---|`,
    row(r.sizes.length > 1 ? `all (${r.sizes[0]}–${r.sizes[r.sizes.length - 1]})` : String(r.sizes[0]), r.all),
  ];
  if (r.sizes.length > 1) for (const n of r.sizes) lines.push(row(String(n), r.bySize[n] ?? emptyAgg()));
  return lines;
}

/**
 * Issue 20, "handing one seat to a novice in a table of strong bots": the first player's side's win
 * rate with every seat strong, and in the same games (same seeds: the same deal) with that seat a
 * novice, per the side it played.
 */
const p1All = (a: Agg): [number, number] => Object.values(a.p1).reduce<[number, number]>((x, [n, w]) => [x[0] + n, x[1] + w], [0, 0]);

/** The change (points) of the first player's side's win rate when that seat is a novice. */
export function noviceChange(strong: Agg, novice: Agg): number {
  const [n0, w0] = p1All(strong);
  const [n1, w1] = p1All(novice);
  return n0 && n1 ? (100 * w1) / n1 - (100 * w0) / n0 : 0;
}

export function noviceRows(strong: Agg, novice: Agg): string[] {
  const teams = [...new Set([...Object.keys(strong.p1), ...Object.keys(novice.p1)])].sort((a, b) => TEAM_ORDER.indexOf(a) - TEAM_ORDER.indexOf(b));
  const row = (name: string, [n0, w0]: [number, number], [n1, w1]: [number, number]) =>
    `| ${name} | ${n0} | ${cell(w0, n0)} | ${cell(w1, n1)} | ${n0 && n1 ? signed((100 * w1) / n1 - (100 * w0) / n0) : "—"} |`;
  return [
    "| the seat's side | games | its side wins, all strong % | its side wins, the seat a novice % | change (points) |",
    "|---|---|---|---|---|",
    row("any", p1All(strong), p1All(novice)),
    ...teams.map((t) => row(TEAM_NAME[t] ?? t, strong.p1[t] ?? [0, 0], novice.p1[t] ?? [0, 0])),
  ];
}
const TEAM_ORDER = ["red", "black", "solo"];
const TEAM_NAME: Record<string, string> = { red: "town (red)", black: "mafia (black)", solo: "solo" };

function presetMarkdown(o: ReportOptions, preset: string, results: VariantResult[], at: Date, novice: VariantResult | null): string {
  const plan = planOf(preset);
  const solo = hasSolo(preset, results);
  const games = results.reduce((s, r) => s + r.all.games, 0);
  const ms = results.reduce((s, r) => s + r.ms, 0);
  const wall = results.reduce((s, r) => s + r.wallMs, 0);
  const load = os.loadavg().map((x) => x.toFixed(1)).join(" ");
  const out: string[] = [
    `### ${preset}`, "",
    `Played ${at.toISOString().slice(0, 10)} on ${machine()}, load average ${load} at the end (a shared machine: the rate is per core actually given): ${games} games in ${(wall / 1000).toFixed(1)} s on ${o.workers} worker thread(s), ` +
      `${((games * 1000) / ms).toFixed(0)} games/s per core. Command: \`${o.command}\`. ` +
      `Seeds: game *g* of variant *V* is \`${o.seed}/${preset}/V/g\`, *g* = 0, 1, …, at the table size sizes[*g* mod the number of sizes].`,
    "",
  ];
  for (const r of results) {
    const w = widest(r.all);
    out.push(`#### ${r.variant.key}: ${r.variant.label}`, "",
      `Settings \`${JSON.stringify(r.variant.settings)}\`, seats ${r.sizes.length > 1 ? `${r.sizes[0]}–${r.sizes[r.sizes.length - 1]} in turn` : r.sizes[0]}; ${r.all.games} games, widest ±${w.pm.toFixed(2)} points${w.pm > o.stop.points ? ` (the cap of ${o.stop.cap} games stopped it)` : ""}.`, "",
      ...outcomeRows(r, solo), "",
      `End reasons: ${Object.entries(r.all.reasons).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${rare(n, r.all.games)}`).join(", ") || "none"}.`, "");
  }
  if (novice) {
    const d = results[0] as VariantResult;
    out.push("#### a novice seat among strong bots", "",
      `The default variant's ${d.all.games} games again, with the same seeds (the same deal and seats), the first player (\`p1\`, any seat and role the draw gives it) played by a novice bot and the rest strong (\`--bots novice-seat\`). The win rate of that player's side:`, "",
      ...noviceRows(d.all, novice.all), "");
  }
  // Rule paths: the preset's own list, then any other that happened.
  const seen = new Set(plan.paths);
  for (const r of results) for (const id of Object.keys(r.all.pathGames)) seen.add(id);
  const ids = PATHS.map((p) => p.id).filter((id) => seen.has(id));
  out.push("Rule paths (from the event log): share of games in which it happened at least once, and how many times per game on average. **never** = not once.", "",
    `| rule path | ${results.map((r) => r.variant.key).join(" | ")} |`, `|---|${results.map(() => "---|").join("")}`);
  for (const id of ids) {
    const label = (PATHS.find((p) => p.id === id) as { label: string }).label;
    out.push(`| ${label}${plan.paths.includes(id) ? "" : " *(not expected here)*"} | ${results.map((r) => {
      const g = r.all.pathGames[id] ?? 0;
      return g === 0 ? "**never**" : `${rare(g, r.all.games)} · ${((r.all.pathTimes[id] ?? 0) / r.all.games).toFixed(2)}`;
    }).join(" | ")} |`);
  }
  out.push("");
  return out.join("\n");
}

/** The labels whose sections the document holds, in order. */
export function labelsIn(doc: string): string[] {
  return [...doc.matchAll(/<!-- balance:([^/:\s]+):begin -->/g)].map((m) => m[1] as string);
}

export function head(o: Pick<ReportOptions, "stop">, doc: string): string {
  const labels = labelsIn(doc);
  const after = labels.filter((l) => l !== "heuristic");
  const compare = compareRows(doc, "heuristic", "strong", PRESET_ORDER);
  return [
    "# Balance report",
    "",
    "Who wins bot-against-bot games of every preset, how long they last and how often each rule path is taken — the data behind the profile screen's balance meter (issue 20). Generated; do not edit by hand: a re-run replaces its own part.",
    "",
    "## Sections",
    "",
    `* **Before** — [heuristic](#bots-heuristic): the heuristic bots (shared/bots/heuristic.ts), the baseline of issue 20${labels.includes("heuristic") ? "" : " (not run yet)"}.`,
    `* **After** — issue 20's strong and novice bots: ${after.length ? after.map((l) => `[${l}](#bots-${l})`).join(", ") : "not run yet; they will add a section `Bots: <label>` of the same shape below"}.`,
    "",
    ...(compare.length ? [
      "## Before and after",
      "",
      "Each preset at its default settings, all its table sizes, bots against bots (the sections below give every variant, size and rule path, and the seeds). " +
        "The last column: the same games with the first player a novice among strong bots — how many points that player's side's win rate moves (issue 20's levels must differ measurably).",
      "",
      ...compare,
      "",
    ] : []),
    "## How to regenerate",
    "",
    "```sh",
    "npm run simulate -- --report                      # every preset, strong bots (and the novice-seat pass)",
    "npm run simulate -- --report --preset city        # one preset: only its part is replaced",
    "npm run simulate -- --report --bots heuristic     # another section, next to this one (the before)",
    "```",
    "",
    "Options: `--preset X|all` (default all), `--bots strong|novice|heuristic|random|mixed` (default strong), `--label L` (the section; default the bots' name), " +
      `\`--seed S\` (default \`balance\`), \`--max-games N\` per variant (default ${o.stop.cap}), \`--workers N\` (default one per core), \`--out FILE\` (default docs/BALANCE.md). ` +
      "The same seed, bots and engine give exactly the same tables whatever the number of workers.",
    "",
    "## Method",
    "",
    "* Each preset is played at its default settings and at a few variants (bench/balance/variants.ts), every variant over every table size its settings allow, the sizes in turn; every seat is a bot reading only its own view (shared/bots/driver.ts, `view` mode).",
    `* ± is the half-width of the 95 % Wilson interval (z = ${Z}), in percentage points. A variant is played in batches until the widest ± of its outcomes (town, mafia, solo, draw, unfinished) over all its sizes is ≤ ${o.stop.points} point: a first batch of ${o.stop.first}, then the normal approximation n = z²·p(1−p)/0.01² for the widest share p (at least ${o.stop.step} more each time), capped at ${o.stop.cap} games, which is enough for ±1 point at any share. Rows per table size share those games, so their ± is wider (shown).`,
    "* Town = red, mafia = black, solo = the solo Maniac (city, dark city, custom) or the Curser (club); *unfinished* = the driver's input limit ended the game without a result (not counted as a draw). Mean days = the day number at the end; rounds as §2.12 (night + day); inputs = accepted inputs, timeouts included.",
    "* Rule paths are read from each game's event log (the engine's `LOG_TYPES`); each preset lists the paths its flow can take, zero or not, plus any other that happened.",
    "* One section per bot label (`--label`, default the bots' name); a run replaces only its own label's part for the presets it plays. **Before:** the section `heuristic` is the heuristic bot (shared/bots/heuristic.ts), the baseline of issue 20. **After:** the section `strong` is issue 20's strong bots (shared/bots/strong.ts), with the novice-seat pass for each preset's default (same seeds, the first player a novice).",
    "",
  ].join("\n");
}

export async function runReport(o: ReportOptions): Promise<void> {
  const pool = new Pool(o.workers);
  const t0 = performance.now();
  let doc = existsSync(o.out) ? readFileSync(o.out, "utf8") : "";
  try {
    for (const preset of o.presets) {
      const plan = planOf(preset);
      const results: VariantResult[] = [];
      for (const variant of plan.variants) results.push(await playVariant(pool, o, preset, variant));
      const d = results[0] as VariantResult;
      const novice = o.bots === "strong" ? await playVariant(pool, o, preset, d.variant, { bots: "novice-seat", games: d.all.games }) : null;
      const head0 = (k: (typeof OUTCOMES)[number]) => (100 * d.all.outcomes[k]) / d.all.games;
      const sec: PresetSection = {
        preset,
        headline: {
          town: head0("red"), mafia: head0("black"), solo: hasSolo(preset, [d]) ? head0("solo") : null, draw: head0("draw"), pm: widest(d.all).pm, games: d.all.games,
          ...(novice ? { novice: noviceChange(d.all, novice.all) } : {}),
        },
        markdown: presetMarkdown(o, preset, results, new Date(), novice),
      };
      const intro = `Bots: \`${o.bots}\`. Headline: each preset at its default settings, all its table sizes together; details per variant and per size below.` +
        (o.label === "heuristic" ? " This is the **before** baseline of issue 20: today's heuristic bots, before any change to how they play." : "");
      doc = upsertSection(doc, o.label, `Bots: ${o.label}`, sec, PRESET_ORDER, intro);
      doc = withHead(doc, head(o, doc));
      writeFileSync(o.out, doc);
      const h = sec.headline;
      console.log(`${preset}: town ${h.town.toFixed(1)} %, mafia ${h.mafia.toFixed(1)} %${h.solo === null ? "" : `, solo ${h.solo.toFixed(1)} %`}, draw ${h.draw.toFixed(1)} % (±${h.pm.toFixed(2)}, ${h.games} games)`);
    }
  } finally {
    await pool.close();
  }
  console.log(`wrote ${o.out} in ${((performance.now() - t0) / 1000).toFixed(1)} s (${machine()})`);
}

