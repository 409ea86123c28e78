/**
 * The balance meter (RULES.md §5.5 Custom: "an unusual balance stays the creator's decision (warn, do
 * not block)"). Estimated chances of each side for the chosen composition, from bot games
 * played in this browser with the engine itself, in a Web Worker (balance.worker.ts, a lazy chunk):
 * a first estimate after about a second, refined in the background up to MAX_GAMES games or MAX_MS.
 * The bots are weak, so the recommended composition at the same size is played too (cached per preset,
 * seats and day rules) and the warning compares with it (balance.ts `warnings`). A change of the
 * composition restarts the run (debounced; the old worker is terminated).
 *
 * Accessible: the numbers are text (the bars are decoration); one polite live line speaks the first
 * estimate, the final one and the warnings — not every refinement.
 *
 * Hooks: `[data-balance]` (with `data-games`, `data-done`), `[data-balance-side="red"]`…,
 * `[data-balance-warning]` (with `data-kind`).
 */
import { createEffect, createSignal, For, onCleanup, Show } from "solid-js";
import { t } from "../i18n/index.ts";
import { estimate, warnings, type BalanceJob, type BalanceReport, type BalanceRequest, type Side, type Tally, type Warning } from "./balance.ts";

const MAX_GAMES = 2000;
const MAX_MS = 10_000;
const FIRST_MS = 1_000;
const EVERY_MS = 500;
const DEBOUNCE_MS = 400;

/** Finished runs of the recommended composition, per preset, seats and day rules (this page's life). */
const baselines = new Map<string, Tally>();

const pct = (x: number) => Math.round(x);

export function BalanceMeter(props: {
  presetId: string;
  seats: number;
  /** The sides the composition deals (the engine's `sidesDealt`: the solo side where a solo role is dealt, §5.4). */
  sides: Side[];
  /** The settings of the chosen composition (day rules and counts), as sent to the table. */
  settings: Record<string, unknown>;
  /** The day rules alone: the recommended composition's settings (Custom with no counts). */
  baseline: Record<string, unknown>;
  /** The composition may start a game (no problem shown): only then is it played. */
  playable: boolean;
  /** The chosen composition is the recommended one: one run serves both. */
  isRecommended: boolean;
}) {
  const [chosen, setChosen] = createSignal<Tally | null>(null);
  const [base, setBase] = createSignal<Tally | null>(null);
  const [done, setDone] = createSignal(false);
  const [spoken, setSpoken] = createSignal("");
  let worker: Worker | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    worker?.terminate();
    worker = null;
  };
  onCleanup(stop);

  const sides = (): Side[] => props.sides;

  createEffect(() => {
    // Read every input, so any change restarts the run.
    const key = JSON.stringify([props.presetId, props.seats, props.settings]);
    const baseKey = JSON.stringify([props.presetId, props.seats, props.baseline]);
    const playable = props.playable;
    const same = props.isRecommended;
    stop();
    setChosen(null);
    setDone(false);
    setSpoken("");
    setBase(baselines.get(baseKey) ?? null);
    if (!playable) return;
    timer = setTimeout(() => {
      const jobs: BalanceJob[] = [{ key: "chosen", presetId: props.presetId, seats: props.seats, settings: only(props.settings) }];
      const cached = baselines.get(baseKey);
      if (!cached && !same) jobs.push({ key: "recommended", presetId: props.presetId, seats: props.seats, settings: only(props.baseline) });
      const req: BalanceRequest = { type: "run", jobs, maxGames: MAX_GAMES, maxMs: MAX_MS, firstMs: FIRST_MS, everyMs: EVERY_MS };
      const w = new Worker(new URL("./balance.worker.ts", import.meta.url), { type: "module" });
      worker = w;
      let first = true;
      w.onmessage = (e: MessageEvent<BalanceReport>) => {
        if (worker !== w) return;
        const r = e.data;
        if (r.tallies.chosen) setChosen(r.tallies.chosen);
        const b = r.tallies.recommended ?? (same ? r.tallies.chosen : undefined);
        if (b) setBase(b);
        if (r.done) {
          if (b) baselines.set(baseKey, b);
          setDone(true);
          worker = null;
          w.terminate();
        }
        // The live line speaks twice per run: the first estimate and the final one (with any warning).
        if (first || r.done) setSpoken(summary(r.done));
        first = false;
      };
      w.postMessage(req);
    }, DEBOUNCE_MS);
    void key;
  });

  const shown = () => {
    const c = chosen();
    return c ? estimate(c, sides()) : null;
  };
  const warned = (): Warning[] => {
    const c = chosen();
    return c ? warnings(c, base(), sides()) : [];
  };
  function summary(final: boolean): string {
    const e = shown();
    if (!e) return "";
    const parts = sides().map((s) => t(`balance.side.${s}`, { pct: pct(e.pct[s] ?? 0) }));
    const w = warned().map(warningText);
    return [final ? t("balance.final") : t("balance.first"), parts.join(", "), t("balance.games", { n: e.games, margin: marginText(e.margin) }), ...w].join(" ");
  }

  return (
    <section class="balance panel-inset" aria-labelledby="balance-title" data-balance data-games={shown()?.games ?? 0} data-done={done() ? "yes" : "no"}>
      <h3 id="balance-title">{t("balance.title")}</h3>
      <p class="muted small">{t("balance.about")}</p>
      <Show when={props.playable} fallback={<p class="muted small">{t("balance.blocked")}</p>}>
        <Show when={shown()} fallback={<p class="small">{t("balance.starting")}</p>}>
          {(e) => (
            <>
              <ul class="balance-sides">
                <For each={sides()}>
                  {(s) => (
                    <li data-balance-side={s} data-pct={pct(e().pct[s] ?? 0)}>
                      <span>{t(`balance.side.${s}`, { pct: pct(e().pct[s] ?? 0) })}</span>
                      <span class="bar" aria-hidden="true">
                        <span class={`fill ${s}`} style={{ width: `${e().pct[s] ?? 0}%` }} />
                      </span>
                    </li>
                  )}
                </For>
              </ul>
              <p class="muted small">
                {t("balance.games", { n: e().games, margin: marginText(e().margin) })}
                {e().drawPct > 0 ? " " + t("balance.draws", { pct: pct(e().drawPct) }) : ""}
                {done() ? "" : " " + t("balance.refining")}
              </p>
              <Show when={!props.isRecommended && base()}>
                {(b) => <p class="muted small" data-balance-recommended>{t("balance.recommended", { seats: props.seats, pct: pct(estimate(b(), ["red"]).pct.red ?? 0) })}</p>}
              </Show>
              <For each={warned()}>
                {(w) => (
                  <p class="balance-warning" data-balance-warning data-kind={w.kind}>
                    {warningText(w)}
                  </p>
                )}
              </For>
            </>
          )}
        </Show>
      </Show>
      <p class="sr-only" aria-live="polite">
        {spoken()}
      </p>
    </section>
  );
}

/** Only the plain values (the worker's message schema takes strings, numbers and booleans). */
function only(x: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(x)) if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") out[k] = v;
  return out;
}

const marginText = (m: number) => (m < 1 ? "<1" : String(Math.round(m)));

function warningText(w: Warning): string {
  return w.kind === "town-shift"
    ? t("balance.warn.town", { chosen: pct(w.chosen), recommended: pct(w.recommended) })
    : t(`balance.warn.${w.side}`, { pct: w.pct < 1 && w.pct > 0 ? "<1" : pct(w.pct) });
}
