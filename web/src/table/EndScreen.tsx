/** The end of the game: the winner, every role (seat — role — nick) and the full protocol. */
import { For } from "solid-js";
import { own } from "../../../shared/own.ts";
import type { GameView } from "../../../shared/engine/types.ts";
import { t, tk } from "../i18n/index.ts";
import { GameLog } from "./GameLog.tsx";
import { rolesFrom } from "./logText.ts";
import { TEAM_MARK } from "./Oval.tsx";

export function EndScreen(props: { game: GameView; result: NonNullable<GameView["result"]> }) {
  const sorted = () => [...props.result.roles].sort((a, b) => a.seat - b.seat);
  return (
    <section class="end" aria-labelledby="end-title" data-winner={props.result.winner}>
      <h2 id="end-title" class="sr-only">{t("end.title")}</h2>
      <p class={`winner team-${props.result.winner}`} role="status">
        <span aria-hidden="true">{own(TEAM_MARK, props.result.winner) ?? "="} </span>
        {tk("end.win", props.result.winner)}
      </p>
      <p class="muted">{tk("reason", props.result.reason, undefined, "")}</p>
      <section class="panel">
        <h3>{t("end.roles")}</h3>
        <table class="roles">
          <thead>
            <tr>
              <th scope="col">{t("end.col.seat")}</th>
              <th scope="col">{t("end.col.role")}</th>
              <th scope="col">{t("end.col.nick")}</th>
            </tr>
          </thead>
          <tbody>
            <For each={sorted()}>
              {(r) => (
                <tr class={`team-${r.team}`}>
                  <td>{r.seat}</td>
                  <td data-role-seat={r.seat} data-role={r.role}>
                    <span class="team-mark" aria-hidden="true">{own(TEAM_MARK, r.team) ?? ""} </span>
                    {tk("role", r.role)}
                    <span class="sr-only"> ({tk("team", r.team)})</span>
                  </td>
                  <td>{r.nickname}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </section>
      <GameLog entries={props.game.log} title={t("end.protocol")} protocol seat={props.game.you?.seat ?? null} roles={rolesFrom(props.result.roles)} />
    </section>
  );
}
