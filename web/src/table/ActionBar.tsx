/**
 * Only what this player may do now: exactly `view.game.you.actions`, nothing computed here.
 * Final choices of a seat (nominate, vote, an ability) take two steps — choose the seat (here or on
 * the oval), then confirm — because the rules make them final. Where the server offers one seat only
 * (open voting calls one candidate, RULES.md §2.6; a night move with one legal target) there is
 * nothing to choose wrongly: one tap sends it.
 *
 * Abilities are rendered from the action alone (picking.ts) — the label is the catalogue key
 * it carries, the seats are its `targets.seats`, up to `targets.max` of them may be chosen (none when
 * `min` is 0), and a "Skip" button appears when it may be declined. No role or preset is known here.
 */
import { children, createMemo, For, type JSX, lazy, Show } from "solid-js";
import type { AvailableAction, PlayerAction, Seat, SeatView } from "../../../shared/engine/types.ts";
import { has, t, tk, words, type Params } from "../i18n/index.ts";
import { announcementText } from "./Banners.tsx";
import { nameOf } from "./vocabulary.ts";
import { abilityOf, actionKey, canSend, isOneTap, type Picking, pickingOf, SHOT_KEY, takesNobody } from "./picking.ts";

/** A catalogue key the server sent (an ability's label): its line, or the raw id when the catalogue has none yet. */
function label(p: Picking): string {
  const ability = abilityOf(p.key);
  return ability ? nameOf(words, p.label, ability) : has(p.label) ? t(p.label) : p.key;
}


/** The quick-claim bar, a chunk of its own loaded when the `claim` action first appears. */
const ClaimBar = lazy(() => import("./ClaimBar.tsx"));
/** The Don's plan editor (§2.2) and the technical vote's start (§2.13): a chunk of their own, loaded when offered. */
const ShootingPlan = lazy(() => import("./ActionPanels.tsx").then((m) => ({ default: m.ShootingPlan })));
const TechVoteStart = lazy(() => import("./ActionPanels.tsx").then((m) => ({ default: m.TechVoteStart })));

/** A glyph per effect (decoration only: the label says what it does). */
const EFFECT_GLYPH: Readonly<Record<string, string>> = { attack: "✖", check: "◉", protect: "✚", block: "❄" };

/** The line on a confirm button: "Shoot: seat 4", "Check: seats 3, 5", "Kill: nobody". */
export function chosenText(action: string, seats: readonly Seat[]): string {
  if (seats.length === 0) return t("actions.noTarget", { action });
  if (seats.length === 1) return t("actions.chosen", { action, seat: seats[0]! });
  return t("actions.chosenMany", { action, seats: seats.join(", ") });
}

/** "1st", "2nd", "3rd"… in the current language. */
export function nth(n: number): string {
  const key = `actions.nth.${n}`;
  return has(key) ? t(key) : t("actions.nth", { n });
}

/** A pre-selected shot: the seat and why (the team's live choice, or the Don's plan). */
export interface Preselected {
  seat: Seat;
  by: "team" | "plan";
}

