/** The create form's number stepper and role-count row (the profile screen's seats and Custom's role counts; the club's role counts). */
import { t, tk } from "../i18n/index.ts";
import { roleAbout } from "../table/RoleCard.tsx";

/** A number with − and + buttons (thumb-sized on a phone); the input stays typeable. */
export function Stepper(props: { id: string; value: number; min: number; max: number; set: (n: number) => void; less: string; more: string; describedBy?: string; data?: Record<string, string> }) {
  return (
    <span class="stepper">
      <button type="button" class="btn small" aria-label={props.less} aria-controls={props.id} disabled={props.value <= props.min} onClick={() => props.set(props.value - 1)}>
        −
      </button>
      <input
        id={props.id}
        type="number"
        inputmode="numeric"
        min={props.min}
        max={props.max}
        step={1}
        value={String(props.value)}
        // Typing "12" passes through "1": only a value within bounds is taken while typing; leaving the field clamps.
        onInput={(e) => {
          const n = e.currentTarget.valueAsNumber;
          if (Number.isInteger(n) && n >= props.min && n <= props.max) props.set(n);
        }}
        onChange={(e) => props.set(e.currentTarget.valueAsNumber)}
        aria-describedby={props.describedBy}
        {...props.data}
      />
      <button type="button" class="btn small" aria-label={props.more} aria-controls={props.id} disabled={props.value >= props.max} onClick={() => props.set(props.value + 1)}>
        +
      </button>
    </span>
  );
}

/**
 * One role's count in a role editor (Custom's, §5.5; the club's, §6): its name, a stepper and its
 * one-line description (the role card's text). `data` marks the input for tests.
 */
export function RoleCountRow(props: { presetId: string; dealt: readonly string[]; role: string; id: string; value: number; min: number; max: number; set: (n: number) => void; data: Record<string, string> }) {
  const name = () => tk("role", props.role);
  return (
    <li data-role={props.role}>
      <div class="num">
        <label for={props.id}>{name()}</label>
        <Stepper id={props.id} value={props.value} min={props.min} max={props.max} set={props.set} less={t("profile.less", { role: name() })} more={t("profile.more", { role: name() })} data={props.data} />
      </div>
      <details>
        <summary class="small">{t("profile.whatItDoes")}</summary>
        <p class="muted small">{roleAbout(props.presetId, props.role, props.dealt)}</p>
      </details>
    </li>
  );
}
