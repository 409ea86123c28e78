/**
 * The personal panel: the role card lies face down; holding it for two seconds (pointer, Space or
 * Enter) turns it face up (RULES.md §2.1, §5.1), "hide" or leaving the page turns it back. Nothing
 * secret is in the DOM while it is face down: role, teammates, own checks, the shooting plan and
 * (RULES.md §6, the Witness) the black seat he saw are rendered only when open.
 */
import { createEffect, createSignal, For, onCleanup, Show } from "solid-js";
import { own } from "../../../shared/own.ts";
import type { GameView, RoleId, SeatView } from "../../../shared/engine/types.ts";
import type { MessageKey } from "../i18n/en.ts";
import { has, t, tk } from "../i18n/index.ts";
import { roleAboutKeys, SAVERS } from "./logText.ts";
import { shownName } from "./names.ts";
import { TEAM_MARK } from "./Oval.tsx";
import { marksShown, setMarksShown } from "./phase.ts";
import { createHold } from "./RolePeek.tsx";

type You = NonNullable<GameView["you"]>;

/**
 * What the role does in this format (RULES.md §2 sport, §3 city): the preset's own text, else the role's
 * general one, with the notes about the other roles `dealt` (logText.ts roleAboutKeys).
 */
export function roleAbout(presetId: string | undefined, role: string, dealt: readonly string[]): string {
  return roleAboutKeys(presetId, role as RoleId, dealt, has).map((k) => t(k as MessageKey)).join(" ");
}

/**
 * `onOpenChange` tells the table whether the card is face up: the "show my marks" toggle lives on the
 * open card only, and the oval draws the checks only while it is open (the teammates always, mine.ts marksOf).
 */

/** The protections the catalogue names (`saved.with.<id>`). */
const SAVER_IDS: readonly string[] = SAVERS;
export function RoleCard(props: { you: You; seats: SeatView[]; presetId?: string; dealt?: readonly string[]; witnessed?: number | null; saved?: ReadonlyArray<{ night: number; with: readonly string[] }>; onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = createSignal(false);
  createEffect(() => props.onOpenChange?.(open() && !!props.you.role));
  onCleanup(() => props.onOpenChange?.(false));
  const { holding, cancel, events } = createHold(() => !open() && !!props.you.role, () => setOpen(true), () => setOpen(false));
  const hide = () => {
    cancel();
    setOpen(false);
  };

  const nick = (seat: number) => {
    const s = props.seats.find((x) => x.seat === seat);
    return s ? shownName(s.nickname, s.bot) : "";
  };
  const roleOf = (seat: number) => props.seats.find((s) => s.seat === seat)?.role;

  return (
    <section class="panel role-panel" aria-labelledby="role-title">
      <h2 id="role-title">{t("card.title")}</h2>
      <Show
        when={open() && props.you.role}
        fallback={
          <button
            type="button"
            class="card face-down"
            classList={{ holding: holding() }}
            disabled={!props.you.role}
            aria-label={props.you.role ? t("card.hold") : t("card.none")}
            aria-describedby="role-hint"
            {...events}
          >
            <span class="card-back" aria-hidden="true">♠♥</span>
            <span class="hold-bar" aria-hidden="true" />
            <span id="role-hint" class="hint">{holding() ? t("card.holding") : props.you.role ? t("card.hold") : t("card.none")}</span>
          </button>
        }
      >
        {(role) => (
          <div class="card face-up" classList={{ [`team-${props.you.team ?? "none"}`]: true }}>
            <p class="role-name" data-role-seat={props.you.seat} data-role={role()}>
              <span class="team-mark" aria-hidden="true">{own(TEAM_MARK, props.you.team ?? "") ?? ""}</span> {tk("role", role())}
            </p>
            <Show when={props.you.team}>{(team) => <p class="team-name">{tk("team", team())}</p>}</Show>
            <Show when={roleAbout(props.presetId, role(), props.dealt ?? [])}>{(about) => <p class="role-about small">{about()}</p>}</Show>
            <Show when={props.you.teammates.length > 0}>
              <h3>{t("card.teammates")}</h3>
              <ul class="mates">
                <For each={props.you.teammates}>
                  {(seat) => (
                    <li data-teammate={seat}>
                      {t("seat.n", { seat })} · {nick(seat)}
                      <Show when={roleOf(seat)}>
                        {(r) => (
                          <span data-role-seat={seat} data-role={r()}>
                            {" · " + tk("role", r())}
                          </span>
                        )}
                      </Show>
                    </li>
                  )}
                </For>
              </ul>
            </Show>
            {/* §6 (decision) the Witness's black seat, learned at the acquaintance night: on his card for the whole game. */}
            <Show when={props.witnessed}>
              {(seat) => (
                <>
                  <h3>{t("card.witnessed")}</h3>
                  <p class="witnessed" data-witness={seat()}>
                    <span aria-hidden="true">♠ </span>
                    {t("card.witnessed.seat", { seat: seat(), nickname: nick(seat()) })}
                  </p>
                </>
              )}
            </Show>
            {/* RULES.md §5.1 decision: what saved this player, on their own card only. */}
            <Show when={props.saved?.length}>
              <h3>{t("card.saved")}</h3>
              <ul class="saved">
                <For each={props.saved}>
                  {(x) => (
                    <li data-saved-night={x.night}>
                      {t("card.saved.night", { night: x.night, with: x.with.map((id) => tk("saved.with", SAVER_IDS.includes(id) ? id : "other")).join(", ") })}
                    </li>
                  )}
                </For>
              </ul>
            </Show>
            <Show when={props.you.shootingPlan?.length}>
              <h3>{t("card.plan")}</h3>
              <p class="plan">{props.you.shootingPlan?.join(" → ")}</p>
            </Show>
            <Show when={props.you.checks.length > 0}>
              <h3>{t("card.checks")}</h3>
              <ul class="checks">
                <For each={props.you.checks}>
                  {(c) => (
                    <li data-check-seat={c.target} data-check-result={c.result}>
                      {t("card.check", { night: c.night, target: c.target, result: tk("check", c.result) })}
                    </li>
                  )}
                </For>
              </ul>
            </Show>
            <label class="marks-toggle">
              <input type="checkbox" data-marks-toggle checked={marksShown()} onChange={(e) => setMarksShown(e.currentTarget.checked)} /> {t("marks.toggle")}
            </label>
            <button type="button" class="btn ghost" onClick={hide}>
              {t("card.hide")}
            </button>
          </div>
        )}
      </Show>
    </section>
  );
}
