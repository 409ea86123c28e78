/**
 * The phase timer. It follows the server's deadline (absolute server epoch ms) through the clock
 * offset, recomputed from it at every tick, so it never drifts from the server however long the
 * phase is. It ticks exactly when the shown second changes (and when the night warning is due), once a
 * second: every wake-up costs a phone's battery and, with a dozen pages of a table, a test machine's
 * cores, and the ring moves with the seconds it shows. The ring steps at each tick, with no CSS
 * transition between: an eased ring is a 60 Hz repaint for the whole phase (headless Chromium: 16–21 %
 * of a core per page eased, 3.5 % stepped at four ticks a second — docs/PERFORMANCE.md). The seconds
 * text is what screen readers get. A new clock estimate shows at the next second at the latest.
 * The ring's full length is the timer's own (`timerMs` from the server), so a client that connects
 * halfway through a speech sees a half-empty ring; views without it (older servers) fall back to the
 * time left when the deadline was first seen. While paused, the ring shows how much was left.
 */
import { createEffect, createSignal, onCleanup, Show } from "solid-js";
import { t } from "../i18n/index.ts";
import type { ServerClock } from "../lib/clock.ts";
import { nightWarning } from "./turns.ts";

const R = 44;
const CIRC = 2 * Math.PI * R;

interface TimerProps {
  deadline: number | null;
  timerMs?: number | null;
  pausedMs: number | null;
  clock: ServerClock;
  phaseSeq: number;
  warnAt?: number | undefined;
}

/**
 * The seconds left (and the night warning), from the server's deadline through the clock offset at every
 * tick; `arc(fraction)` gets the share left of the timer's full length. The ring and the sheet's header
 * (SheetTimer) both read it, so the two never disagree.
 */
function createCountdown(props: TimerProps, arc: (fraction: number) => void = () => {}) {
  const [seconds, setSeconds] = createSignal<number | null>(null);
  // §7.12: the night step's last-seconds warning, from the server's `warnAt` on the server clock.
  const [warn, setWarn] = createSignal<number | null>(null);
  let total = 1;
  let key = "";
  let frame = 0;

  const draw = () => {
    frame = 0;
    const paused = props.pausedMs;
    const deadline = props.deadline;
    if (paused != null || deadline == null) setWarn(null);
    if (paused != null) {
      if (props.timerMs) arc(Math.min(1, paused / props.timerMs));
      setSeconds(Math.ceil(paused / 1000));
      return;
    }
    if (deadline == null) {
      setSeconds(null);
      arc(1);
      return;
    }
    const now = props.clock.now();
    const left = Math.max(0, deadline - now);
    setWarn(nightWarning({ warnAt: props.warnAt, deadline, paused: null, result: null }, now)?.seconds ?? null);
    const k = `${props.phaseSeq}:${deadline}`;
    if (k !== key) {
      key = k;
      total = Math.max(left, 1);
    }
    // The server's full length wins (never shorter than what is left: a clock offset may overshoot).
    if (props.timerMs) total = Math.max(props.timerMs, left, 1);
    arc(left / total);
    setSeconds(Math.ceil(left / 1000));
    // Next tick: when the shown second changes, or when the night warning is due if that comes first.
    const untilWarn = props.warnAt != null && props.warnAt > now ? props.warnAt - now : Infinity;
    if (left > 0) frame = window.setTimeout(draw, Math.max(16, Math.min(untilWarn, left % 1000 || 1000)));
  };

  createEffect(() => {
    // Track the inputs; restart the loop on any change.
    void props.deadline;
    void props.pausedMs;
    void props.timerMs;
    void props.phaseSeq;
    void props.warnAt;
    clearTimeout(frame);
    draw();
  });
  onCleanup(() => clearTimeout(frame));
  return { seconds, warn };
}

export function TimerRing(props: TimerProps) {
  let arc: SVGCircleElement | undefined;
  const { seconds, warn } = createCountdown(props, (fraction) => arc?.style.setProperty("stroke-dashoffset", String(CIRC * (1 - fraction))));

  return (
    <>
    <div class="timer" classList={{ paused: props.pausedMs != null, low: (seconds() ?? 99) <= 5, warn: warn() !== null }} role="timer" aria-label={seconds() == null ? t("timer.none") : t("timer.left", { n: seconds() ?? 0 })}>
      <svg viewBox="0 0 100 100" aria-hidden="true">
        <circle class="track" cx="50" cy="50" r={R} />
        <circle ref={arc} class="arc" cx="50" cy="50" r={R} stroke-dasharray={String(CIRC)} transform="rotate(-90 50 50)" />
      </svg>
      <span class="secs" aria-hidden="true">
        <Show when={props.pausedMs != null} fallback={seconds() ?? "—"}>
          {"❚❚ " + (seconds() ?? "")}
        </Show>
      </span>
    </div>
    {/* Said once when it appears (role alert): a fixed text, the seconds ticking in the ring. */}
    <Show when={warn()}>
      {(n) => (
        <p class="warn" role="alert" data-warn={n()}>
          <span aria-hidden="true">⚠ </span>
          {t("warn.night", { n: n() })}
        </p>
      )}
    </Show>
    </>
  );
}

/**
 * The seconds left as a line at the top of the action sheet: on an upright phone the sheet covers the
 * oval's centre, so the speaker (RULES.md §2.3) and a player with a night move keep their time in view.
 * Same deadline and clock as the ring.
 */
export function SheetTimer(props: TimerProps) {
  const { seconds } = createCountdown(props);
  return (
    <Show when={seconds() != null}>
      <p class="sheet-timer" classList={{ low: (seconds() ?? 99) <= 5 }} role="timer" data-sheet-seconds={seconds() ?? ""}>
        <span aria-hidden="true">{props.pausedMs != null ? "❚❚ " : ""}</span>
        {t("timer.left", { n: seconds() ?? 0 })}
      </p>
    </Show>
  );
}
