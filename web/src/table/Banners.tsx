/** The pause banner (who paused, why, whom we wait for, the frozen time), the spectator-delay notice and the announcements. */
import { createEffect, createMemo, createSignal, For, type JSX, on, onCleanup, Show, untrack } from "solid-js";
import type { GameView } from "../../../shared/engine/types.ts";
import type { TableView } from "../../../shared/protocol/messages.ts";
import { has, type Params, t, tk } from "../i18n/index.ts";
import type { ServerClock } from "../lib/clock.ts";
import { activeAnnouncements, activeFrom, type Announcement, type AnnouncementCache, announcementTail, nextChange, voteWarning } from "./announce.ts";
import { awayText, clockText } from "./presence.ts";
import { shownName } from "./names.ts";

export function PauseBanner(props: { view: TableView; now: number }) {
  const by = () => {
    const b = props.view.pause?.by ?? props.view.game?.paused?.by ?? "";
    return tk("by", b, undefined, b);
  };
  const absent = () => {
    const seat = props.view.pause?.absentSeat;
    return seat == null ? null : (props.view.lobby.find((p) => p.seat === seat) ?? null);
  };
  const left = () => props.view.game?.paused?.remainingMs;
  return (
    <Show when={props.view.pause || props.view.game?.paused}>
      <div class="banner pause" role="status" data-pause={props.view.pause?.reason ?? "organizer"} data-absent-seat={props.view.pause?.absentSeat ?? ""}>
        <strong>❚❚ {t("pause.by", { by: by() })}</strong>
        <Show when={absent()} fallback={<span> — {t("pause.organizer")}</span>}>
          {(p) => <span> — {t("pause.waiting", { seat: p().seat ?? "", nickname: shownName(p().nickname, p().bot), away: awayText(p().awaySince, props.now) })}</span>}
        </Show>
        <Show when={left() != null}>
          <br />
          <small>{t("pause.left", { time: clockText(left()!) })}</small>
        </Show>
      </div>
    </Show>
  );
}

/** RULES.md §5.7 the server hosts the rest of the game (the waiting notice is HostAwayNotice, over the banners). */
export function HostingBanner(props: { game: GameView }) {
  return (
    <Show when={props.game.hosting?.state === "server"}>
      <p class="banner pause" role="status" data-hosting="server">
        {t("hosting.server")}
      </p>
    </Show>
  );
}

/**
 * RULES.md §5.7 (2026-12-06) the live host's connection is lost: every seat and spectator is told what
 * happens and when — "if the host is not back in 2:41, the server hosts the rest of the game" — counted
 * down from the server's deadline, above every banner (first in the announcements' box). `children`: what
 * this viewer may do about it (a club's owner or host: TakeoverButtons).
 */
export function HostAwayNotice(props: { game: GameView; clock: ServerClock; children?: JSX.Element }) {
  const until = () => (props.game.hosting?.state === "waiting" ? props.game.hosting.until : null);
  // The clock is read whenever the countdown renders; the timer runs only while it is shown (the
  // notice is mounted for the whole game, and a phone pays for every wake-up).
  const [tick, setTick] = createSignal(0);
  const now = () => (tick(), props.clock.now());
  createEffect(() => {
    if (until() === null) return;
    const timer = setInterval(() => setTick((n) => n + 1), 500);
    onCleanup(() => clearInterval(timer));
  });
  return (
    <Show when={until()}>
      {(u) => (
        <div class="ann tone-warn host-away" role="alert" data-hosting="waiting" data-until={u()}>
          <p class="ann-line">{t("hosting.away")}</p>
          <p class="ann-sub" data-host-countdown={Math.max(0, Math.ceil((u() - now()) / 1000))}>
            {t("hosting.countdown", { time: clockText(u() - now()) })}
          </p>
          {props.children}
        </div>
      )}
    </Show>
  );
}

export function DelayBanner(props: { delayMs: number }) {
  return (
    <Show when={props.delayMs > 0}>
      <p class="banner delayed" role="status" data-delay={props.delayMs}>
        {t("spectate.delayed", { n: Math.round(props.delayMs / 1000) })}
      </p>
    </Show>
  );
}

