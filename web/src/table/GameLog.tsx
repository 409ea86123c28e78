/**
 * The public game log (and, at the end, the protocol): `view.log` as the server sent it, each entry
 * phrased for this viewer by logText.ts (the viewer's own entries read "you"; at the end the acting
 * seats are named with their roles) and rendered through the catalogue. Ids inside the data (roles,
 * check results, night steps, reasons) are translated too; an event type the catalogue does not know
 * yet is shown by its id with its data, never dropped.
 */
import { createEffect, createMemo, For, Show } from "solid-js";
import type { AnyLogEntry, RoleId, Seat } from "../../../shared/engine/types.ts";
import { type Params, has, t, tk } from "../i18n/index.ts";
import { logRows } from "./log-fold.ts";
import { type Arg, type Line, type LogViewer, logLines } from "./logText.ts";

/** An argument of a log line in the current language. */
function resolve(a: Arg): string | number {
  if (typeof a === "string" || typeof a === "number") return a;
  if ("ref" in a) return tk(a.ref, a.id);
  if ("join" in a) return a.items.map(resolve).join(a.join);
  return render(a.key, a.params);
}

function render(key: string, args: Record<string, Arg>, fallback?: string): string {
  const p: Params = {};
  for (const [k, v] of Object.entries(args)) p[k] = resolve(v);
  if (has(key)) return t(key, p);
  // An event type the catalogue does not know yet is shown by its id with its data, never dropped.
  return fallback ?? [key.replace(/^log\./, ""), ...Object.entries(p).map(([k, v]) => `${k} ${v}`)].join(" · ");
}

export function lineText(l: Line): string {
  return render(l.key, l.params);
}

const NOBODY: LogViewer = { seat: null, roles: null };

/** An entry as one string (the host panel's short list). */
export function formatEntry(e: AnyLogEntry, viewer: LogViewer = NOBODY): string {
  return logLines(e, viewer).map(lineText).join(" · ");
}

export function GameLog(props: {
  entries: AnyLogEntry[];
  title: string;
  protocol?: boolean;
  /** The viewer's own seat: its entries read "you". */
  seat?: Seat | null;
  /** Roles the log may name (the result's at the end). */
  roles?: ReadonlyMap<Seat, RoleId> | null;
}) {
  const viewer = (): LogViewer => ({ seat: props.seat ?? null, roles: props.roles ?? null });
  // The rows, extended by each frame's new entries only (log-fold.ts): a row keeps its object, so the
  // list renders only the new lines and no row's "new day" tag is worked out again.
  const rows = createMemo(() => {
    const fold = logRows(!!props.protocol);
    return createMemo(() => fold(props.entries));
  });
  const entries = () => rows()();
  let box: HTMLOListElement | undefined;
  // Scrolled to the newest line before the next paint, not inside the frame's handler: reading
  // scrollHeight there forces a layout of the half-updated page, and the page lays out again after.
  let scrollQueued = false;
  createEffect(() => {
    void entries().length;
    if (!box || props.protocol || scrollQueued) return;
    scrollQueued = true;
    requestAnimationFrame(() => {
      scrollQueued = false;
      if (box) box.scrollTop = box.scrollHeight;
    });
  });
  return (
    <section class="panel log" aria-labelledby={props.protocol ? "protocol-title" : "log-title"}>
      <h2 id={props.protocol ? "protocol-title" : "log-title"}>{props.title}</h2>
      <Show when={entries().length > 0} fallback={<p class="muted">{t("log.empty")}</p>}>
        {/* The live region wraps the list (a role on the <ol> would hide its items' list semantics); the
            scrolling list takes the focus so a keyboard can scroll it (axe: scrollable-region-focusable). */}
        <div role={props.protocol ? undefined : "log"}>
        <ol ref={box} class="entries" tabindex={props.protocol ? undefined : 0} aria-labelledby={props.protocol ? undefined : "log-title"} classList={{ protocol: !!props.protocol }}>
          <For each={entries()}>
            {(row) => (
              <For each={logLines(row.e, viewer())}>
                {(line, j) => (
                  <li data-event={line.type} data-key={line.key} classList={{ "day-start": j() === 0 && row.startsDay }}>
                    <Show when={j() === 0 && row.startsDay}>
                      <span class="day-tag">{row.e.day === 0 ? t("log.day0") : t("log.day", { day: row.e.day })}</span>
                    </Show>
                    <span class="txt">{lineText(line)}</span>
                  </li>
                )}
              </For>
            )}
          </For>
        </ol>
        </div>
      </Show>
    </section>
  );
}
