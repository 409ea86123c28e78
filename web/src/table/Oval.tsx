/**
 * Seats around an oval (10–15), seat 1 at the top going clockwise, with the phase, the timer
 * and whose turn it is in the middle. A seat is a labelled list item; while it is a target the server
 * offered for the action being chosen, a button lies over its tile.
 */
import { createMemo, For, type JSX, Show } from "solid-js";
import { own } from "../../../shared/own.ts";
import type { Seat, SeatView } from "../../../shared/engine/types.ts";
import { t, tk } from "../i18n/index.ts";
import type { SeatMark } from "./mine.ts";
import { initialOf } from "../media/prefs.ts";
import { nth } from "./ActionBar.tsx";
import { shownName } from "./names.ts";

export interface SeatFlags {
  you: boolean;
  connected: boolean | null;
  targetable: boolean;
  chosen: boolean;
  /** The role shown on the seat: only at the end of the game (from the result), or to the live host. */
  endRole: { role: string; team: string } | null;
  /** Live host: this seat still has to act in the current stage. */
  pending?: boolean;
  /** "away 3 min" while the seat's player is away (null when connected or a bot). */
  away?: string | null;
  /** This player's private marks on the seat: a teammate always (mine.ts marksOf), own checks only with "show my marks" on and the card face up. */
  mark?: SeatMark | null;
  /** The tile's short form of `away` ("3 min", "not yet"). */
  awayShort?: string | null;
  /** Heard now above the speaking level (this page plays it). */
  talking?: boolean;
  /** The seat's video, while the floor lets this viewer see it. */
  video?: HTMLVideoElement | null;
  /** This page's voice is on: without video the tile shows the player's initial in its place. */
  placeholder?: boolean;
  /** This seat's place in an ordered pick of several seats (1 = first), or null. */
  order?: number | null;
  /** §5.2: how many of the black team chose this seat in the running tally (anonymous), or null. */
  tally?: number | null;
  /** §5.6: the Judge, named in open voting: his vote counts twice. */
  judge?: boolean;
  /** §7.3: this seat is the voter being called in a vote in turn. */
  voterTurn?: boolean;
  /** §7.10: the nickname of this seat's consigliere (public), or null. */
  consigliere?: string | null;
  /** §6.5: a candidate for defence in today's vote (club.ts defenceOf). */
  candidate?: boolean;
  /** §6.7: dropped out of today's vote with the fewest hands. */
  dropped?: boolean;
  /** §6.3: cursed (public in the morning), for the rest of the game. */
  cursed?: boolean;
  /** The seat's latest public claims (its word, maybe a lie), from the log (claims.ts). */
  claims?: ClaimBadges | null;
}

/** A seat's claims as its tile shows them: short badges, and the claims' own words for screen readers. */
export interface ClaimBadges {
  role: string | null;
  say: string | null;
  label: string;
}

/** A check result as a shape: ♠ black/mafia, ♥ red/not mafia, ★ the Sheriff/Commissar found, ☆ not them. */
export const CHECK_MARK: Record<string, string> = { mafia: "♠", black: "♠", "not-mafia": "♥", red: "♥", sheriff: "★", commissar: "★", "not-sheriff": "☆", "not-commissar": "☆" };
const BLACKISH = new Set(["mafia", "black", "sheriff", "commissar"]);

export function seatLabel(s: SeatView, f: SeatFlags): string {
  const parts = [t("seat.n", { seat: s.seat }), shownName(s.nickname, s.bot)];
  if (f.you) parts.push(t("seat.you"));
  // Said early: the black player's team is what they look for at the shot (RULES.md §2.10).
  if (f.mark?.teammate) parts.push(t("marks.teammate"));
  if (s.bot) parts.push(t("seat.bot"));
  if (f.connected === false) parts.push(f.away ?? t("seat.away"));
  if (f.pending) parts.push(t("seat.pending"));
  if (!s.alive) parts.push(s.out ? tk("out", s.out) : t("seat.out"));
  if (s.nominated) parts.push(t("seat.nominated"));
  if (s.immune) parts.push(t("seat.immune"));
  if (f.candidate) parts.push(t("seat.candidate"));
  if (f.dropped) parts.push(t("seat.dropped"));
  if (f.cursed) parts.push(t("seat.cursed"));
  if (s.speaking) parts.push(t("seat.speaking"));
  if (f.voterTurn) parts.push(t("seat.voterTurn"));
  if (f.talking) parts.push(t("seat.talking"));
  if (s.votes) parts.push(t("seat.votes", { n: s.votes }));
  if (s.fouls > 0) parts.push(t("seat.fouls", { n: s.fouls }));
  if (f.order) parts.push(t("seat.order", { n: f.order }));
  if (f.tally) parts.push(t("seat.tally", { n: f.tally }));
  if (f.judge) parts.push(t("seat.judge"));
  if (f.consigliere) parts.push(t("seat.consigliere", { nick: f.consigliere }));
  if (f.claims) parts.push(f.claims.label);
  if (f.endRole) parts.push(tk("role", f.endRole.role), tk("team", f.endRole.team));
  if (f.mark?.witnessed) parts.push(t("marks.witnessed"));
  for (const r of f.mark?.checks ?? []) parts.push(t("marks.check", { result: tk("check", r) }));
  return parts.join(", ");
}

