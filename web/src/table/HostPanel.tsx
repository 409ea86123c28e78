/**
 * The live host's screen (RULES.md §5.7): the Confirm button for night, voting and revoting (when the
 * server says `game.host.canConfirm`; highlighted when everyone required has acted), who still has to
 * act, who is connected, and what was confirmed in this stage (the host's view carries every event).
 * The roles are on the oval. Never to be shown to the table.
 */
import { createMemo, For, Show } from "solid-js";
import type { AnyLogEntry, GameView, HostPanel as HostInfo, LogType } from "../../../shared/engine/types.ts";
import type { TableView } from "../../../shared/protocol/messages.ts";
import { t } from "../i18n/index.ts";
import { formatEntry } from "./GameLog.tsx";
import { rolesFrom } from "./logText.ts";

/** Events that open a stage: what comes after them is "this stage". */
const OPENERS = new Set<LogType>(["day-started", "night-fell", "checks-started", "voting-started", "lift-vote-started", "speech-started", "dealing-started"]);

export type { HostInfo };

/** The live host's panel of this view (only the host's view carries one). */
export function hostInfo(g: GameView | null | undefined): HostInfo | null {
  return g?.host ?? null;
}

export function HostPanel(props: { view: TableView; game: GameView; busy: boolean; onConfirm: () => void }) {
  const info = () => hostInfo(props.game);
  const stage = createMemo<AnyLogEntry[]>(() => {
    const log = props.game.log;
    let i = log.length - 1;
    while (i >= 0 && !OPENERS.has(log[i]!.type)) i--;
    return log.slice(Math.max(0, i));
  });
  const people = () => props.view.lobby.filter((p) => !p.bot);
  const online = () => people().filter((p) => p.connected).length;
  return (
    <section class="panel host-panel" aria-labelledby="host-title" data-host-panel>
      <h2 id="host-title">{t("host.title")}</h2>
      <p class="muted small">{t("host.private")}</p>
      <Show when={info()?.canConfirm}>
        <button type="button" class="btn wide" classList={{ primary: info()!.waiting, ready: info()!.waiting }} data-host-confirm={info()!.waiting ? "ready" : "early"} disabled={props.busy} onClick={() => props.onConfirm()}>
          ✔ {info()!.waiting ? t("host.confirmReady") : t("host.confirm")}
        </button>
      </Show>
      <p data-pending={(info()?.pending ?? []).join(",")}>
        <strong>{t("host.pending")}</strong> {(info()?.pending ?? []).length ? (info()?.pending ?? []).join(", ") : t("host.nobody")}
      </p>
      <p>
        <strong>{t("host.connected")}</strong> {t("host.online", { n: online(), total: people().length })}
      </p>
      <h3>{t("host.stage")}</h3>
      <ol class="entries stage">
        <For each={stage()}>{(e) => <li data-event={e.type}>{formatEntry(e, { seat: null, roles: rolesFrom(props.game.seats) })}</li>}</For>
      </ol>
    </section>
  );
}