function Picker(props: { p: Picking; chosen: Seat[]; onChoose: (seats: Seat[]) => void; toggle: (seat: Seat) => void; send: (a: PlayerAction) => void; busy: boolean; planSeat?: Preselected | null; tap?: boolean; secondary?: boolean }) {
  const name = () => label(props.p);
  // One line on what the move does, when the catalogue has one (`ability.<id>.about`).
  const about = () => (props.p.about && has(props.p.about) ? t(props.p.about) : "");
  const glyph = () => (props.p.effect ? (EFFECT_GLYPH[props.p.effect] ?? "") : "");
  const oneTap = () => isOneTap(props.p);
  const noTargets = () => props.p.max === 0;
  // Several seats of one use are named in order (the first is the first target).
  const ordered = () => props.p.max > 1;
  return (
    <div class="act pick" role="group" aria-label={name()} data-action={props.p.key} data-ability={abilityOf(props.p.key) ?? undefined} data-effect={props.p.effect ?? undefined}>
      <h3>
        <Show when={glyph()}>
          <span aria-hidden="true">{glyph()} </span>
        </Show>
        {name()}
      </h3>
      <Show when={about()}>
        <p class="muted small" data-action-about>{about()}</p>
      </Show>
      {/* A pre-selected seat says plainly that it is not sent yet, and why it was picked. */}
      <Show when={props.planSeat != null && props.chosen.length === 1 && props.chosen[0] === props.planSeat.seat ? props.planSeat : null}>
        {(pre) => (
          <p class="preselected" data-plan-seat={pre().seat} data-preselected-by={pre().by} role="status">
            {t(pre().by === "team" ? "act.preselected.team" : "act.plan.preselected", { seat: pre().seat })}
          </p>
        )}
      </Show>
      <Show when={props.p.max > 1}>
        <p class="muted small" data-pick-up-to={props.p.max}>{props.p.min === props.p.max ? t("actions.pickInOrder", { n: props.p.max }) : t("actions.pickUpTo", { n: props.p.max })}</p>
      </Show>
      <Show when={oneTap()}>
        <div class="targets">
          <button type="button" class="btn primary one-tap" data-target={props.p.targets[0]} data-one-tap={props.p.key} disabled={props.busy} onClick={() => props.send(props.p.make([props.p.targets[0]!]))}>
            {chosenText(name(), [props.p.targets[0]!])}
          </button>
        </div>
      </Show>
      <Show when={!oneTap() && !noTargets()}>
        <div class="targets">
          <For each={props.p.targets}>
            {(seat) => (
              <button type="button" class="target" classList={{ chosen: props.chosen.includes(seat) }} aria-pressed={props.chosen.includes(seat)} aria-label={ordered() && props.chosen.includes(seat) ? `${t("seat.pick", { seat })}, ${nth(props.chosen.indexOf(seat) + 1)}` : t("seat.pick", { seat })} data-target={seat} data-one-tap={props.tap ? props.p.key : undefined} data-order={ordered() && props.chosen.includes(seat) ? props.chosen.indexOf(seat) + 1 : undefined} onClick={() => props.toggle(seat)}>
                {seat}
                <Show when={ordered() && props.chosen.includes(seat)}>
                  <sup class="nth" aria-hidden="true">{nth(props.chosen.indexOf(seat) + 1)}</sup>
                </Show>
              </button>
            )}
          </For>
        </div>
      </Show>
      {/* §4.4 crossed hands: the wounded already saved once this game, shown but not choosable. */}
      <Show when={props.p.barred?.length}>
        <div class="targets barred" data-barred={props.p.barred!.join(",")}>
          <For each={props.p.barred}>
            {(seat) => (
              <button type="button" class="target" disabled aria-label={t("act.barred", { seat })} title={t("act.barred", { seat })} data-barred-seat={seat}>
                {seat} <span aria-hidden="true">✋</span>
              </button>
            )}
          </For>
        </div>
      </Show>
      {/* An ability of two (or more) seats takes them in order: "1st: seat 3 · 2nd: seat 5". */}
      <Show when={ordered() && props.chosen.length > 0}>
        <p class="small" data-order-line aria-live="polite">{props.chosen.map((seat, i) => t("actions.nthSeat", { nth: nth(i + 1), seat })).join(" · ")}</p>
      </Show>
      <Show when={!oneTap() && !props.tap && canSend(props.p, props.chosen)}>
        <div class="confirm-row">
          <button type="button" class="btn" classList={{ primary: !props.secondary }} data-confirm={props.p.key} disabled={props.busy} onClick={() => props.send(props.p.make(props.chosen.slice()))}>
            {chosenText(name(), props.chosen)}
          </button>
          <button type="button" class="btn ghost" onClick={() => props.onChoose([])}>
            {t("actions.cancel")}
          </button>
        </div>
      </Show>
      {/* An ability without a target, or one that may name nobody (min 0) while nothing is chosen. */}
      <Show when={noTargets() || (takesNobody(props.p) && props.chosen.length === 0)}>
        <div class="confirm-row">
          <button type="button" class="btn" data-confirm={props.p.key} data-no-target disabled={props.busy} onClick={() => props.send(props.p.make([]))}>
            {noTargets() ? name() : chosenText(name(), [])}
          </button>
        </div>
      </Show>
      <Show when={props.p.skip}>
        {(skip) => (
          <div class="confirm-row">
            <button type="button" class="btn ghost" data-skip={abilityOf(props.p.key) ?? props.p.key} disabled={props.busy} onClick={() => props.send(skip())}>
              {t("actions.skip")}
            </button>
          </div>
        )}
      </Show>
    </div>
  );
}

