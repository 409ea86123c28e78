/**
 * Issue 13, part A: the organizer's bot buttons in the lobby, and "Play again at this table" with the
 * table's series at the end. Every button is a frame (`control` add-bot / fill-bots / remove-bot,
 * `table` play-again); the server decides, refusals come back as notices.
 */
import { For, Show } from "solid-js";
import type { LobbySeatView, TableView } from "../../../shared/protocol/messages.ts";
import { t, tk } from "../i18n/index.ts";
import { onLinkClick, recordPath } from "../lib/router.ts";
import type { TableController } from "./controller.ts";

/** "Add a bot" and "Fill with bots" (organizer, lobby, free seats left). */
export function LobbyBotButtons(props: { table: TableView; ctl: TableController; busy: boolean }) {
  const free = () => props.table.capacity.max - props.table.lobby.length;
  return (
    <Show when={props.table.organizing && props.table.status === "lobby" && free() > 0}>
      <div class="row bot-buttons" data-lobby-bots>
        <button type="button" class="btn grow" data-control="add-bot" disabled={props.busy} onClick={() => props.ctl.control({ type: "add-bot" })}>
          ⚙ {t("bots.add")}
        </button>
        <button type="button" class="btn primary grow" data-control="fill-bots" disabled={props.busy} onClick={() => props.ctl.control({ type: "fill-bots" })}>
          ⚙⚙ {t("bots.fill")}
        </button>
      </div>
    </Show>
  );
}

/** "Remove" on a bot's row in the lobby (organizer only). */
export function RemoveBotButton(props: { table: TableView; seat: LobbySeatView; ctl?: TableController; busy: boolean }) {
  return (
    <Show when={props.ctl && props.seat.bot && props.table.organizing && props.table.status === "lobby"}>
      <button
        type="button"
        class="btn small"
        data-control="remove-bot"
        data-place={props.seat.place}
        aria-label={t("bots.removeLabel", { nickname: props.seat.nickname })}
        disabled={props.busy}
        onClick={() => props.ctl!.control({ type: "remove-bot", place: props.seat.place })}
      >
        {t("bots.remove")}
      </button>
    </Show>
  );
}

/**
 * Issue 18, RULES.md §6.10–§6.11, between games of an evening: who will be immune in the next game
 * (day 1 and night 1), or that a new evening starts; for the organizer in the next game's lobby, the
 * choices for that game — new seats (formats that keep them) and a new evening (formats with immunity).
 */
export function NextGame(props: { table: TableView; ctl?: TableController; busy: boolean }) {
  const immune = () => props.table.series.immune;
  const choose = () => props.ctl && props.table.organizing && props.table.status === "lobby" && props.table.series.game > 1;
  return (
    <>
      <Show when={immune()}>
        {(names) => (
          <p class="banner" role="status" data-evening-immune={names().join(", ")}>
            {names().length ? t("evening.immune", { names: names().join(", ") }) : t("evening.none")}
          </p>
        )}
      </Show>
      <Show when={choose()}>
        <div class="field setting" data-next-game-options>
          <Show when={props.table.presetId !== "sport"}>
            <label class="check">
              <input type="checkbox" name="next-redraw" checked={props.table.options.redrawSeats} disabled={props.busy} onChange={(e) => props.ctl!.control({ type: "options", redrawSeats: e.currentTarget.checked })} />
              <span>{t("evening.redraw")}</span>
            </label>
          </Show>
          <Show when={immune() !== undefined}>
            <label class="check">
              <input type="checkbox" name="next-new-evening" checked={props.table.options.newEvening} disabled={props.busy} onChange={(e) => props.ctl!.control({ type: "options", newEvening: e.currentTarget.checked })} />
              <span>{t("evening.new")}</span>
            </label>
          </Show>
        </div>
      </Show>
    </>
  );
}

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
export function PlayAgain(props: { table: TableView; seated: boolean; ctl: TableController; busy: boolean }) {
  const next = () => props.table.series.next;
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
          <For each={wins(props.table)}>{([side, n], i) => <span class={`team-${side}`}>{(i() > 0 ? " · " : "") + tk("team", side) + " " + n}</span>}</For>
        </p>
      </Show>
      <NextGame table={props.table} busy={props.busy} />
      <Show when={next()}>{(n) => <p class="banner" role="status" data-rematch-gathering={n().seated}>{t("rematch.gathering", { n: n().seated })}</p>}</Show>
      <Show when={props.seated}>
        <button type="button" class="btn primary wide" data-play-again disabled={props.busy} onClick={() => props.ctl.table({ type: "play-again" })}>
          ↻ {t("rematch.play")}
        </button>
      </Show>
    </section>
  );
}
