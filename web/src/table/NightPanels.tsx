/**
 * The profiles' private panels (RULES.md §5.1–§5.6), thin over nightInfo.ts:
 *  - the black team's anonymous tally while the mafia step runs (§5.2) — `[data-tally]`;
 *  - the Tracker's / Watcher's live result, "updating…" until final in the morning (§5.1) —
 *    `[data-tracker-result]` with `data-final`;
 *  - "you have no vote today" for a blackmailed player once voting opens (§5.6) — `[data-no-vote]`.
 */
import { For, Show } from "solid-js";
import { t } from "../i18n/index.ts";
import type { LiveReport, TallyPanel } from "./nightInfo.ts";

/** §5.2 how many chose each seat (never who), whether the team agrees, and this player's own choice. */
export function TallyBox(props: { panel: TallyPanel }) {
  return (
    <section class="tally" aria-labelledby="tally-title" data-tally data-agreed={props.panel.agreed ? "yes" : "no"}>
      <h3 id="tally-title">{t("tally.title")}</h3>
      <div role="status" aria-live="polite">
        <Show when={props.panel.tally.length > 0} fallback={<p class="muted">{t("tally.none")}</p>}>
          <ul class="tally-list">
            <For each={props.panel.tally}>
              {(x) => (
                <li data-tally-seat={x.seat} data-votes={x.votes} classList={{ mine: props.panel.mine === x.seat }}>
                  {t("tally.item", { seat: x.seat, n: x.votes })}
                </li>
              )}
            </For>
          </ul>
        </Show>
        <p class="tally-state" data-tally-state={props.panel.agreed ? "agreed" : "open"}>
          <strong>{props.panel.agreed ? t("tally.agreed") : t("tally.open")}</strong>
        </p>
        <Show when={props.panel.mine !== null}>
          <p class="small" data-tally-mine={props.panel.mine ?? ""}>{t("tally.mine", { seat: props.panel.mine ?? "" })}</p>
        </Show>
      </div>
    </section>
  );
}

/** §5.1 / §5.6 the Tracker's or Watcher's result: "Seat 5 visited: seats 3, 8 — updating…", then final. */
export function ReportBox(props: { reports: LiveReport[] }) {
  return (
    <Show when={props.reports.length > 0}>
      <section class="panel reports" role="status" aria-live="polite">
        <For each={props.reports}>
          {(r) => (
            <p data-tracker-result={r.kind} data-target={r.target} data-seats={r.seats.join(",")} data-final={r.final ? "yes" : "no"}>
              <span aria-hidden="true">{r.kind === "tracked" ? "→ " : "← "}</span>
              {r.seats.length === 0
                ? t(`report.${r.kind}.none`, { target: r.target })
                : t(`report.${r.kind}`, { target: r.target, seats: r.seats.join(", "), n: r.seats.length })}
              {" — "}
              <em>{r.final ? t("report.final") : t("report.updating")}</em>
            </p>
          )}
        </For>
      </section>
    </Show>
  );
}

/** §5.6 Blackmailer: this player's vote is gone for today (the voting controls are not offered). */
export function NoVote() {
  return (
    <p class="no-vote" role="status" data-no-vote>
      <span aria-hidden="true">⊘ </span>
      {t("vote.none")}
    </p>
  );
}
