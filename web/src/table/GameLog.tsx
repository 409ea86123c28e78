/**
 * The public game log (and, at the end, the protocol): `view.log` as the server sent it, each entry
 * rendered through the catalogue by its event type. Ids inside the data (roles, check results,
 * technical-vote kinds, reasons) are translated too; an event type the catalogue does not know yet
 * is shown by its id with its seats, never dropped.
 */
import { createEffect, createMemo, For, Show } from "solid-js";
import type { LogEntryView } from "../../../shared/engine/types.ts";
import { own } from "../../../shared/own.ts";
import { type Params, t, tk } from "../i18n/index.ts";

/** Data keys whose string values are ids of a catalogue family. */
const FAMILY: Record<string, string> = { role: "role", result: "check", kind: "tech", team: "team", winner: "team", reason: "reason", how: "out", purpose: "purpose", phase: "phase" };

/** One item of an array in event data (ballots, tallies, roles, members) in a compact form. */
function item(x: unknown): string {
  if (typeof x !== "object" || x === null) return String(x);
  const o = x as Record<string, unknown>;
  if ("voter" in o && "target" in o) return `${o.voter}→${o.target}`;
  if ("voter" in o && "lift" in o) return `${o.voter} ${o.lift ? "✓" : "✗"}`;
  if ("seat" in o && "votes" in o) return `${o.seat}: ${o.votes}`;
  if ("seat" in o && typeof o.role === "string") return `${o.seat} ${tk("role", o.role)}`;
  if ("seat" in o) return String(o.seat);
  return "";
}

function value(k: string, v: unknown): string | number | null {
  // Team members are listed by seat only: roles stay on the role card (and in the final protocol).
  if (k === "members" && Array.isArray(v)) return v.map((m) => (m && typeof m === "object" ? String((m as { seat?: unknown }).seat) : String(m))).join(", ");
  if (typeof v === "number") return v;
  if (typeof v === "string") {
    const family = own(FAMILY, k);
    return family ? tk(family, v) : v;
  }
  if (typeof v === "boolean") return k === "passed" ? t(v ? "log.passed" : "log.failed") : t(v ? "log.yes" : "log.no");
  if (Array.isArray(v)) return v.map(item).filter(Boolean).join(", ");
  return null;
}

function paramsOf(data: Record<string, unknown>): Params {
  const p: Params = {};
  for (const [k, v] of Object.entries(data)) {
    const x = value(k, v);
    if (x !== null) p[k] = x;
  }
  return p;
}

export function formatEntry(e: LogEntryView): string {
  const p = paramsOf(e.data);
  const fallback = [e.type, ...Object.entries(p).map(([k, v]) => `${k} ${v}`)].join(" · ");
  return tk("log", e.type, p, fallback);
}

/**
 * Left out of the live log (the protocol at the end keeps them): bookkeeping noise, and the
 * player's own dealt card — the role is seen by holding the card, never in plain sight.
 */
const QUIET = new Set(["shout-ended", "tech-vote-pressed", "card-taken", "card-given", "role-dealt"]);

export function GameLog(props: { entries: LogEntryView[]; title: string; protocol?: boolean }) {
  const entries = createMemo(() => (props.protocol ? props.entries : props.entries.filter((e) => !QUIET.has(e.type))));
  let box: HTMLOListElement | undefined;
  createEffect(() => {
    void entries().length;
    if (box && !props.protocol) box.scrollTop = box.scrollHeight;
  });
  const newDay = (i: number) => i === 0 || entries()[i - 1]?.day !== entries()[i]?.day;
  return (
    <section class="panel log" aria-labelledby={props.protocol ? "protocol-title" : "log-title"}>
      <h2 id={props.protocol ? "protocol-title" : "log-title"}>{props.title}</h2>
      <Show when={entries().length > 0} fallback={<p class="muted">{t("log.empty")}</p>}>
        {/* The live region wraps the list (a role on the <ol> would hide its items' list semantics); the
            scrolling list takes the focus so a keyboard can scroll it (axe: scrollable-region-focusable). */}
        <div role={props.protocol ? undefined : "log"}>
        <ol ref={box} class="entries" tabindex={props.protocol ? undefined : 0} aria-labelledby={props.protocol ? undefined : "log-title"} classList={{ protocol: !!props.protocol }}>
          <For each={entries()}>
            {(e, i) => (
              <li data-event={e.type} classList={{ "day-start": newDay(i()) }}>
                <Show when={newDay(i())}>
                  <span class="day-tag">{e.day === 0 ? t("log.day0") : t("log.day", { day: e.day })}</span>
                </Show>
                <span class="txt">{formatEntry(e)}</span>
              </li>
            )}
          </For>
        </ol>
        </div>
      </Show>
    </section>
  );
}