/** An announcement's line in the current language (also its narration line): the count spelled out per candidate. */
export function announcementText(a: Pick<Announcement, "key" | "params"> & Partial<Pick<Announcement, "tally">>): string {
  const params: Params = a.tally ? { ...a.params, tally: a.tally.map((x) => t("ann.tally.item", { seat: x.seat, n: x.votes })).join(", ") } : { ...a.params };
  // One's own choice names its ability by id (announce.ts "used"): its label in this language.
  if (typeof params["ability"] === "string") params["ability"] = tk("ability", params["ability"]);
  // A card shown by the fourth foul names its role and team (§7.9).
  if (typeof params["role"] === "string") params["role"] = tk("role", params["role"]);
  if (typeof params["team"] === "string") params["team"] = tk("team", params["team"]);
  return has(a.key) ? t(a.key, params) : a.key;
}

/**
 * Announcements: the large timed banners of public events and of this player's own acts
 * (web/src/table/announce.ts derives them from the log on the server clock), and the personal
 * warning while a vote is open and this player has not voted (RULES.md §2.6). Fixed over the top of
 * the screen but never in the way: the box lets taps through, only its dismiss button takes them.
 */
export function Announcements(props: { game: GameView; clock: ServerClock; delayMs: number; ended?: boolean; folded?: boolean; notice?: JSX.Element }) {
  const [dismissed, setDismissed] = createSignal<ReadonlySet<string>>(new Set());
  // The clock is read whenever a memo below runs (a new entry is judged on the fresh time); `tick`
  // only wakes them when something on screen is due to change (the timer below).
  const [tick, setTick] = createSignal(0);
  const now = () => (tick(), props.clock.now());
  // A delayed spectator's view is behind the table's clock by the delay (§5.7 spectator delay).
  const viewNow = () => now() - props.delayMs;
  // The players' names, read from the store only when a name changes (not on every tick).
  const names = createMemo(() => new Map(props.game.seats.map((s) => [s.seat, shownName(s.nickname, s.bot)] as const)), new Map<number, string>(), { equals: (a, b) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v) });
  // What the log announces is made once per change of the log (the tail that can still be on
  // screen); each tick only filters that plain list by the time.
  // Made once per entry (announce.ts AnnouncementCache): a new frame makes only its new entries' banners.
  const made = createMemo(() => (names(), props.game.you?.seat, new WeakMap() as AnnouncementCache));
  const tail = createMemo(() => {
    const seatNames = names();
    return announcementTail(props.game.log, props.game.you?.seat ?? null, untrack(() => props.clock.now()) - props.delayMs, (s) => seatNames.get(s) ?? "", made());
  });
  const list = createMemo(
    () => {
      const at = viewNow();
      // The clock went back past the tail's time (a resync): the whole walk, over the log itself.
      return activeFrom(tail(), at, { dismissed: dismissed() }) ?? activeAnnouncements(props.game.log, props.game.you?.seat ?? null, at, { dismissed: dismissed(), seats: props.game.seats.map((s) => ({ ...s, nickname: names().get(s.seat) ?? "" })) });
    },
    [],
    { equals: (a, b) => a.length === b.length && a.every((x, i) => x.id === b[i]?.id) },
  );
  const warning = createMemo(() => (props.game.result ? null : voteWarning(props.game, now())), null, { equals: (a, b) => a?.seat === b?.seat && a?.secondsLeft === b?.secondsLeft && a?.self === b?.self });
  // The timer runs only while something on screen is due to change: a banner to show or to go
  // (nextChange), the vote warning's countdown, or the walk over the log itself after the clock went
  // back. It wakes at the change, or within half a second so that a jump of the clock estimate shows
  // as soon as before; when nothing time-dependent is on, nothing wakes (a phone pays for every wake-up).
  createEffect(() => {
    tick();
    const t = tail();
    const at = untrack(viewNow);
    const countdown = warning()?.secondsLeft != null;
    const next = nextChange(t, at);
    if (next === null && !countdown && at >= t.from) return;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.ceil(Math.min(500, next === null ? 500 : next - at)));
    onCleanup(() => clearTimeout(timer));
  });
  const dismiss = (id: string) => setDismissed(new Set([...dismissed(), id]));
  // Several banners at once (nightfall: the count, who left, the night) fold on a phone into the newest
  // one's line and "+N more" (styles.css: only below 600 px), so they do not cover the oval; the button
  // opens them all until the next banner comes.
  const [expanded, setExpanded] = createSignal(false);
  createEffect(on(() => list()[0]?.id, () => setExpanded(false), { defer: true }));
  const stacked = () => !props.folded && !props.ended && list().length > 1;
  return (
    <div class="announcements" classList={{ ended: !!props.ended, folded: !!props.folded && !props.ended, collapsed: stacked() && !expanded() }} aria-label={t("ann.region")} role="region" data-folded={props.folded && !props.ended ? "yes" : undefined}>
      {/* §5.7 the waiting notice comes first: above every banner, never folded. */}
      {props.notice}
      <Show when={warning()}>
        {(w) => (
          <div class="ann tone-warn" role="alert" data-vote-warning={w().seat} data-self={w().self ? "yes" : "no"}>
            <p class="ann-line">
              <span aria-hidden="true">⚠ </span>
              {t(w().self ? "ann.warn.self" : "ann.warn", { seat: w().seat })}
            </p>
            <Show when={w().secondsLeft !== null}>
              <p class="ann-sub" data-seconds-left={w().secondsLeft ?? ""}>
                {t("ann.warn.left", { n: w().secondsLeft ?? 0 })}
              </p>
            </Show>
          </div>
        )}
      </Show>
      <div role="status" aria-live="polite" class="ann-stack">
        {/* Oldest on top: the count reads before who left by it. */}
        {/* While the player has a move, the banners fold into one line — the newest, with how many more. */}
        <Show when={props.folded && !props.ended && list().length > 0}>
          <div class="ann ann-folded" data-ann-folded={list().length}>
            <p class="ann-line">
              {announcementText(list()[0]!)}
              <Show when={list().length > 1}>
                <span class="ann-more"> {t("ann.more", { n: list().length - 1 })}</span>
              </Show>
            </p>
          </div>
        </Show>
        {/* Folded, the banners stay made and are only hidden (styles.css): a move's start and end fold and
            unfold them, and making every banner again at each would cost a phone a frame's worth of work. */}
        <For each={[...list()].reverse()}>
          {(a) => (
            <div class={`ann tone-${a.tone}`} data-ann={a.key} data-ann-id={a.id} data-mine={a.mine ? "yes" : undefined}>
              <p class="ann-line">{announcementText(a)}</p>
              <Show when={typeof a.params["seat"] === "number" && a.params["nickname"]}>
                <p class="ann-sub">{String(a.params["nickname"])}</p>
              </Show>
              <Show when={a.ballots?.length}>
                <FoldedVotes
                  summary={t("ann.ballots")}
                  items={a.ballots!.map((b) => ({
                    attrs: { "data-voter": b.voter, "data-target": b.target },
                    label: t(b.auto ? "ann.ballot.auto" : "ann.ballot", { voter: b.voter, target: b.target }),
                    text: `${b.voter} → ${b.target}${b.auto ? " *" : ""}`,
                  }))}
                  legend={a.ballots!.some((b) => b.auto) ? t("ann.ballots.auto") : null}
                />
              </Show>
              <Show when={a.lifts?.length}>
                <FoldedVotes
                  summary={t("ann.lifts")}
                  items={a.lifts!.map((b) => ({
                    attrs: { "data-voter": b.voter, "data-lift": b.lift ? "yes" : "no" },
                    label: t(a.question ? (b.lift ? "ann.answer.yes" : "ann.answer.no") : b.lift ? "ann.lift.yes" : "ann.lift.no", { voter: b.voter }),
                    text: `${b.voter} ${b.lift ? "✓" : "✗"}`,
                  }))}
                />
              </Show>
              <button type="button" class="ann-x" aria-label={t("ann.dismiss")} title={t("ann.dismiss")} onClick={() => dismiss(a.id)}>
                ×
              </button>
            </div>
          )}
        </For>
      </div>
      <Show when={stacked()}>
        <button type="button" class="ann-expand" aria-expanded={expanded()} data-ann-expand={list().length} onClick={() => setExpanded(!expanded())}>
          {expanded() ? t("ann.fewer") : t("ann.more", { n: list().length - 1 })}
        </button>
      </Show>
    </div>
  );
}

/** A count's single votes folded under one line ("who voted for whom", "who voted how"): each read
 *  out whole by its label, shown short. */
function FoldedVotes(props: { summary: string; items: Array<{ attrs: Record<string, string | number>; label: string; text: string }>; legend?: string | null }) {
  return (
    <details class="ann-ballots">
      <summary>{props.summary}</summary>
      <ul>
        <For each={props.items}>
          {(i) => (
            <li {...i.attrs} aria-label={i.label}>
              <span aria-hidden="true">{i.text}</span>
            </li>
          )}
        </For>
      </ul>
      <Show when={props.legend}>
        <p class="ann-legend" aria-hidden="true">{props.legend}</p>
      </Show>
    </details>
  );
}
