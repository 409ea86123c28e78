/**
 * The hold that turns a card face up (RULES.md §2.1: a role is peeked by holding it), and the small
 * face-down chip in the oval's corner that uses it. Apart from the role card (RoleCard.tsx, a chunk the
 * table loads once a seat is dealt), because the chip is on the table's first paint.
 */
import { createSignal, onCleanup, Show } from "solid-js";
import { own } from "../../../shared/own.ts";
import type { RoleId } from "../../../shared/engine/types.ts";
import { t, tk } from "../i18n/index.ts";
import { TEAM_MARK } from "./Oval.tsx";

export const HOLD_MS = 2000;

/**
 * One's role reachable without scrolling away from the table — a small face-down chip in the
 * oval's corner, peeked the same way as the card (held for HOLD_MS; Space or Enter held on the keyboard).
 * While held it shows the role and team mark; letting go turns it face down again. The full card (the
 * teammates, the checks) stays below the table.
 */
export function RolePeek(props: { role: RoleId; team: string | null }) {
  const [shown, setShown] = createSignal(false);
  // Shown only while held: letting go (or the page hidden) turns it face down again.
  const { holding, events } = createHold(() => !shown(), () => setShown(true), () => setShown(false), { hideOnRelease: true });
  return (
    <button
      type="button"
      class="role-peek"
      classList={{ holding: holding(), shown: shown() }}
      aria-label={shown() ? tk("role", props.role) : t("card.hold")}
      title={t("card.hold")}
      data-role-peek={shown() ? props.role : undefined}
      {...events}
    >
      <Show when={shown()} fallback={<span aria-hidden="true">♠♥</span>}>
        <span class="role-peek-face" role="status">
          <span aria-hidden="true">{own(TEAM_MARK, props.team ?? "") ?? ""} </span>
          {tk("role", props.role)}
        </span>
      </Show>
    </button>
  );
}

/**
 * The two-second hold (002: a role is peeked by holding it; RULES.md §2.1): `canStart` — may a hold begin;
 * `onTurned` after HOLD_MS held; `onHide` when the page is hidden (and, with `hideOnRelease`, when the
 * hold ends). `events` go on the held button: pointer (captured), Space or Enter held, and no click or
 * context menu of its own.
 */
export function createHold(canStart: () => boolean, onTurned: () => void, onHide: () => void, o: { hideOnRelease?: boolean } = {}) {
  const [holding, setHolding] = createSignal(false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    if (holding() || !canStart()) return;
    setHolding(true);
    timer = setTimeout(() => {
      setHolding(false);
      onTurned();
    }, HOLD_MS);
  };
  const cancel = () => {
    clearTimeout(timer);
    setHolding(false);
    if (o.hideOnRelease) onHide();
  };
  const onVisibility = () => {
    if (document.visibilityState !== "hidden") return;
    cancel();
    onHide();
  };
  document.addEventListener("visibilitychange", onVisibility);
  onCleanup(() => {
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", onVisibility);
  });
  const events = {
    onPointerDown: (e: PointerEvent & { currentTarget: HTMLButtonElement }) => {
      e.currentTarget.setPointerCapture?.(e.pointerId);
      start();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onLostPointerCapture: cancel,
    onContextMenu: (e: MouseEvent) => e.preventDefault(),
    onKeyDown: (e: KeyboardEvent) => {
      if ((e.key === " " || e.key === "Enter") && !e.repeat) {
        e.preventDefault();
        start();
      }
    },
    onKeyUp: (e: KeyboardEvent) => {
      if (e.key === " " || e.key === "Enter") cancel();
    },
    onBlur: cancel,
    onClick: (e: MouseEvent) => e.preventDefault(),
  };
  return { holding, cancel, events };
}