const sameKeys = (x: string[], y: string[]) => x.length === y.length && x.every((k, i) => k === y[i]);

interface BarProps {
  actions: AvailableAction[];
  /** The running phase (a yes/no question reads by it: `act.vote-lift.<phase>`). */
  phase?: string;
  /** The view's night flag (the Don's plan opens at night). */
  night?: boolean;
  /** The seats a yes/no question is about (the ballot's candidates). */
  candidates?: Seat[];
  seats: SeatView[];
  shootingPlan: Seat[] | null;
  busy: boolean;
  /** The seats chosen so far for the action with this key (here or on the oval). */
  chosen: { key: string; seats: Seat[] } | null;
  /** Replace the chosen seats of an action (an empty list clears the choice). */
  onChoose: (key: string, seats: Seat[]) => void;
  /** A tap on a seat of an action (picking.ts toggleSeat). */
  onToggle: (key: string, seat: Seat) => void;
  send: (a: PlayerAction) => void;
  /** This player's seat has left the game ("you are out", nothing to do but watch). */
  out?: boolean;
  /**
   * The mafia's shot pre-selected (`use` of "mafia-shot"): the seat the team is choosing now (the tally's
   * lead), else tonight's seat of the Don's plan.
   */
  planSeat?: Preselected | null;
  /** The player has a timed move — the panel is the top layer (over the banners). */
  urgent?: boolean;
  /** §7.3: a vote in turn — a tap on a seat votes at once (changeable within the turn). */
  tapVote?: boolean;
  /**
   * The countdown at the top of the panel while it is a sheet (one's own speech, a timed move): on an
   * upright phone the sheet covers the oval's timer ring (TimerRing.tsx SheetTimer).
   */
  timer?: JSX.Element;
  /** What this player already chose in this ballot or night ("Your vote: seat 4"), said while nothing is left to do. */
  done?: { key: string; params: Params } | null;
  /**
   * What the choice depends on, kept in view with the controls (the black team's tally, §5.2),
   * or why there is nothing to do (no vote today, §5.6): while it shows, "nothing to do" is not said.
   */
  children?: JSX.Element;
}

