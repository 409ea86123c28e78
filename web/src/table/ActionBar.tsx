/**
 * Only what this player may do now: exactly `view.game.you.actions`, nothing computed here.
 * Final choices of a seat (nominate, vote, night action) take two steps — choose the seat (here or
 * on the oval), then confirm — because the rules make them final. Where the server offers one seat
 * only (open voting calls one candidate, RULES.md §2.6; a night move with one legal target) there is
 * nothing to choose wrongly: one tap sends it (issue 13).
 */
import { createMemo, createSignal, For, Show } from "solid-js";
import type { AvailableAction, PlayerAction, Seat, SeatView, TechVoteKind } from "../../../shared/engine/types.ts";
import type { MessageKey } from "../i18n/en.ts";
import { t, tk } from "../i18n/index.ts";

/** An action that needs a seat chosen, with its stable key (for the oval's highlight). */
export interface Picking {
  key: string;
  label: string;
  targets: Seat[];
  make: (seat: Seat) => PlayerAction;
}

/** A night action's label: by kind, refined by the night turn where the same kind means two things in
 *  one preset (city: the Don's own turn, "night-don-check"), then by the player's role where one phase
 *  holds several (sport's Sheriff and Don check side by side, RULES.md §2.10: "don-check",
 *  "sheriff-check"; city's Commissar: "commissar-check"). */
export function nightLabel(kind: string, phase?: string, role?: string | null): string {
  const byRole = role ? tk("night", `${role}-${kind}`, undefined, tk("night", kind)) : tk("night", kind);
  return phase ? tk("night", `${kind}.${phase}`, undefined, byRole) : byRole;
}

export function pickingOf(a: AvailableAction, phase?: string, role?: string | null): Picking | null {
  switch (a.type) {
    case "nominate":
      return { key: "nominate", label: t("act.nominate"), targets: a.targets, make: (target) => ({ type: "nominate", target }) };
    case "vote":
      return { key: "vote", label: t("act.vote"), targets: a.targets, make: (target) => ({ type: "vote", target }) };
    case "night-action":
      return { key: `night:${a.kind}`, label: nightLabel(a.kind, phase, role), targets: a.targets, make: (target) => ({ type: "night-action", target }) };
    default:
      return null;
  }
}

/** One tap sends it: a vote or a night move with a single legal seat (a nomination keeps its confirm: making none is a choice too). */
export function isOneTap(p: Picking): boolean {
  return p.targets.length === 1 && (p.key === "vote" || p.key.startsWith("night:"));
}

function Picker(props: { p: Picking; chosen: Seat | null; onChoose: (s: Seat | null) => void; send: (a: PlayerAction) => void; busy: boolean; planSeat?: Seat | null }) {
  // One line on what a night move does (city roles); the Maniac may also choose nobody (§7.6).
  const about = () => (props.p.key.startsWith("night:") ? tk("night", `${props.p.key.slice(6)}.about`, undefined, "") : "");
  return (
    <div class="act pick" role="group" aria-label={props.p.label} data-action={props.p.key}>
      <h3>{props.p.label}</h3>
      <Show when={about()}>
        <p class="muted small" data-action-about>{about()}</p>
      </Show>
      <Show when={props.planSeat != null && props.chosen === props.planSeat}>
        <p class="muted small" data-plan-seat={props.planSeat ?? ""}>{t("act.plan.preselected", { seat: props.planSeat ?? "" })}</p>
      </Show>
      <Show when={isOneTap(props.p)}>
        <div class="targets">
          <button type="button" class="btn primary one-tap" data-target={props.p.targets[0]} data-one-tap={props.p.key} disabled={props.busy} onClick={() => props.send(props.p.make(props.p.targets[0]!))}>
            {t("actions.chosen", { action: props.p.label, seat: props.p.targets[0]! })}
          </button>
        </div>
      </Show>
      <Show when={!isOneTap(props.p)}>
      <div class="targets">
        <For each={props.p.targets}>
          {(seat) => (
            <button type="button" class="target" classList={{ chosen: props.chosen === seat }} aria-pressed={props.chosen === seat} aria-label={t("seat.pick", { seat })} data-target={seat} onClick={() => props.onChoose(props.chosen === seat ? null : seat)}>
              {seat}
            </button>
          )}
        </For>
      </div>
      </Show>
      <Show when={!isOneTap(props.p) && props.chosen}>
        {(seat) => (
          <div class="confirm-row">
            <button type="button" class="btn primary" data-confirm={props.p.key} disabled={props.busy} onClick={() => props.send(props.p.make(seat()))}>
              {t("actions.chosen", { action: props.p.label, seat: seat() })}
            </button>
            <button type="button" class="btn ghost" onClick={() => props.onChoose(null)}>
              {t("actions.cancel")}
            </button>
          </div>
        )}
      </Show>
    </div>
  );
}

