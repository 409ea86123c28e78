/**
 * The organizer's bot buttons in the lobby, and the next game's choices;
 * "Play again at this table" is PlayAgain.tsx. Every button is a frame (`control` add-bot / fill-bots /
 * remove-bot); the server decides, refusals come back as notices.
 */
import { createEffect, on, Show } from "solid-js";
import type { LobbySeatView, TableView } from "../../../shared/protocol/messages.ts";
import { t } from "../i18n/index.ts";
import type { TableController } from "./controller.ts";
import { shownName } from "./names.ts";
import { hintsOn } from "./hints.ts";
import { takeGuidedFill } from "../home/guided.ts";

/**
 * "Add a bot" and "Fill with bots" (organizer, lobby, free seats left). The same words
 * for what the button does in every format: at a table that starts by itself when full (sport, tatar)
 * it reads "Fill with bots and start"; at one the organizer starts (city, Custom), "Fill with bots",
 * and the Start button beside it takes the highlight once enough players sit (StartRow).
 */
export function LobbyBotButtons(props: { table: TableView; ctl: TableController; busy: boolean; start?: string | null }) {
  const free = () => props.table.capacity.max - props.table.lobby.length;
  const byCommand = () => props.start === "organizer-command";
  const ready = () => byCommand() && props.table.lobby.length >= props.table.capacity.min;
  const open = () => props.table.organizing && props.table.status === "lobby" && free() > 0;
  // The guided first game fills its table with bots as soon as its lobby opens (once).
  createEffect(() => {
    if (open() && !props.busy && takeGuidedFill(props.ctl.code)) props.ctl.control({ type: "fill-bots" });
  });
  return (
    <Show when={open()}>
      <Show when={hintsOn()}>
        <p class="panel hint-line" data-hint="lobby">
          {t("hint.lobby")}
        </p>
      </Show>
      <div class="row bot-buttons" data-lobby-bots>
        <button type="button" class="btn grow" data-control="add-bot" disabled={props.busy} onClick={() => props.ctl.control({ type: "add-bot" })}>
          ⚙ {t("bots.add")}
        </button>
        <button type="button" class="btn grow" classList={{ primary: !ready() }} data-control="fill-bots" disabled={props.busy} onClick={() => props.ctl.control({ type: "fill-bots" })}>
          ⚙⚙ {byCommand() || props.start == null ? t("bots.fill") : t("bots.fillStart")}
        </button>
      </div>
    </Show>
  );
}

/**
 * The Start button of a table started by the organizer's command (city, Custom, live-host
 * tables; RULES.md §5.1), next to "Fill with bots" near the top of the waiting room — not under the
 * list of seats (it sat at y ≈ 1025 on a 740 px phone). It is the highlighted button once enough
 * players sit ("Fill with bots" no longer is), and takes the focus when the table fills and the
 * pressed "Fill with bots" goes away.
 */
export function StartRow(props: { view: TableView; ctl: TableController; busy: boolean }) {
  let button: HTMLButtonElement | undefined;
  const ready = () => props.view.lobby.length >= props.view.capacity.min;
  const full = () => props.view.lobby.length >= props.view.capacity.max;
  createEffect(
    on(full, (now, before) => {
      if (now && before === false && button && (document.activeElement === null || document.activeElement === document.body)) {
        button.focus({ preventScroll: true });
        button.scrollIntoView({ block: "nearest" });
      }
    }),
  );
  return (
    <div class="start-row" data-start-row>
      <button ref={button} type="button" class="btn wide" classList={{ primary: ready() }} data-control="start" disabled={props.busy || !ready()} onClick={() => props.ctl.control({ type: "start" })}>
        ▶ {t("org.start")}
      </button>
      <p class="muted small" role="status">
        {ready() ? t("org.start.ready", { n: props.view.lobby.length }) : t("org.start.need", { n: props.view.capacity.min - props.view.lobby.length })}
      </p>
    </div>
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
        aria-label={t("bots.removeLabel", { nickname: shownName(props.seat.nickname, props.seat.bot) })}
        disabled={props.busy}
        onClick={() => props.ctl!.control({ type: "remove-bot", place: props.seat.place })}
      >
        {t("bots.remove")}
      </button>
    </Show>
  );
}

/**
 * RULES.md §6.10–§6.11, between games of an evening: who will be immune in the next game
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
            {names().length ? t("evening.immune", { names: names().map((n) => shownName(n)).join(", ") }) : t("evening.none")}
          </p>
        )}
      </Show>
      <Show when={choose()}>
        <div class="field setting" data-next-game-options>
          <Show when={props.table.series.keepsSeats}>
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
