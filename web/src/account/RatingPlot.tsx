/**
 * The profile's rating plot — the sport rating (the ordinal) after each rated game, oldest to
 * newest, as an SVG line. The figure's caption says the same in words (games, first, last, lowest,
 * highest), so a screen reader gets it without the drawing (`role="img"` with that label).
 */
import { Show } from "solid-js";
import { ta } from "./messages.ts";

const W = 320;
const H = 120;
const PAD = 6;

export function RatingPlot(props: { points: { seq: number; rating: number }[] }) {
  const values = () => props.points.map((p) => p.rating);
  const min = () => Math.min(0, ...values());
  const max = () => Math.max(0, ...values());
  const x = (i: number) => (props.points.length <= 1 ? W / 2 : PAD + (i * (W - 2 * PAD)) / (props.points.length - 1));
  const y = (v: number) => (max() === min() ? H / 2 : PAD + ((max() - v) * (H - 2 * PAD)) / (max() - min()));
  const fmt = (v: number) => v.toFixed(2);
  const summary = () =>
    ta("profile.plot.about", {
      n: props.points.length,
      first: fmt(values()[0] ?? 0),
      last: fmt(values()[values().length - 1] ?? 0),
      min: fmt(Math.min(...values())),
      max: fmt(Math.max(...values())),
    });
  return (
    <Show when={props.points.length > 0}>
      <figure class="rating-plot" data-rating-plot={props.points.length}>
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary()} preserveAspectRatio="none">
          <line class="zero" x1={0} x2={W} y1={y(0)} y2={y(0)} />
          <polyline class="line" points={props.points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ")} />
          <circle class="last" cx={x(props.points.length - 1)} cy={y(values()[values().length - 1] ?? 0)} r={3} data-rating-last={fmt(values()[values().length - 1] ?? 0)} />
        </svg>
        <figcaption class="small muted">
          {ta("profile.plot")}: {summary()}
        </figcaption>
      </figure>
    </Show>
  );
}