function ActionItem(props: { key: string; a: () => AvailableAction | undefined; bar: BarProps }) {
  const bar = props.bar;
  const cards = () => {
    const a = props.a();
    return a?.type === "take-card" ? a.cards : [];
  };
  const shoutsLeft = () => {
    const a = props.a();
    return a?.type === "shout" ? a.left : 0;
  };
  switch (props.key) {
    case "take-card":
      return (
        <div class="act cards" role="group" aria-label={t("act.take-card")} data-action="take-card">
          <h3>{t("act.take-card")}</h3>
          <div class="targets">
            <For each={cards()}>
              {(card) => (
                <button type="button" class="target card-pick" data-card={card} disabled={bar.busy} aria-label={t("act.card", { n: card + 1 })} onClick={() => bar.send({ type: "take-card", card })}>
                  ♠
                </button>
              )}
            </For>
          </div>
        </div>
      );
    case "end-speech": {
      // A nomination picked and not sent is applied when the speech ends — the button says so.
      const pick = () => (bar.chosen?.key === "nominate" && bar.chosen.seats.length === 1 && bar.actions.some((a) => a.type === "nominate") ? bar.chosen.seats[0]! : null);
      return (
        <button type="button" class="btn primary wide" data-action="end-speech" data-with-nomination={pick() ?? undefined} disabled={bar.busy} onClick={() => bar.send({ type: "end-speech" })}>
          {pick() !== null ? t("act.end-speech.nominate", { seat: pick()! }) : t("act.end-speech")}
        </button>
      );
    }
    case "shout":
      // One line saying what a shout is where it is offered (RULES.md §2.5).
      return (
        <div class="act shout" data-shout>
          <button type="button" class="btn" data-action="shout" disabled={bar.busy} onClick={() => bar.send({ type: "shout" })} aria-describedby="explain-shout" title={t("explain.shout")}>
            {t("act.shout", { n: shoutsLeft() })}
          </button>
          <p class="explain muted small" id="explain-shout" data-explain="shout">
            {t("explain.shout")}
          </p>
        </div>
      );
    case "vote-lift": {
      // The yes/no question's own wording where the phase has one (§4.7 host-classic: the leader's
      // confirming vote, the car crash), else sport's lift vote (§2.8).
      const word = (key: "act.vote-lift" | "act.lift.yes" | "act.lift.no") => tk(key, bar.phase ?? "", { seats: (bar.candidates ?? []).join(", ") }, t(key));
      return (
        <div class="act lift" role="group" aria-label={word("act.vote-lift")} data-action="vote-lift">
          <h3>{word("act.vote-lift")}</h3>
          <div class="confirm-row">
            <button type="button" class="btn primary" data-lift="yes" disabled={bar.busy} onClick={() => bar.send({ type: "vote-lift", lift: true })}>
              {word("act.lift.yes")}
            </button>
            <button type="button" class="btn" data-lift="no" disabled={bar.busy} onClick={() => bar.send({ type: "vote-lift", lift: false })}>
              {word("act.lift.no")}
            </button>
          </div>
        </div>
      );
    }
    case "under-foul": {
      // §6.4 "under a foul": 30 s more for this speech at the price of a foul, at most twice a game.
      const left = () => {
        const a = props.a();
        return a?.type === "under-foul" ? a.left : 0;
      };
      return (
        <button type="button" class="btn" data-action="under-foul" data-left={left()} disabled={bar.busy} onClick={() => bar.send({ type: "under-foul" })}>
          {t("act.under-foul")} <span class="muted small">({t("act.under-foul.left", { n: left() })})</span>
        </button>
      );
    }
    case "choose-side":
      // §4.1–§4.2 "Maniac for the town?" — asked of the Maniac at 11 seats and more (no answer: the town).
      return (
        <div class="act side" role="group" aria-label={t("act.choose-side")} data-action="choose-side">
          <h3>{t("act.choose-side")}</h3>
          <p class="muted small">{t("act.choose-side.about")}</p>
          <div class="confirm-row">
            <button type="button" class="btn primary" data-side="town" disabled={bar.busy} onClick={() => bar.send({ type: "choose-side", town: true })}>
              {t("act.choose-side.town")}
            </button>
            <button type="button" class="btn" data-side="black" disabled={bar.busy} onClick={() => bar.send({ type: "choose-side", town: false })}>
              {t("act.choose-side.black")}
            </button>
          </div>
        </div>
      );
    case "early-vote": {
      // §7.5 ask for an early vote, or support the open request.
      const open = () => {
        const a = props.a();
        return a?.type === "early-vote" && a.open;
      };
      return (
        <button type="button" class="btn" data-action="early-vote" data-open={open() ? "yes" : "no"} disabled={bar.busy} onClick={() => bar.send({ type: "early-vote" })}>
          {t(open() ? "act.early-vote.support" : "act.early-vote")}
        </button>
      );
    }
    case "ready-to-vote": {
      // "ready to vote" in the profiles' free talk; free talk ends once every living person pressed it.
      const a = () => {
        const x = props.a();
        return x?.type === "ready-to-vote" ? x : null;
      };
      return (
        <div class="act ready" role="group" aria-label={t("act.ready-to-vote")} data-action="ready-to-vote" data-pressed={a()?.pressed ? "yes" : "no"}>
          <button type="button" class="btn primary" aria-pressed={a()?.pressed === true} disabled={bar.busy || a()?.pressed === true} onClick={() => bar.send({ type: "ready-to-vote" })}>
            {t(a()?.pressed ? "act.ready-to-vote.pressed" : "act.ready-to-vote")}
          </button>
          <p class="muted small" data-ready={a()?.ready ?? 0} data-of={a()?.of ?? 0} aria-live="polite">{t("act.ready-to-vote.count", { ready: a()?.ready ?? 0, of: a()?.of ?? 0 })}</p>
        </div>
      );
    }
    case "skip-wait":
      // The only person at a table of bots skips a wait with nothing to do in it.
      return (
        <button type="button" class="btn ghost" data-action="skip-wait" disabled={bar.busy} onClick={() => bar.send({ type: "skip-wait" })}>
          {t("act.skip-wait")}
        </button>
      );
    case "claim": {
      const a = () => {
        const x = props.a();
        return x?.type === "claim" ? x : null;
      };
      return <Show when={a()}>{(x) => <ClaimBar a={x()} send={bar.send} busy={bar.busy} />}</Show>;
    }
    case "shooting-plan": {
      const a = () => {
        const x = props.a();
        return x?.type === "shooting-plan" ? x : null;
      };
      // Open at night (the black team's step), not folded while the centre says "your move"; the seats it
      // may name are the action's (RULES.md §2.2).
      return <Show when={a()}>{(x) => <ShootingPlan targets={x().targets} current={bar.shootingPlan} send={bar.send} busy={bar.busy} open={!!bar.night} />}</Show>;
    }
    case "tech-vote-start": {
      const start = () => {
        const a = props.a();
        return a?.type === "tech-vote-start" ? a : null;
      };
      return <TechVoteStart kinds={start()?.kinds ?? []} targets={start()?.targets ?? []} send={bar.send} busy={bar.busy} />;
    }
    case "tech-vote": {
      const pressed = () => {
        const a = props.a();
        return a?.type === "tech-vote" ? a.pressed : null;
      };
      return (
        <>
        <p class="explain muted small" data-explain="tech-vote">
          {t("explain.tech")}
        </p>
        <div class="act tech-vote confirm-row" data-action="tech-vote">
          <button type="button" class="btn primary" aria-pressed={pressed() === true} disabled={bar.busy} onClick={() => bar.send({ type: "tech-vote", in_favour: true })}>
            {t("act.tech.for")}
          </button>
          <button type="button" class="btn" aria-pressed={pressed() === false} disabled={bar.busy} onClick={() => bar.send({ type: "tech-vote", in_favour: false })}>
            {t("act.tech.against")}
          </button>
        </div>
        </>
      );
    }
    default: {
      const p = createMemo(() => {
        const a = props.a();
        return a ? pickingOf(a) : null;
      });
      return (
        <Show when={p()}>
          {(pick) => (
            <Picker
              p={pick()}
              chosen={bar.chosen?.key === props.key ? bar.chosen.seats : []}
              onChoose={(seats) => bar.onChoose(props.key, seats)}
              toggle={(seat) => bar.onToggle(props.key, seat)}
              send={bar.send}
              busy={bar.busy}
              planSeat={props.key === SHOT_KEY ? bar.planSeat : null}
              tap={props.key === "vote" && !!bar.tapVote}
              // In one's own speech "End speech" sends the picked nomination too (RULES.md §2.4): it is the one primary button.
              secondary={props.key === "nominate" && bar.actions.some((a) => a.type === "end-speech")}
            />
          )}
        </Show>
      );
    }
  }
}