function ShootingPlan(props: { seats: SeatView[]; current: Seat[] | null; send: (a: PlayerAction) => void; busy: boolean }) {
  const [plan, setPlan] = createSignal<Seat[]>(props.current ?? []);
  const living = () => props.seats.filter((s) => s.alive).map((s) => s.seat);
  return (
    <details class="act plan-editor" data-action="shooting-plan">
      <summary>{t("act.shooting-plan")}</summary>
      <p class="plan" aria-live="polite">{plan().join(" → ") || "—"}</p>
      <div class="targets">
        <For each={living()}>
          {(seat) => (
            <button type="button" class="target" disabled={plan().includes(seat)} aria-label={t("act.plan.add", { seat })} onClick={() => setPlan([...plan(), seat])}>
              {seat}
            </button>
          )}
        </For>
      </div>
      <div class="confirm-row">
        <button type="button" class="btn primary" disabled={props.busy} onClick={() => props.send({ type: "shooting-plan", plan: plan() })}>
          {t("act.plan.save")}
        </button>
        <button type="button" class="btn ghost" onClick={() => setPlan([])}>
          {t("act.plan.clear")}
        </button>
      </div>
    </details>
  );
}

function TechVoteStart(props: { kinds: TechVoteKind[]; targets: Seat[]; send: (a: PlayerAction) => void; busy: boolean }) {
  const [kind, setKind] = createSignal<TechVoteKind>(props.kinds[0] ?? "foul");
  const [target, setTarget] = createSignal<Seat>(props.targets[0] ?? 1);
  return (
    <details class="act tech" data-action="tech-vote-start">
      <summary>{t("act.tech-vote-start")}</summary>
      <div class="row">
        <label>
          {t("act.tech.kind")}
          <select value={kind()} onChange={(e) => setKind(e.currentTarget.value as TechVoteKind)}>
            <For each={props.kinds}>{(k) => <option value={k}>{tk("tech", k)}</option>}</For>
          </select>
        </label>
        <label>
          {t("act.tech.target")}
          <select value={target()} onChange={(e) => setTarget(Number(e.currentTarget.value))}>
            <For each={props.targets}>{(s) => <option value={s}>{s}</option>}</For>
          </select>
        </label>
      </div>
      <button type="button" class="btn" disabled={props.busy} onClick={() => props.send({ type: "tech-vote-start", kind: kind(), target: target() })}>
        {t("act.tech.start")}
      </button>
    </details>
  );
}

/** Stable key of an offered action: one child per key, so a child never sees its action change type. */
const keyOf = (a: AvailableAction) => (a.type === "night-action" ? `night:${a.kind}` : a.type);
const sameKeys = (x: string[], y: string[]) => x.length === y.length && x.every((k, i) => k === y[i]);

interface BarProps {
  actions: AvailableAction[];
  /** The phase, for labels only (the same action kind means different things in different turns). */
  phase?: string;
  /** This player's role, for labels only (sport's Sheriff and Don check in the same phase). */
  role?: string | null;
  seats: SeatView[];
  shootingPlan: Seat[] | null;
  busy: boolean;
  chosen: { key: string; seat: Seat } | null;
  onChoose: (key: string, seat: Seat | null) => void;
  send: (a: PlayerAction) => void;
  /** This player's seat has left the game (issue 13: "you are out", nothing to do but watch). */
  out?: boolean;
  /** Tonight's target from the Don's plan, pre-selected in the shot picker. */
  planSeat?: Seat | null;
  /** What this player already chose in this ballot or night ("Your vote: seat 4"), said while nothing is left to do. */
  done?: { key: string; params: Record<string, string | number> } | null;
}