/** ♥ red, ♠ black, ◆ solo: a shape as well as a colour. */
export const TEAM_MARK: Record<string, string> = { red: "♥", black: "♠", solo: "◆" };

/** Equal values, one level into plain objects and arrays (a seat's mark, claims and role are rebuilt whole). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (a instanceof Node || b instanceof Node) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k] || (Array.isArray((a as Record<string, unknown>)[k]) && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])));
}

/** Two seats' flags that draw the same tile. */
function sameFlags(a: SeatFlags, b: SeatFlags): boolean {
  const ka = Object.keys(a) as Array<keyof SeatFlags>;
  return ka.length === Object.keys(b).length && ka.every((k) => same(a[k], b[k]));
}

function SeatChip(props: { s: SeatView; flags: SeatFlags; onPick: (seat: Seat) => void; style: { left: string; top: string } }) {
  // The flags are derived once per change of what they read, and the tile's parts re-run only when the
  // flags differ: read through the prop, every badge, class and label would rebuild every seat's flags
  // (some twenty derivations each) on any change of any of them — a view frame re-ran them all.
  const f = createMemo(() => props.flags, undefined, { equals: sameFlags });
  const body = () => (
    <>
      <Show when={f().video} fallback={<Show when={f().placeholder}><span class="seat-video seat-initial" aria-hidden="true" data-initial={props.s.seat}>{initialOf(shownName(props.s.nickname, props.s.bot))}</span></Show>}>
        {(v) => <span class="seat-video" aria-hidden="true" data-video-seat={props.s.seat}>{v()}</span>}
      </Show>
      <span class="num" aria-hidden="true">{props.s.seat}</span>
      <span class="nick" aria-hidden="true">{shownName(props.s.nickname, props.s.bot)}</span>
      <span class="badges" aria-hidden="true">
        <Show when={f().connected === false}><i class="b away" data-away={props.s.seat} title={f().away ?? undefined}>◌ {f().awayShort ?? f().away ?? ""}</i></Show>
        <Show when={props.s.bot}><i class="b bot" data-bot-seat={props.s.seat}>⚙ {t("seat.bot")}</i></Show>
        <Show when={f().pending}><i class="b pending">…</i></Show>
        <Show when={props.s.nominated}><i class="b nom">⚑</i></Show>
        <Show when={props.s.immune}><i class="b immune" data-immune-seat={props.s.seat}>✚ {t("seat.immune")}</i></Show>
        <Show when={f().candidate}><i class="b candidate" data-candidate={props.s.seat} title={t("seat.candidate")}>⚖</i></Show>
        <Show when={f().dropped}><i class="b dropped" data-dropped={props.s.seat} title={t("seat.dropped")}>⚖</i></Show>
        <Show when={f().cursed}><i class="b cursed" data-cursed={props.s.seat} title={t("seat.cursed")}>☠︎</i></Show>
        <Show when={props.s.speaking}><i class="b mic">◉</i></Show>
        <Show when={f().voterTurn}><i class="b voter" data-voter-seat={props.s.seat}>☝</i></Show>
        <Show when={f().talking}><i class="b talking" data-talking={props.s.seat}>♪</i></Show>
        <Show when={!!props.s.votes}><i class="b votes">☑{props.s.votes}</i></Show>
        <Show when={props.s.fouls > 0}><i class="b foul" data-fouls-seat={props.s.seat}>{t("seat.fouls", { n: props.s.fouls })}</i></Show>
        <Show when={f().order}><i class="b order" data-order-seat={props.s.seat}>{nth(f().order ?? 0)}</i></Show>
        <Show when={f().tally}><i class="b tally" data-tally-badge={props.s.seat} data-votes={f().tally ?? 0}>✖{f().tally}</i></Show>
        <Show when={f().judge}><i class="b judge" data-judge-seat={props.s.seat}>×2</i></Show>
        <Show when={f().claims}>
          {(c) => (
            <>
              <Show when={c().role}><i class="b claim" data-claim-seat={props.s.seat} data-claim="role">{c().role}</i></Show>
              <Show when={c().say}><i class="b claim" data-claim-seat={props.s.seat} data-claim="say">{c().say}</i></Show>
            </>
          )}
        </Show>
        <Show when={f().consigliere}><i class="b consigliere" data-consigliere-seat={props.s.seat} title={f().consigliere ?? undefined}>☂ {f().consigliere}</i></Show>
        <Show when={f().mark}>
          {(m) => (
            <>
              <Show when={m().teammate}><i class="b mark team-black" data-mark-seat={props.s.seat} data-mark="teammate">♠</i></Show>
              <Show when={m().witnessed}><i class="b mark team-black" data-mark-seat={props.s.seat} data-mark="witnessed" data-witness-mark={props.s.seat}>◎♠</i></Show>
              <For each={m().checks}>
                {(r) => (
                  <i class="b mark" classList={{ "mark-hit": BLACKISH.has(r) }} data-mark-seat={props.s.seat} data-mark={r}>
                    ✓{own(CHECK_MARK, r) ?? "?"}
                  </i>
                )}
              </For>
            </>
          )}
        </Show>
        <Show when={f().endRole}>
          {(r) => (
            <i class={`b team-${r().team}`} data-role-seat={props.s.seat} data-role={r().role}>
              {(own(TEAM_MARK, r().team) ?? "") + " " + tk("role", r().role)}
            </i>
          )}
        </Show>
      </span>
    </>
  );
  const cls = () => ({
    seat: true,
    you: f().you,
    out: !props.s.alive,
    away: f().connected === false,
    speaking: props.s.speaking,
    talking: !!f().talking,
    nominated: props.s.nominated,
    targetable: f().targetable,
    chosen: f().chosen,
    bot: props.s.bot,
    pending: !!f().pending,
    "voter-turn": !!f().voterTurn,
    candidate: !!f().candidate,
    dropped: !!f().dropped,
    cursed: !!f().cursed,
    teammate: !!f().mark?.teammate,
  });
  // One element for the seat the whole game: a seat that becomes a target (or stops being one) gains (or
  // loses) a button laid over its tile, and nothing else moves. Moving the tile's content into another
  // element at every vote and night step would detach and re-attach every target seat's video (a paused
  // and restarted element, a new layout) — on a phone, the costliest part of such a frame.
  // The position is written property by property (a literal style): Solid then sets `left`/`top` only when
  // they change, not on every run of the seat's effect (a talking light's or a badge's change).
  return (
    <li
      classList={cls()}
      style={{ left: props.style.left, top: props.style.top }}
      aria-label={f().targetable ? undefined : seatLabel(props.s, f())}
      data-seat={props.s.seat}
      data-alive={props.s.alive ? "yes" : "no"}
    >
      {body()}
      <Show when={f().targetable}>
        {/* Named by its own hidden text, not aria-label: the tile's visible text is not the label word for
            word (axe: label-content-name-mismatch, WCAG 2.5.3). */}
        <button type="button" class="seat-pick" aria-pressed={f().chosen} onClick={() => props.onPick(props.s.seat)}>
          <span class="sr-only">{`${t("seat.pick", { seat: props.s.seat })}: ${seatLabel(props.s, f())}`}</span>
        </button>
      </Show>
    </li>
  );
}

