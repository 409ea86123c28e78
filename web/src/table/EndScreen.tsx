/**
 * The end of the game: the winner, this player's own line ("You — Mafia · You won"), what
 * comes next (`children`: Play again), every role (seat — role — nick), the nights' "why" and the full
 * protocol, folded under one summary line (it runs to hundreds of lines).
 */
import { For, type JSX, onMount, Show } from "solid-js";
import { own } from "../../../shared/own.ts";
import type { GameView } from "../../../shared/engine/types.ts";
import { shownName } from "./names.ts";
import { t, tk, words } from "../i18n/index.ts";
import { reasonText, winnerText } from "./vocabulary.ts";
import { GameLog, lineText } from "./GameLog.tsx";
import { rolesFrom } from "./logText.ts";
import { nightWhy } from "./why.ts";
import { personalResult } from "./personal.ts";
import { TEAM_MARK } from "./Oval.tsx";

export function EndScreen(props: { game: GameView; result: NonNullable<GameView["result"]>; children?: JSX.Element }) {
  const sorted = () => [...props.result.roles].sort((a, b) => a.seat - b.seat);
  const mine = () => personalResult(props.result, props.game.you?.seat);
  let top: HTMLElement | undefined;
  // The end screen opens at its top (the winner and one's own line), wherever the page was
  // scrolled to during the game (the action panel, the log).
  onMount(() =>
    requestAnimationFrame(() => {
      if (!top) return;
      // Below the sticky header, whatever its height (it takes two rows on a phone at a table).
      const header = document.querySelector("header.top")?.getBoundingClientRect();
      const clear = header && getComputedStyle(document.querySelector("header.top")!).position === "sticky" ? header.height : 0;
      window.scrollBy(0, top.getBoundingClientRect().top - clear - 8);
    }),
  );
  return (
    <section ref={top} class="end" aria-labelledby="end-title" data-winner={props.result.winner}>
      <h2 id="end-title" class="sr-only">{t("end.title")}</h2>
      <p class={`winner team-${props.result.winner}`} role="status">
        <span aria-hidden="true">{own(TEAM_MARK, props.result.winner) ?? "="} </span>
        {winnerText(words, props.result)}
      </p>
      <Show when={mine()}>
        {(m) => (
          <p class={`you-result team-${m().team}`} data-you-result={m().outcome} data-you-role={m().role}>
            {t("end.you", { role: tk("role", m().role), outcome: t(`end.you.${m().outcome}`) })}
          </p>
        )}
      </Show>
      <p class="muted" data-reason={props.result.reason}>{reasonText(words, props.result)}</p>
      {props.children}
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
                  <td>{shownName(r.nickname)}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </section>
      <NightWhyPanel result={props.result} />
      <details class="protocol-fold" data-protocol-fold>
        <summary>{t("end.protocol.summary", { n: props.game.log.length })}</summary>
        <GameLog entries={props.game.log} title={t("end.protocol")} protocol seat={props.game.you?.seat ?? null} roles={rolesFrom(props.result.roles)} />
      </details>
    </section>
  );
}

/**
 * The night's "why": each resolved night step by step in the order the resolution decided it
 * (RULES.md §5.3: blocks, then protection, then attacks), every seat named with its role (why.ts).
 */
function NightWhyPanel(props: { result: NonNullable<GameView["result"]> }) {
  const nights = () => nightWhy(props.result.nights, rolesFrom(props.result.roles) ?? new Map());
  return (
    <Show when={nights().length > 0}>
      <section class="panel why" aria-labelledby="why-title" data-night-why>
        <h3 id="why-title">{t("why.title")}</h3>
        <For each={nights()}>
          {(n) => (
            <section class="why-night" data-why-night={n.night} aria-label={lineText(n.title)}>
              <h4>{lineText(n.title)}</h4>
              <ol>
                <For each={n.lines}>{(l) => <li data-step={l.type}>{lineText(l)}</li>}</For>
              </ol>
            </section>
          )}
        </For>
      </section>
    </Show>
  );
}
