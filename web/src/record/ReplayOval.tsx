/**
 * A replay you can see: the record's table at one step — the seats on the table's oval, alive
 * or out, the cards this view knows (the spectator's, or every card with "show every secret"), the seat
 * holding the floor, and arrows: votes from voter to candidate, and in the secret view tonight's moves
 * (arrows.ts). Drawing only: the text list beside it (Replay.tsx) says the same for screen readers, so the
 * picture is hidden from them. Every fact is also in `data-` attributes (the browser suite reads them).
 */
import { createSignal, For, onCleanup, onMount, Show } from "solid-js";
import type { GameView } from "../../../shared/engine/types.ts";
import { own } from "../../../shared/own.ts";
import { tk } from "../i18n/index.ts";
import { ovalPoint, TEAM_MARK } from "../table/Oval.tsx";
import { shownName } from "../table/names.ts";
import type { Arrow } from "./arrows.ts";

/** A tile's half-size (px) the arrows stop short of, so a head lands on the tile's edge, not under it. */
const TILE = 26;

export function ReplayOval(props: { view: GameView; arrows: Arrow[] }) {
  let box!: HTMLDivElement;
  const [size, setSize] = createSignal({ w: 0, h: 0 });
  onMount(() => {
    const ro = new ResizeObserver(() => setSize({ w: box.clientWidth, h: box.clientHeight }));
    ro.observe(box);
    onCleanup(() => ro.disconnect());
  });
  const n = () => props.view.seats.length;
  const at = (seat: number) => {
    const i = props.view.seats.findIndex((s) => s.seat === seat);
    const p = ovalPoint(Math.max(0, i), n());
    return { x: (p.x / 100) * size().w, y: (p.y / 100) * size().h };
  };
  /** The arrow's ends, pulled in from both tiles' centres. */
  const line = (a: Arrow) => {
    const f = at(a.from), t = at(a.to);
    const dx = t.x - f.x, dy = t.y - f.y;
    const len = Math.hypot(dx, dy) || 1;
    const k = Math.min(TILE, len / 3) / len;
    return { x1: f.x + dx * k, y1: f.y + dy * k, x2: t.x - dx * k, y2: t.y - dy * k };
  };
  return (
    <div class="replay-oval" ref={box} aria-hidden="true" data-replay-oval data-phase={props.view.phase} data-speaker={props.view.speaker ?? ""}>
      <div class="felt" classList={{ night: props.view.night }} />
      <svg class="replay-arrows" width={size().w} height={size().h} viewBox={`0 0 ${size().w} ${size().h}`}>
        <defs>
          <For each={["vote", "shot", "check", "heal", "ability"]}>
            {(k) => (
              <marker id={`replay-head-${k}`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" class={`head-${k}`} />
              </marker>
            )}
          </For>
        </defs>
        <For each={props.arrows}>
          {(a) => {
            const l = () => line(a);
            return <line class={`arrow-${a.kind}`} data-arrow={a.kind} data-from={a.from} data-to={a.to} x1={l().x1} y1={l().y1} x2={l().x2} y2={l().y2} marker-end={`url(#replay-head-${a.kind})`} />;
          }}
        </For>
      </svg>
      <ol class="replay-seats">
        <For each={props.view.seats}>
          {(s, i) => {
            const p = () => ovalPoint(i(), n());
            return (
              <li
                class="replay-seat"
                classList={{ out: !s.alive, speaking: props.view.speaker === s.seat, [`team-${s.team ?? "red"}`]: !!s.role }}
                style={{ left: `${p().x}%`, top: `${p().y}%` }}
                data-replay-seat={s.seat}
                data-alive={s.alive ? "yes" : "no"}
                data-card={s.role ?? undefined}
                data-speaking={props.view.speaker === s.seat ? "yes" : undefined}
              >
                <span class="num">{s.seat}</span>
                <span class="nick">{shownName(s.nickname, s.bot)}</span>
                <Show when={s.role}>{(r) => <span class="replay-card">{(own(TEAM_MARK, s.team ?? "red") ?? "") + " " + tk("role", r())}</span>}</Show>
              </li>
            );
          }}
        </For>
      </ol>
    </div>
  );
}
