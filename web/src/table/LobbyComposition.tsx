/**
 * RULES.md §6 "the composition is set for each game by the creator": in the lobby (the first
 * game's, or the next game's of an evening) the organizer edits the role counts — the create form's
 * editor (home/RoleCounts.tsx, with the engine's checks) starting from the table's counts — and applies
 * them (`control` composition). The server checks again; the table's seats become the counts' range.
 * A lazy chunk: the editor reads the engine.
 */
import { createSignal, Show } from "solid-js";
import presets from "virtual:preset-settings";
import type { TableView } from "../../../shared/protocol/messages.ts";
import RoleCounts, { type CountsChoice } from "../home/RoleCounts.tsx";
import { formOf } from "../home/presets.ts";
import { t } from "../i18n/index.ts";
import type { TableController } from "./controller.ts";

export default function LobbyComposition(props: { table: TableView; ctl: TableController; busy: boolean }) {
  const settings = presets.find((p) => p.id === props.table.presetId);
  const form = settings ? formOf(settings) : null;
  const current = () => Object.fromEntries((form?.roles ?? []).map((r) => [r, Number(props.table.settings[r] ?? 0)]));
  const [choice, setChoice] = createSignal<CountsChoice | null>(null);
  const changed = () => {
    const c = choice();
    return !!c && Object.entries(c.counts).some(([r, n]) => current()[r] !== n);
  };
  return (
    <Show when={form}>
      {(f) => (
        <details class="lobby-composition" data-lobby-composition>
          <summary>{t("composition.edit")}</summary>
          <RoleCounts form={f()} initial={current()} onChange={setChoice} />
          <button
            type="button"
            class="btn primary wide"
            data-composition-apply
            disabled={props.busy || !changed() || !choice()?.ok}
            onClick={() => props.ctl.control({ type: "composition", counts: choice()!.counts })}
          >
            {t("composition.apply")}
          </button>
        </details>
      )}
    </Show>
  );
}
