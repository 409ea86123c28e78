/**
 * The profile screen of the create form (RULES.md §5.5): for a phone-app profile, what may be
 * changed, the number of seats (the profile's range), the recommended composition for that size (each
 * role with its one-line description, the same text as the role card), and for Custom the role editor
 * with live validation and the balance meter.
 *
 * A lazy chunk: it reads the engine (composition.ts), which the initial bundle must not carry. The
 * create form keeps the ordinary settings (tempo, vote…); this screen reports the seats, Custom's role
 * counts and whether the table may be created (`onChange`).
 *
 * Hooks for tests: `#profile-seats`, `[data-profile]`, `[data-composition] [data-role]`,
 * `[data-role-count="<role>"]` (Custom's inputs), `[data-role-diff]`, `[data-profile-problem]`,
 * `[data-profile-reset]`; the meter's in BalanceMeter.tsx.
 */
import { createEffect, createMemo, createSignal, For, on, Show } from "solid-js";
import { t, tk } from "../i18n/index.ts";
import { roleAbout } from "../table/RoleCard.tsx";
import { BalanceMeter } from "./BalanceMeter.tsx";
import { composition, countSettings, EDITOR_ROLES, problems, setRoleCount, sidesDealt, startingCounts, total, type Counts, type Problem } from "./composition.ts";
import type { PresetForm, ProfileChoice } from "./presets.ts";
import { RoleCountRow, Stepper } from "./Stepper.tsx";


/** The seats a profile screen opens with: 10 within the profile's range (Fast: 8). */
export const defaultSeats = (f: PresetForm) => Math.min(f.seats.max, Math.max(f.seats.min, 10));

const sameCounts = (a: Counts, b: Counts) => EDITOR_ROLES.every((r) => (a[r] ?? 0) === (b[r] ?? 0));

export default function ProfileScreen(props: { form: PresetForm; dayRules: Record<string, unknown>; onChange: (c: ProfileChoice) => void }) {
  const f = props.form;
  const custom = f.roles.length > 0;
  const [seats, setSeatsRaw] = createSignal(defaultSeats(f));
  const [counts, setCounts] = createSignal<Counts>(custom ? startingCounts(f.id, seats()) : {});
  const setSeats = (n: number) => {
    if (!Number.isFinite(n)) return;
    setSeatsRaw(Math.min(f.seats.max, Math.max(f.seats.min, Math.round(n))));
  };
  // §5.5 "changing the number of seats recomputes the recommended composition": Custom follows it while
  // its counts are untouched; edited counts stay, and the difference is shown (and Reset is offered).
  createEffect(
    on(seats, (n, prev) => {
      if (!custom || prev === undefined) return;
      if (sameCounts(counts(), startingCounts(f.id, prev))) setCounts(startingCounts(f.id, n));
    }),
  );
  const recommended = createMemo(() => composition(f.id, seats()));
  // The roles the editor deals now: a role's line names another role only where that one is dealt (logText.ts roleAboutKeys).
  const dealtNow = createMemo(() => Object.keys(counts()).filter((r) => (counts()[r] ?? 0) > 0));
  const issues = createMemo<Problem[]>(() => (custom ? problems(f.id, counts(), seats()) : []));
  const isRecommended = createMemo(() => custom && sameCounts(counts(), startingCounts(f.id, seats())));
  createEffect(() => props.onChange({ seats: seats(), counts: custom ? countSettings(counts()) : {}, ok: issues().length === 0 }));
  const setCount = (role: string, n: number) => {
    if (!Number.isFinite(n)) return;
    // A role added or removed takes or gives back a Civilian's seat, so the total stays.
    setCounts(setRoleCount(counts(), role, n));
  };

  return (
    <section class="profile" data-profile={f.id} aria-labelledby="profile-title">
      <h3 id="profile-title" class="sr-only">
        {tk("preset", f.id)}
      </h3>
      <p class="muted small" data-profile-changes>
        {tk("profile.changes", f.id, undefined, "")}
      </p>
      <div class="field setting">
        <label class="num" for="profile-seats">
          <span>{t("profile.seats")}</span>
        </label>
        <Stepper
          id="profile-seats"
          value={seats()}
          min={f.seats.min}
          max={f.seats.max}
          set={setSeats}
          less={t("profile.seats.less")}
          more={t("profile.seats.more")}
          describedBy="profile-seats-about"
        />
        <small id="profile-seats-about" class="muted">
          {t("profile.seats.about", { min: f.seats.min, max: f.seats.max })}
        </small>
      </div>
      <Show
        when={custom}
        fallback={
          <div class="field" data-composition>
            <p class="composition-title">{t("profile.composition", { n: seats() })}</p>
            <ul class="roles">
              <For each={recommended()}>
                {(row) => (
                  <li data-role={row.role} data-count={row.count}>
                    <details>
                      <summary>
                        {tk("role", row.role)} × {row.count}
                      </summary>
                      <p class="muted small">{roleAbout(f.id, row.role, recommended().map((r) => r.role))}</p>
                    </details>
                  </li>
                )}
              </For>
            </ul>
          </div>
        }
      >
        <fieldset class="field roles-editor" data-composition="custom" aria-describedby="editor-about editor-status">
          <legend>{t("profile.editor")}</legend>
          <small id="editor-about" class="muted">
            {t("profile.editor.about")}
          </small>
          <ul class="roles">
            <For each={EDITOR_ROLES}>
              {(role) => <RoleCountRow presetId={f.id} dealt={dealtNow()} role={role} id={`role-count-${role}`} value={counts()[role] ?? 0} min={0} max={20} set={(n) => setCount(role, n)} data={{ "data-role-count": role }} />}
            </For>
          </ul>
          <p id="editor-status" class="small" role="status" data-role-diff={total(counts()) - seats()}>
            {t("profile.total", { total: total(counts()), seats: seats() })}
            <For each={issues()}>{(p) => <span data-profile-problem={p.kind}>{" " + problemText(p)}</span>}</For>
          </p>
          <Show when={!isRecommended()}>
            <button type="button" class="btn small" data-profile-reset onClick={() => setCounts(startingCounts(f.id, seats()))}>
              {t("profile.reset")}
            </button>
          </Show>
        </fieldset>
        <BalanceMeter
          presetId={f.id}
          seats={seats()}
          sides={sidesDealt(f.id, { ...props.dayRules, ...countSettings(counts()) }, seats())}
          settings={{ ...props.dayRules, ...countSettings(counts()) }}
          baseline={props.dayRules}
          playable={issues().length === 0}
          isRecommended={isRecommended()}
        />
      </Show>
    </section>
  );
}

/** One problem of a Custom composition, in the catalogue's words (RULES.md §5.5); the engine's typed reason otherwise. */
function problemText(p: Problem): string {
  switch (p.kind) {
    case "too-many":
      return t("profile.tooMany", { n: "n" in p ? p.n : p.roles - p.seats });
    case "too-few":
      return t("profile.tooFew", { n: p.n });
    case "no-shot":
      return t("profile.noShot");
    case "parity":
      return t("profile.parity", { black: p.black, red: p.red });
    default:
      return t("profile.refused");
  }
}