function ActionItem(props: { key: string; a: () => AvailableAction | undefined; bar: BarProps }) {
  const bar = props.bar;
  const of = <T extends AvailableAction["type"]>(type: T) => {
    const a = props.a();
    return a?.type === type ? (a as Extract<AvailableAction, { type: T }>) : undefined;
  };
  switch (props.key) {
    case "take-card":
      return (
        <div class="act cards" role="group" aria-label={t("act.take-card")} data-action="take-card">
          <h3>{t("act.take-card")}</h3>
          <div class="targets">
            <For each={of("take-card")?.cards ?? []}>
              {(card) => (
                <button type="button" class="target card-pick" data-card={card} disabled={bar.busy} aria-label={t("act.card", { n: card + 1 })} onClick={() => bar.send({ type: "take-card", card })}>
                  ♠
                </button>
              )}
            </For>
          </div>
        </div>
      );
    case "end-speech":
      return (
        <button type="button" class="btn primary wide" data-action="end-speech" disabled={bar.busy} onClick={() => bar.send({ type: "end-speech" })}>
          {t("act.end-speech")}
        </button>
      );
    case "shout":
      return (
        <button type="button" class="btn" data-action="shout" disabled={bar.busy} onClick={() => bar.send({ type: "shout" })}>
          {t("act.shout", { n: of("shout")?.left ?? 0 })}
        </button>
      );
    case "vote-lift":
      return (
        <div class="act lift" role="group" aria-label={t("act.vote-lift")} data-action="vote-lift">
          <h3>{t("act.vote-lift")}</h3>
          <div class="confirm-row">
            <button type="button" class="btn primary" data-lift="yes" disabled={bar.busy} onClick={() => bar.send({ type: "vote-lift", lift: true })}>
              {t("act.lift.yes")}
            </button>
            <button type="button" class="btn" data-lift="no" disabled={bar.busy} onClick={() => bar.send({ type: "vote-lift", lift: false })}>
              {t("act.lift.no")}
            </button>
          </div>
        </div>
      );
    case "shooting-plan":
      return <ShootingPlan seats={bar.seats} current={bar.shootingPlan} send={bar.send} busy={bar.busy} />;
    case "tech-vote-start":
      return <TechVoteStart kinds={of("tech-vote-start")?.kinds ?? []} targets={of("tech-vote-start")?.targets ?? []} send={bar.send} busy={bar.busy} />;
    case "tech-vote":
      return (
        <div class="act tech-vote confirm-row" data-action="tech-vote">
          <button type="button" class="btn primary" aria-pressed={of("tech-vote")?.pressed === true} disabled={bar.busy} onClick={() => bar.send({ type: "tech-vote", in_favour: true })}>
            {t("act.tech.for")}
          </button>
          <button type="button" class="btn" aria-pressed={of("tech-vote")?.pressed === false} disabled={bar.busy} onClick={() => bar.send({ type: "tech-vote", in_favour: false })}>
            {t("act.tech.against")}
          </button>
        </div>
      );
    default: {
      const p = createMemo(() => {
        const a = props.a();
        return a ? pickingOf(a, bar.phase, bar.role) : null;
      });
      return (
        <Show when={p()}>
          <Picker p={p()!} chosen={bar.chosen?.key === props.key ? bar.chosen.seat : null} onChoose={(s) => bar.onChoose(props.key, s)} send={bar.send} busy={bar.busy} planSeat={props.key === "night:shot" ? bar.planSeat : null} />
        </Show>
      );
    }
  }
}

export function ActionBar(props: BarProps) {
  // "confirm" is the live host's (issue 5, its own message type); players never get it.
  const visible = createMemo(() => props.actions.filter((a) => a.type !== "confirm" && (a.type !== "tech-vote-start" || a.targets.length > 0)));
  const byKey = createMemo(() => new Map(visible().map((a) => [keyOf(a), a] as const)));
  const keys = createMemo(() => visible().map(keyOf), [], { equals: sameKeys });
  return (
    <section class="panel actions" aria-labelledby="actions-title" aria-busy={props.busy}>
      <h2 id="actions-title" class="sr-only">{t("actions.title")}</h2>
      <Show
        when={keys().length > 0}
        fallback={
          <Show when={!props.out && props.done} fallback={<p class="muted" data-no-actions={props.out ? "out" : "wait"}>{t(props.out ? "you.out.watch" : "actions.none")}</p>}>
            {(d) => (
              <p class="done-choice" data-done={d().key} data-done-seat={d().params["seat"] ?? ""}>
                <span aria-hidden="true">✓ </span>
                {t(d().key as MessageKey, d().params)}
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
