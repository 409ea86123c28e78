/**
 * RULES.md §8: the record page's replay (RecordPage.tsx): the game replayed with the engine the
 * server ran, step by step, as the spectator saw it or (every secret) as the host did. A lazy chunk of its
 * own (the engine stays out of the record page's first load).
 */
import { createEffect, createMemo, createSignal, For, onCleanup, Show } from "solid-js";
import { viewFor } from "../../../shared/engine/index.ts";
import { replayRecord } from "../../../shared/replay.ts";
import type { TableGameRecord } from "../../../shared/protocol/http.ts";
import { t, tk, words } from "../i18n/index.ts";
import { GameLog } from "../table/GameLog.tsx";
import { rolesFrom } from "../table/logText.ts";
import { shownName } from "../table/names.ts";
import { reasonText } from "../table/vocabulary.ts";
import { tr } from "./messages.ts";
import { replayArrows, replayMoments } from "./arrows.ts";
import { ReplayOval } from "./ReplayOval.tsx";
import { DealCheck } from "./DealCheck.tsx";

/** Play advances one step this often (ms). */
const PLAY_MS = 900;

export default function Replay(props: { record: TableGameRecord }) {
  // A refused input would be a bug in the table or the page: it is skipped, never stops the replay.
  // A player who opted out of publication has no nick in the record: "Player N" (their seat).
  const replay = createMemo(() => replayRecord(props.record, (n) => tr("player", { n })));
  const steps = () => replay().steps;
  const [step, setStep] = createSignal(0);
  const [secrets, setSecrets] = createSignal(false);
  const last = () => Math.max(0, steps().length - 1);
  const view = createMemo(() => {
    const s = steps()[Math.min(step(), last())];
    return s ? viewFor(s.state, secrets() ? { kind: "host" } : { kind: "spectator" }) : null;
  });
  const go = (n: number) => setStep(Math.max(0, Math.min(last(), n)));
  const record = () => props.record;
  // The picture (oval, speaker, arrows), play/pause and the chapters to jump to.
  const arrows = createMemo(() => (view() ? replayArrows(view()!, secrets()) : []));
  const moments = createMemo(() => replayMoments(steps().map((s) => viewFor(s.state, { kind: "spectator" }).log)));
  const [playing, setPlaying] = createSignal(false);
  createEffect(() => {
    if (!playing()) return;
    const id = setInterval(() => (step() >= last() ? setPlaying(false) : go(step() + 1)), PLAY_MS);
    onCleanup(() => clearInterval(id));
  });
  const momentLabel = (m: { kind: string; day: number }) => tr(`moment.${m.kind}` as "moment.vote", { day: m.day });
  return (
    <>
      <DealCheck record={props.record} replay={replay()} />
      <Show when={view()}>
        <section class="panel" data-record={record().code} data-steps={steps().length}>
          <p class="small">
            {tk("preset", record().presetId)} · {tr("result", { winner: tk("team", record().winner), reason: reasonText(words, record()) })}
          </p>
          <div class="row record-controls">
            <button type="button" class="btn" data-record-prev aria-label={tr("prev")} disabled={step() === 0} onClick={() => go(step() - 1)}>
              ◀
            </button>
            <input
              type="range"
              class="grow"
              min="0"
              max={last()}
              value={step()}
              data-record-step
              data-step={step()}
              aria-label={tr("step", { n: step(), of: last() })}
              aria-valuetext={tr("step", { n: step(), of: last() })}
              onInput={(e) => go(Number(e.currentTarget.value))}
            />
            <button type="button" class="btn" data-record-next aria-label={tr("next")} disabled={step() >= last()} onClick={() => go(step() + 1)}>
              ▶
            </button>
          </div>
          <div class="row record-controls">
            <button type="button" class="btn" data-record-play={playing() ? "playing" : "paused"} aria-pressed={playing()} onClick={() => (step() >= last() && !playing() && go(0), setPlaying(!playing()))}>
              {playing() ? tr("pause") : tr("play")}
            </button>
            <label class="grow">
              <span class="sr-only">{tr("jump")}</span>
              <select
                data-record-jump
                aria-label={tr("jump")}
                onChange={(e) => {
                  setPlaying(false);
                  if (e.currentTarget.value !== "") go(Number(e.currentTarget.value));
                  e.currentTarget.value = "";
                }}
              >
                <option value="">{tr("jump")}</option>
                <For each={moments()}>{(m) => <option value={m.step} data-moment={m.kind}>{momentLabel(m)}</option>}</For>
              </select>
            </label>
          </div>
          <ReplayOval view={view()!} arrows={arrows()} />
          <p role="status" aria-live={playing() ? "off" : "polite"} data-record-phase={view()!.phase}>
            {tr("step", { n: step(), of: last() })} · {tr("day", { day: view()!.day })} · {tk("phase", view()!.phase)}
          </p>
          <label class="check">
            <input type="checkbox" data-record-secrets checked={secrets()} onChange={(e) => setSecrets(e.currentTarget.checked)} />
            <span>{tr("secrets")}</span>
          </label>
          <ul class="record-seats">
            <For each={view()!.seats}>
              {(s) => (
                <li data-record-seat={s.seat} data-role={s.role ?? undefined} classList={{ out: !s.alive }}>
                  {t("seat.n", { seat: s.seat })} · {shownName(s.nickname, s.bot)}
                  <Show when={s.role}>{(r) => <span class={`team-${s.team ?? "red"}`}> · {tk("role", r())}</span>}</Show>
                  <Show when={!s.alive && s.out}>{(o) => <span class="muted"> · {tk("out", o())}</span>}</Show>
                </li>
              )}
            </For>
          </ul>
        </section>
        <section data-record-log>
          <GameLog entries={view()!.log} title={tr("log")} protocol roles={rolesFrom(view()!.seats)} />
        </section>
      </Show>
    </>
  );
}
