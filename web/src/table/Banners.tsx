/** The pause banner (who paused, why, whom we wait for, the frozen time) and the spectator-delay notice. */
import { Show } from "solid-js";
import type { TableView } from "../../../shared/protocol/messages.ts";
import { t, tk } from "../i18n/index.ts";
import { awayText, clockText } from "./presence.ts";

export function PauseBanner(props: { view: TableView; now: number }) {
  const by = () => {
    const b = props.view.pause?.by ?? props.view.game?.paused?.by ?? "";
    return tk("by", b, undefined, b);
  };
  const absent = () => {
    const seat = props.view.pause?.absentSeat;
    return seat == null ? null : (props.view.lobby.find((p) => p.seat === seat) ?? null);
  };
  const left = () => props.view.game?.paused?.remainingMs;
  return (
    <Show when={props.view.pause || props.view.game?.paused}>
      <div class="banner pause" role="status" data-pause={props.view.pause?.reason ?? "organizer"} data-absent-seat={props.view.pause?.absentSeat ?? ""}>
        <strong>❚❚ {t("pause.by", { by: by() })}</strong>
        <Show when={absent()} fallback={<span> — {t("pause.organizer")}</span>}>
          {(p) => <span> — {t("pause.waiting", { seat: p().seat ?? "", nickname: p().nickname, away: awayText(p().awaySince, props.now) })}</span>}
        </Show>
        <Show when={left() != null}>
          <br />
          <small>{t("pause.left", { time: clockText(left()!) })}</small>
        </Show>
      </div>
    </Show>
  );
}

export function DelayBanner(props: { delayMs: number }) {
  return (
    <Show when={props.delayMs > 0}>
      <p class="banner delayed" role="status" data-delay={props.delayMs}>
        {t("spectate.delayed", { n: Math.round(props.delayMs / 1000) })}
      </p>
    </Show>
  );
}