export function ActionBar(props: BarProps) {
  // "confirm" is the live host's (its own message type); players never get it.
  // One's own speech is a move too: on an upright phone the panel is the bottom sheet then, so "End speech"
  // and the seats to nominate stay on the first screen whatever stands above them (the banners, the voice bar).
  const ownSpeech = createMemo(() => props.actions.some((a) => a.type === "end-speech"));
  const sheet = () => !!props.urgent || ownSpeech();
  const visible = createMemo(() => props.actions.filter((a) => a.type !== "confirm" && (a.type !== "tech-vote-start" || a.targets.length > 0)));
  const byKey = createMemo(() => new Map(visible().map((a) => [actionKey(a), a] as const)));
  const keys = createMemo(() => visible().map(actionKey), [], { equals: sameKeys });
  const extra = children(() => props.children);
  const hasExtra = () => extra.toArray().some((x) => x != null && x !== false && x !== "");
  return (
    <section class="panel actions" classList={{ urgent: !!props.urgent, sheet: sheet() }} aria-labelledby="actions-title" aria-busy={props.busy} data-urgent={props.urgent ? "yes" : undefined}>
      <h2 id="actions-title" class="sr-only">{t("actions.title")}</h2>
      <Show when={sheet()}>{props.timer}</Show>
      {extra()}
      <Show
        when={keys().length > 0}
        fallback={
          <Show when={!props.out && props.done} fallback={<Show when={props.out || !hasExtra()}><p class="muted" data-no-actions={props.out ? "out" : "wait"}>{t(props.out ? "you.out.watch" : "actions.none")}</p></Show>}>
            {(d) => (
              <p class="done-choice" data-done={d().key} data-done-seat={d().params["seat"] ?? ""}>
                <span aria-hidden="true">✓ </span>
                {announcementText(d())}
              </p>
            )}
          </Show>
        }
      >
        <For each={keys()}>{(key) => <ActionItem key={key} a={() => byKey().get(key)} bar={props} />}</For>
      </Show>
      <Show when={props.busy}>
        <p class="muted small" role="status">{t("actions.sending")}</p>
      </Show>
    </section>
  );
}
