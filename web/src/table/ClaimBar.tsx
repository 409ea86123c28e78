/**
 * The quick-claim bar (a lazy chunk: loaded when the `claim` action first appears): say to the
 * table, without a microphone, "I am the Sheriff", "seat 5 is black — my check", "seat 2 is red to me",
 * "I vote for seat 5". Everything offered comes from the action: the roles the format can deal (named by
 * the role catalogue) and the seats. Every claim goes out at once, as the seat's public word (it may be a
 * bluff); the log and the seat's badges show it.
 */
import { createSignal, For } from "solid-js";
import type { AvailableAction, Claim, PlayerAction, Seat } from "../../../shared/engine/types.ts";
import { t, tk } from "../i18n/index.ts";

type ClaimAction = Extract<AvailableAction, { type: "claim" }>;

export default function ClaimBar(props: { a: ClaimAction; send: (a: PlayerAction) => void; busy: boolean }) {
  const [seat, setSeat] = createSignal<Seat>(props.a.targets[0] ?? 1);
  // The chosen seat stays valid while the offer changes (a seat is never offered to claim about oneself).
  const target = () => (props.a.targets.includes(seat()) ? seat() : (props.a.targets[0] ?? 1));
  const claim = (c: Claim) => props.send({ type: "claim", claim: c });
  const say = (kind: "check" | "opinion", result: "red" | "black") => (
    <button type="button" class="btn small" classList={{ [`team-${result}`]: true }} data-claim-kind={kind} data-claim-result={result} disabled={props.busy} onClick={() => claim({ kind, target: target(), result })}>
      {t(`claim.${kind}`, { target: target(), result: tk("check", result) })}
    </button>
  );
  return (
    <details class="act claim-bar" data-action="claim" data-left={props.a.left}>
      <summary>
        {t("claim.title")} <span class="muted small">({t("claim.left", { n: props.a.left })})</span>
      </summary>
      <p class="muted small">{t("claim.about")}</p>
      <div class="targets" role="group" aria-label={t("claim.iam")}>
        <span class="small" aria-hidden="true">{t("claim.iam")}</span>
        <For each={props.a.roles}>
          {(role) => (
            <button type="button" class="btn small" data-claim-role={role} disabled={props.busy} onClick={() => claim({ kind: "role", role })}>
              {tk("role", role)}
            </button>
          )}
        </For>
      </div>
      <div class="row wrap" role="group" aria-label={t("claim.seat")}>
        <label>
          {t("claim.seat")}{" "}
          <select data-claim-seat-pick value={target()} onChange={(e) => setSeat(Number(e.currentTarget.value))}>
            <For each={props.a.targets}>{(s) => <option value={s}>{s}</option>}</For>
          </select>
        </label>
        {say("check", "black")}
        {say("check", "red")}
        {say("opinion", "black")}
        {say("opinion", "red")}
        <button type="button" class="btn small" data-claim-kind="vote" disabled={props.busy} onClick={() => claim({ kind: "vote", target: target() })}>
          {t("claim.vote", { target: target() })}
        </button>
      </div>
    </details>
  );
}
