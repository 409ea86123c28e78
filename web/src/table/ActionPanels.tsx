/**
 * Two rarely used controls of the action bar, in a chunk of their own (kept out of the
 * table's landing JS; ActionBar.tsx loads them when the action is offered): the Don's shooting plan
 * (RULES.md §2.2) and the start of a technical vote (§2.13).
 */
import { createSignal, For } from "solid-js";
import type { PlayerAction, Seat, TechVoteKind } from "../../../shared/engine/types.ts";
import { t, tk } from "../i18n/index.ts";

/** The Don's plan (RULES.md §2.2): the seats it may name are the engine's (`targets` of the action). */
export function ShootingPlan(props: { targets: Seat[]; current: Seat[] | null; send: (a: PlayerAction) => void; busy: boolean; open?: boolean }) {
  const [plan, setPlan] = createSignal<Seat[]>(props.current ?? []);
  return (
    <details class="act plan-editor" data-action="shooting-plan" open={props.open}>
      <summary>{t("act.shooting-plan")}</summary>
      <p class="plan" aria-live="polite">{plan().join(" → ") || "—"}</p>
      <div class="targets">
        <For each={props.targets}>
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

export function TechVoteStart(props: { kinds: TechVoteKind[]; targets: Seat[]; send: (a: PlayerAction) => void; busy: boolean }) {
  const [kind, setKind] = createSignal<TechVoteKind>(props.kinds[0] ?? "foul");
  const [target, setTarget] = createSignal<Seat>(props.targets[0] ?? 1);
  return (
    <details class="act tech" data-action="tech-vote-start">
      <summary>{t("act.tech-vote-start")}</summary>
      {/* What a technical vote is, where one may be started (RULES.md §2.13). */}
      <p class="explain muted small" data-explain="tech-vote">
        {t("explain.tech")}
      </p>
      <div class="row">
        <label>
          {t("act.tech.kind")}
          <select value={kind()} onChange={(e) => {
            const value = e.currentTarget.value;
            const next = props.kinds.find((k) => k === value);
            if (next) setKind(next);
          }}>
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
