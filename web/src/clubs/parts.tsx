/** Pieces the club screens share: an evening's time, its line in a list, the sign-up window, notices. */
import { type Accessor, For, type JSX, Show } from "solid-js";
import { eveningTime, zoneLabel } from "../../../shared/clubs/time.ts";
import type { ClubNotice, EveningSummary, YourSignup } from "../../../shared/protocol/clubs.ts";
import { lang, LOCALE, t, tk } from "../i18n/index.ts";
import { ApiError } from "../lib/api.ts";
import { eveningPath, onLinkClick } from "../lib/router.ts";
import { errorText } from "../ui/Notice.tsx";
import { tc } from "./messages.ts";

/** The viewer's own time zone (the browser's). */
export const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** A zone as a person reads it in the page's language ("Europe/Kyiv" → "Eastern European Time"). */
export const zoneName = (tz: string): string => zoneLabel(tz, LOCALE[lang()]);

/** A format's seats: "10–12 players", or "12 players" when it has one size (never "10–10"). */
export const seatsText = (seats: { min: number; max: number }): string =>
  seats.min === seats.max ? tc("evening.seats.exact", { n: seats.min }) : tc("evening.seats.value", { min: seats.min, max: seats.max });

/** Season points as shown: at most two decimals, no trailing zeros (2.5, 0.3, −1). */
export const pointsText = (x: number): string => (Math.round(x * 100) / 100).toString();

/** A time in the viewer's zone, the club's zone always named (and its own clock when it differs). */
export function When(props: { ms: number; zone: string }) {
  const parts = () => eveningTime(props.ms, props.zone, viewerZone(), LOCALE[lang()]);
  return (
    <span class="when">
      <time datetime={new Date(props.ms).toISOString()}>{parts().local}</time>
      <span class="muted"> · {parts().club === null ? zoneName(parts().zone) : tc("evening.clubTime", { time: parts().club!, zone: zoneName(parts().zone) })}</span>
    </span>
  );
}

/** Plain text of an evening's start in the viewer's zone (for sentences). */
export const whenText = (ms: number, zone: string): string => eveningTime(ms, zone, viewerZone(), LOCALE[lang()]).local;

/** The sign-up's state for lists: open, not yet, closed, started, cancelled. */
export function signupLine(e: EveningSummary): string {
  // The evening's own state, worded to read after "Sign-up:" too.
  // An evening whose table played its last game reads as played, not as still starting.
  if (e.status === "started" && e.endedAt !== null) return tc("status.played", { n: e.games });
  if (e.status === "started") return tc("status.started");
  if (e.status === "cancelled") return tc("status.cancelled");
  if (e.signup.open) return tc("signup.open");
  if (e.status === "open" && Date.now() < e.signup.opensAt) return tc("signup.notYet", { time: whenText(e.signup.opensAt, e.timeZone) });
  return tc("signup.closed");
}

/** The viewer's state in one short phrase ("seat", "reserve, number 3"). */
export function stateShort(you: YourSignup): string {
  if (you.state === "reserve") return tc("mine.reserve", { n: you.position ?? 0 });
  return you.confirmed ? tc("mine.seated.confirmed") : tc("mine.seated");
}

/** One evening in a list: a link with its time, place, format, counts and sign-up state. */
export function EveningItem(props: { e: EveningSummary; extra?: string }) {
  return (
    <li data-evening={props.e.id} data-status={props.e.status}>
      <a href={eveningPath(props.e.clubId, props.e.id)} onClick={onLinkClick} class="block-link">
        <strong>
          <When ms={props.e.startsAt} zone={props.e.timeZone} />
        </strong>
        <br />
        <span>
          {props.e.online ? tc("evening.online") : props.e.place} · {tk("preset", props.e.presetId)}
          {props.e.weekly ? ` · ${tc("evening.weekly")}` : ""}
          {props.e.ageCheck ? ` · ${tc("club.adults")}` : ""}
        </span>
        <br />
        <small class="muted">
          {/* The sign-up's counts while it matters; once the table is on, the seat at the table is the seat at the evening, and the line says what was played. */}
          <Show when={props.e.status === "open"}>
            <span data-evening-counts>{tc("evening.count", { seated: props.e.seated, max: props.e.seats.max, reserve: props.e.reserve })} · </span>
          </Show>
          {signupLine(props.e)}
          {props.extra ? ` · ${props.extra}` : ""}
        </small>
      </a>
    </li>
  );
}

/** Unread notices (a move up from the reserve list; an edit, a cancellation, a seat lost at the confirmation deadline), each with its dismiss button. Announced politely. */
export function Notices(props: { notices: ClubNotice[]; onDismiss: (id: number) => void }) {
  return (
    <div aria-live="polite" data-club-notices>
      <For each={props.notices}>
        {(n) => (
          <p class="banner row" data-notice={n.kind}>
            <span class="grow">
              <Show when={n.eveningId && n.startsAt !== null} fallback={tc(`notice.${n.kind}`, { club: n.clubName, time: "" })}>
                <a href={eveningPath(n.clubId, n.eveningId!)} onClick={onLinkClick}>
                  {tc(`notice.${n.kind}`, { club: n.clubName, time: whenText(n.startsAt!, n.timeZone ?? "UTC") })}
                </a>
              </Show>
            </span>
            <button type="button" class="btn small" onClick={() => props.onDismiss(n.id)}>
              {tc("notice.dismiss")}
            </button>
          </p>
        )}
      </For>
    </div>
  );
}

export interface Loaded<T> {
  page: T | null;
  /** The API's error code when the page could not be read. */
  error: string | null;
}

/** Read a page's data; a refusal becomes its error code (shown through the catalogue by PageOf). */
export async function loadPage<T>(read: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { page: await read(), error: null };
  } catch (e) {
    return { page: null, error: e instanceof ApiError ? e.code : "generic" };
  }
}

/** "Loading…", then the page, or why there is none (404: `notFound`). */
export function PageOf<T>(props: { data: Loaded<T> | undefined; notFound: string; children: (page: Accessor<T>) => JSX.Element }) {
  return (
    <Show when={props.data} fallback={<p class="muted center-text" role="status">{t("account.loading")}</p>}>
      {(d) => (
        <Show when={d().page} fallback={<p class="panel" role="alert" data-page-error={d().error}>{d().error === "not-found" ? props.notFound : errorText(d().error ?? "generic")}</p>}>
          {(page) => props.children(page as Accessor<T>)}
        </Show>
      )}
    </Show>
  );
}

/** The directory's and the leaderboards' pager ("page 2 of 5" between previous and next). */
export function Pager(props: { page: number; pages: number; go: (page: number) => void }) {
  return (
    <Show when={props.pages > 1}>
      <nav class="pager" aria-label={tc("dir.pages")}>
        <button type="button" class="btn small" disabled={props.page <= 1} onClick={() => props.go(props.page - 1)} data-page-prev>
          {tc("dir.prev")}
        </button>
        <span aria-current="page">{tc("dir.page", { page: props.page, pages: props.pages })}</span>
        <button type="button" class="btn small" disabled={props.page >= props.pages} onClick={() => props.go(props.page + 1)} data-page-next>
          {tc("dir.nextPage")}
        </button>
      </nav>
    </Show>
  );
}
