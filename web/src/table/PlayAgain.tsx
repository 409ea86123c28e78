/**
 * "Play again at this table" with the table's series at the end — a chunk of its own,
 * loaded when a game ends (kept out of the table's landing JS). The `table` frame
 * play-again; the server decides, refusals come back as notices.
 */
import { For, Show } from "solid-js";
import type { TableView } from "../../../shared/protocol/messages.ts";
import { t, tk } from "../i18n/index.ts";
import { onLinkClick, recordPath } from "../lib/router.ts";
import type { TableController } from "./controller.ts";
import { NextGame } from "./Series.tsx";

/** Wins per side over the table's finished games, in a fixed order (sides with no win left out). */
function wins(table: TableView): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (const side of ["red", "black", "solo", "draw"] as const) {
    const n = table.series.results.filter((r) => r.winner === side).length;
    if (n > 0) out.push([side, n]);
  }
  return out;
}

/**
 * At the end: "Game N of this table", the series' wins per side, and for a seated player "Play again
 * at this table" — with "N people are playing again — join them" once the next game gathers.
 */
export default function PlayAgain(props: { table: TableView; seated: boolean; ctl: TableController; busy: boolean }) {
  const next = () => props.table.series.next;
  // RULES.md §6.11: at a host's or a club evening's table the organizer opens the evening's next
  // game with every seat kept; the players wait for it instead of each pressing "play again".
  const evening = () => props.table.host === "live" || props.table.clubEvening === true;
  const game = () => props.table.series.game;
  return (
    <section class="panel series" aria-labelledby="series-title" data-series-game={props.table.series.game}>
      <h3 id="series-title">{t("series.game", { n: props.table.series.game })}</h3>
      <Show when={props.table.series.results.some((r) => r.game === props.table.series.game)}>
        <p>
          <a href={recordPath(props.table.code, props.table.series.game)} onClick={onLinkClick} data-record-link={props.table.series.game}>
            {t("record.link", { n: props.table.series.game })}
          </a>
        </p>
      </Show>
      <Show when={wins(props.table).length > 0}>
        <p class="muted small" data-series-wins>
          {t("series.wins")}{" "}
          <For each={wins(props.table)}>{([side, n], i) => <span class={`team-${side}`} data-series-won={side}>{(i() > 0 ? " · " : "") + tk("series.won", side, { n })}</span>}</For>
        </p>
      </Show>
      <NextGame table={props.table} busy={props.busy} />
      <Show when={next()}>{(n) => <p class="banner" role="status" data-rematch-gathering={n().seated}>{t("rematch.gathering", { n: n().seated })}</p>}</Show>
      <Show when={props.table.clubEvening && props.table.organizing && props.table.series.results.some((r) => r.game === game())}>
        <p>
          <a class="btn wide" href={recordPath(props.table.code, game())} onClick={onLinkClick} data-review-link={game()}>
            ✎ {t("evening.review", { n: game() })}
          </a>
        </p>
      </Show>
      <Show when={evening() && props.table.organizing && props.table.status === "ended"}>
        <button type="button" class="btn primary wide" data-next-game disabled={props.busy} aria-describedby="next-game-about" onClick={() => props.ctl.control({ type: "next-game" })}>
          ↻ {t("evening.nextGame")}
        </button>
        <p class="muted small" id="next-game-about">
          {t("evening.nextGame.about")}
        </p>
      </Show>
      <Show when={props.seated && evening() && !props.table.organizing}>
        <p class="muted" role="status" data-next-game-wait>
          {t("evening.nextGame.wait")}
        </p>
      </Show>
      <Show when={props.seated && !evening()}>
        <button type="button" class="btn primary wide" data-play-again disabled={props.busy} onClick={() => props.ctl.table({ type: "play-again" })}>
          ↻ {t("rematch.play")}
        </button>
      </Show>
    </section>
  );
}
