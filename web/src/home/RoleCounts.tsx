/**
 * The create form's role counts for a format whose creator sets each game's composition without a fixed
 * table size (RULES.md §6 club: a count per role, Civilians fill the rest, 12–15 seats): a
 * stepper per role with its one-line description, and live checks from the engine (role-counts.ts):
 * a composition that can never start says why and turns Create off (`onChange` ok false), as the
 * profile screen does for Custom; one that starts only at some sizes says which.
 *
 * A lazy chunk: it reads the engine, which the home page's own JS must not carry.
 *
 * Hooks for tests: `[data-role-counts="<preset>"]`, `[data-club-count="<role>"]` (the inputs),
 * `[data-counts-status]`, `[data-counts-range]`, `[data-counts-problem]`, `[data-counts-reset]`.
 */
import { createEffect, createMemo, createSignal, For, Show } from "solid-js";
import { t, tk } from "../i18n/index.ts";
import type { PresetForm } from "./presets.ts";
import { checkCounts, countFields, type CountProblem, type Counts, defaultCounts } from "./role-counts.ts";
import { RoleCountRow } from "./Stepper.tsx";

/** What the form sends and whether Create is on. */
export interface CountsChoice {
  counts: Counts;
  ok: boolean;
}

export default function RoleCounts(props: { form: PresetForm; onChange: (c: CountsChoice) => void; /** The counts to start from (the table's, in a lobby); absent: the defaults. */ initial?: Counts }) {
  const id = props.form.id;
  const fields = countFields(id);
  const [counts, setCounts] = createSignal<Counts>({ ...defaultCounts(id), ...(props.initial ?? {}) });
  const check = createMemo(() => checkCounts(id, counts()));
  const isDefault = createMemo(() => fields.every((f) => (counts()[f.role] ?? 0) === f.default));
  createEffect(() => props.onChange({ counts: { ...counts() }, ok: check().range !== null }));
  const setCount = (role: string, n: number) => {
    const f = fields.find((x) => x.role === role);
    if (!f || !Number.isFinite(n)) return;
    setCounts({ ...counts(), [role]: Math.min(f.max, Math.max(f.min, Math.round(n))) });
  };
  return (
    <fieldset class="field roles-editor" data-role-counts={id} aria-describedby="counts-about counts-status">
      <legend>{t("create.counts")}</legend>
      <small id="counts-about" class="muted">
        {t("create.counts.about")}
      </small>
      <ul class="roles">
        <For each={fields}>
          {(f) => <RoleCountRow presetId={id} dealt={Object.keys(counts()).filter((r) => (counts()[r] ?? 0) > 0)} role={f.role} id={`club-count-${f.role}`} value={counts()[f.role] ?? 0} min={f.min} max={f.max} set={(n) => setCount(f.role, n)} data={{ "data-club-count": f.role }} />}
        </For>
      </ul>
      <p id="counts-status" class="small" role="status" data-counts-status={check().range ? "ok" : "refused"}>
        {t("create.counts.total", { n: check().roles })}
        <Show when={check().range && !check().full && check().range}>
          {(r) => <span data-counts-range={`${r().min}-${r().max}`}>{" " + (r().min === r().max ? t("create.counts.exact", { n: r().min }) : t("create.counts.range", { min: r().min, max: r().max }))}</span>}
        </Show>
        <For each={check().problems}>{(p) => <strong class="problem" data-counts-problem={p.kind}>{" " + problemText(p)}</strong>}</For>
      </p>
      <Show when={!isDefault()}>
        <button type="button" class="btn small" data-counts-reset onClick={() => setCounts(defaultCounts(id))}>
          {t("create.counts.reset")}
        </button>
      </Show>
    </fieldset>
  );
}

/** Why these counts can never start, in the catalogue's words (RULES.md §6). */
function problemText(p: CountProblem): string {
  switch (p.kind) {
    case "too-many":
      return t("create.counts.tooMany", { n: p.roles, seats: p.seats });
    case "needs-role":
      return t("create.counts.needs", { role: tk("role", p.role) });
    case "parity":
      return t("create.counts.parity", { black: p.black, red: p.red, seats: p.seats });
    default:
      return t("create.counts.refused");
  }
}