/**
 * Position on the table's ellipse, in percent of its box: seat 1 (index 0) just right of the top, then
 * clockwise. The record's replay (web/src/record/ReplayOval.tsx) draws on the same places.
 */
export function ovalPoint(i: number, n: number): { x: number; y: number } {
  const angle = -Math.PI / 2 - Math.PI / n + ((i + 1) * 2 * Math.PI) / n;
  return { x: 50 + 41 * Math.cos(angle), y: 50 + 43 * Math.sin(angle) };
}

export function Oval(props: {
  seats: SeatView[];
  flags: (s: SeatView) => SeatFlags;
  onPick: (seat: Seat) => void;
  children: JSX.Element;
  night: boolean;
  /** What sits in the oval's corner (one's own role, peeked without leaving the table). */
  corner?: JSX.Element;
}) {
  const n = createMemo(() => props.seats.length);
  const pos = (i: number): { left: string; top: string } => {
    const p = ovalPoint(i, n());
    return { left: `${p.x}%`, top: `${p.y}%` };
  };
  return (
    <section class="oval-wrap" classList={{ night: props.night, crowd: n() >= 12 }} data-seats={n()}>
      <div class="felt" aria-hidden="true" />
      <ol class="seats" aria-label={t("wait.joined")}>
        <For each={props.seats}>{(s, i) => <SeatChip s={s} flags={props.flags(s)} onPick={props.onPick} style={pos(i())} />}</For>
      </ol>
      <div class="center">{props.children}</div>
      <Show when={props.corner}>
        <div class="oval-corner">{props.corner}</div>
      </Show>
    </section>
  );
}
