/** The guided first game's hint line over the action bar (what one may do now, and why). */
import { Show } from "solid-js";
import type { GameView } from "../../../shared/engine/types.ts";
import { t, tk } from "../i18n/index.ts";
import { hintFor, hintsOn, setHints } from "./hints.ts";

export function HintLine(props: { game: GameView }) {
  const hint = () => (hintsOn() ? hintFor(props.game) : null);
  return (
    <Show when={hint()}>
      {(h) => (
        <aside class="hint-line" aria-label={t("hint.label")} data-hint={h().key}>
          <p aria-live="polite">{tk("hint", h().key, h().params)}</p>
          <button type="button" class="icon-btn hint-hide" data-hint-hide aria-label={t("hint.hide")} title={t("hint.hide")} onClick={() => setHints(false)}>
            ✕
          </button>
        </aside>
      )}
    </Show>
  );
}
