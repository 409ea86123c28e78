/**
 * Issue 19 (RULES.md §8), a finished game's record, replayed: the page fetches the game's public record
 * (GET /api/tables/:code/games/:n: seed, players, settings, immunity and every input) and steps through
 * it with the same engine the server ran — createGame, then each input. Every step shows what the table
 * saw then (the spectator's view: seats, phase, the public log); "Show every secret" switches to the
 * host's view (roles, night moves, checks), since the game is over. A lazy chunk: it carries the engine.
 *
 * Hooks for tests: `[data-record]` (data-steps), `[data-record-step]` (the slider, data-step),
 * `[data-record-prev]`, `[data-record-next]`, `[data-record-secrets]`, `[data-record-seat]`
 * (data-role when shown), `[data-record-phase]`, `[data-record-log]`; issue 19's recording:
 * `[data-recording-link]` (data-expires).
 */
import { createMemo, createResource, createSignal, For, lazy, Show } from "solid-js";
import { viewFor } from "../../../shared/engine/index.ts";
import { replayRecord } from "../../../shared/replay.ts";
import type { TableGameRecord } from "../../../shared/protocol/http.ts";
import type { RecordingInfo } from "../../../shared/protocol/recordings.ts";
import { lang, LOCALE, t, tk } from "../i18n/index.ts";
import { ApiError, call } from "../lib/api.ts";
import { onLinkClick, tablePath } from "../lib/router.ts";
import { GameLog } from "../table/GameLog.tsx";
import { rolesFrom } from "../table/logText.ts";
import { tr } from "./messages.ts";
import { loadClubs } from "../routes.ts";

/** The club's review (a club game only): part of the club screens' chunk, loaded after the replay. */
const Review = lazy(() => loadClubs().then((m) => ({ default: m.Review })));

/**
 * Issue 19, RULES.md §6.11: the game's audio recording while it exists, for those who may listen (its
 * players and the club's owner and hosts, signed in); nothing for anyone else or once it is deleted.
 */
function RecordingLink(props: { code: string; game: number }) {
  const path = () => `/api/tables/${encodeURIComponent(props.code)}/games/${props.game}/recording`;
  const [info] = createResource(() => call<RecordingInfo>("GET", `${path()}/info`).catch(() => null));
  const date = (ms: number) => new Intl.DateTimeFormat(LOCALE[lang()], { dateStyle: "medium", timeStyle: "short" }).format(ms);
  return (
    <Show when={info()}>
      {(i) => (
        <section class="panel" aria-labelledby="recording-title" data-recording-link data-expires={i().expiresAt}>
          <h2 id="recording-title">{tr("recording.title")}</h2>
          <p class="small">{tr("recording.deleted", { date: date(i().expiresAt) })}</p>
          <audio controls preload="none" src={path()} aria-labelledby="recording-title" />
          <p>
            <a href={path()} download="">
              {tr("recording.download")}
            </a>
          </p>
        </section>
      )}
    </Show>
  );
}

export default function RecordPage(props: { code: string; game: number }) {
  const [record] = createResource(() => call<TableGameRecord>("GET", `/api/tables/${encodeURIComponent(props.code)}/games/${props.game}`));
  // A refused input would be a bug in the table or the page: it is skipped, never stops the replay.
  // Issue 19: a player who opted out of publication has no nick in the record: "Player N" (their seat).
  const steps = createMemo(() => (record() ? replayRecord(record()!, (n) => tr("player", { n })).steps : []));
  const [step, setStep] = createSignal(0);
  const [secrets, setSecrets] = createSignal(false);
  const last = () => Math.max(0, steps().length - 1);
  const view = createMemo(() => {
    const s = steps()[Math.min(step(), last())];
    return s ? viewFor(s.state, secrets() ? { kind: "host" } : { kind: "spectator" }) : null;
  });
  const go = (n: number) => setStep(Math.max(0, Math.min(last(), n)));
  const error = () => {
    const e = record.error as unknown;
    return e instanceof ApiError ? (e.code === "not-ended" ? tr("notEnded") : tr("notFound")) : e ? tr("notFound") : null;
  };
  return (
    <main class="page record" aria-labelledby="record-title">
      <h1 id="record-title">{tr("title", { n: props.game, code: props.code })}</h1>
      <p>
        <a href={tablePath(props.code)} onClick={onLinkClick}>
          {tr("table")}
        </a>
      </p>
      <Show when={error()}>{(m) => <p class="banner" role="alert">{m()}</p>}</Show>
      <RecordingLink code={props.code} game={props.game} />
      <Show when={record.loading}>
        <p class="muted">{t("home.working")}</p>
      </Show>
      <Show when={record() && view()}>
        <section class="panel" data-record={record()!.code} data-steps={steps().length}>
          <p class="small">
            {tk("preset", record()!.presetId)} · {tr("result", { winner: tk("team", record()!.winner), reason: tk("reason", record()!.reason) })}
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
          <p role="status" aria-live="polite" data-record-phase={view()!.phase}>
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
                  {t("seat.n", { seat: s.seat })} · {s.nickname}
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
      <Review code={props.code} n={props.game} />
    </main>
  );
}
