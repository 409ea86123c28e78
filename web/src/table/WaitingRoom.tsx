/** The table while its status is "lobby": who has joined, seats left, the code to share. */
import { For, lazy, Show, Suspense } from "solid-js";
import type { TableView } from "../../../shared/protocol/messages.ts";
import { t } from "../i18n/index.ts";
import { withParts } from "../routes.ts";
import type { TableController } from "./controller.ts";
import { setsComposition } from "./advisor.ts";
import { LobbyBotButtons, NextGame, RemoveBotButton, StartRow } from "./Series.tsx";
import { shownName } from "./names.ts";
import { ShareCode } from "./ShareCode.tsx";

/** The organizer's role counts for the next game (a lazy chunk: it reads the engine). */
const LobbyComposition = lazy(() => withParts(import("./LobbyComposition.tsx"), "panels"));

export function WaitingRoom(props: { table: TableView; youNickname: string | null; start?: string | null; ctl?: TableController; busy?: boolean }) {
  const left = () => Math.max(0, props.table.capacity.max - props.table.lobby.length);
  return (
    <section class="panel waiting" aria-labelledby="wait-title">
      <h2 id="wait-title">{t("wait.title")}</h2>
      <Show when={props.table.series.game > 1}>
        <p class="muted small" data-series-game={props.table.series.game}>{t("series.game", { n: props.table.series.game })}</p>
        <NextGame table={props.table} ctl={props.ctl} busy={props.busy ?? false} />
      </Show>
      <ShareCode code={props.table.code} />
      <p class="left" role="status" data-seats-left={left()}>
        {/* §7.10: a full rating table whose newcomer has no consigliere yet waits (the panel above says for whom). */}
        {left() > 0 ? t("wait.left", { n: left() }) : props.start === "organizer-command" ? "" : props.table.lobby.some((p) => p.needsConsigliere) ? t("needsConsigliere.title") : t("wait.full")}
      </p>
      <Show when={props.start === "organizer-command"}>
        <p class="muted small" data-start="organizer-command">
          {/* A table of one size says "once 11 players sit", not "once 11 to 11". */}
          {props.table.capacity.min === props.table.capacity.max
            ? t("wait.organizerStarts.exact", { n: props.table.capacity.max })
            : t("wait.organizerStarts", { min: props.table.capacity.min, max: props.table.capacity.max })}
        </p>
      </Show>
      <Show when={props.ctl}>{(ctl) => <LobbyBotButtons table={props.table} ctl={ctl()} busy={props.busy ?? false} start={props.start ?? null} />}</Show>
      <Show when={props.ctl && props.table.organizing && props.table.status === "lobby" && props.start === "organizer-command" && props.ctl}>
        {(ctl) => <StartRow view={props.table} ctl={ctl()} busy={props.busy ?? false} />}
      </Show>
      <Show when={props.ctl && props.table.organizing && props.table.status === "lobby" && setsComposition(props.table.presetId) && props.ctl}>
        {(ctl) => (
          <Suspense fallback={<p class="muted small">{t("home.working")}</p>}>
            <LobbyComposition table={props.table} ctl={ctl()} busy={props.busy ?? false} />
          </Suspense>
        )}
      </Show>
      <h3>{t("wait.joined")}</h3>
      <ol class="joined">
        <For each={props.table.lobby}>
          {(p) => (
            <li classList={{ you: p.nickname === props.youNickname, away: !p.connected, bot: p.bot }} data-lobby-bot={p.bot ? p.place : undefined}>
              <span class="place">{t("wait.place", { place: p.place })}</span> {shownName(p.nickname, p.bot)}
              <Show when={p.bot}>
                <span class="tag">⚙ {t("seat.bot")}</span>
              </Show>
              <Show when={p.nickname === props.youNickname}>
                <span class="tag">{t("seat.you")}</span>
              </Show>
              <span class="sr-only">, {p.connected ? t("seat.online") : p.neverConnected ? t("away.never") : t("seat.away")}</span>
              <Show when={!p.connected}>
                <span class="tag" aria-hidden="true">◌ {p.neverConnected ? t("away.never") : t("seat.away")}</span>
              </Show>
              <RemoveBotButton table={props.table} seat={p} ctl={props.ctl} busy={props.busy ?? false} />
            </li>
          )}
        </For>
      </ol>
    </section>
  );
}
