/**
 * "explain before it happens": one tap on "?" beside the table opens what the seat marks mean
 * (⚑ ◉ ☑2 ✓♠ …) — only the marks the view lists for this viewer (`GameView.marks`: a black player's
 * teammate and the team's shot tally, the voter in turn and the consigliere, immunity, candidates, and the
 * curse, the witness and the Judge where the composition deals them). A `<details>`: keyboard and
 * screen-reader reachable, closed by default, nothing over the table.
 */
import { For } from "solid-js";
import type { GameView } from "../../../shared/engine/types.ts";
import { t } from "../i18n/index.ts";
import { legendRows } from "./legend.ts";

export function MarkLegend(props: { game: GameView }) {
  return (
    <details class="mark-legend" data-mark-legend>
      <summary aria-label={t("legend.open")}>
        <span aria-hidden="true">?</span> {t("legend.title")}
      </summary>
      <dl>
        <For each={legendRows(props.game)}>
          {([glyph, key]) => (
            <>
              <dt aria-hidden="true" data-legend-mark={key.slice("legend.".length)}>
                {key === "legend.fouls" ? t("seat.fouls", { n: 1 }) : glyph}
              </dt>
              <dd>{t(key)}</dd>
            </>
          )}
        </For>
      </dl>
    </details>
  );
}
