/**
 * The host's review under a club game's record (RULES.md §7.11 "the host awards points at the
 * review after each game", §8 "reviews … are published; a player may opt out"): the published review —
 * the season and stage it counts for, the notes, every seat's points with the reason — and, for the club's
 * owner and hosts, the form that writes it (again, to edit). A game of no club shows nothing.
 *
 * Hooks for tests: `[data-review]` (data-stage), `[data-review-points]` (data-seat, data-points),
 * `[data-review-form]`, `[data-review-seat]` (its inputs `points`/`reason` per seat), `[data-review-save]`.
 */
import { createEffect, createResource, createSignal, For, Show } from "solid-js";
import presets from "virtual:preset-settings";
import type { ReviewPage } from "../../../shared/protocol/seasons.ts";
import { t } from "../i18n/index.ts";
import { ApiError } from "../lib/api.ts";
import { clubPath, onLinkClick } from "../lib/router.ts";
import { FormError, useSubmit } from "../home/forms.tsx";
import { clubsApi } from "./api.ts";
import { tc as tr } from "./messages.ts";
import { pointsText } from "./parts.tsx";
import { shownName } from "../table/names.ts";


async function load(code: string, n: number): Promise<ReviewPage | null> {
  try {
    return await clubsApi.review(code, n);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null; // not a club's game
    throw e;
  }
}

function Form(props: { page: ReviewPage; code: string; n: number; onSaved: (p: ReviewPage) => void }) {
  const given = new Map(props.page.review?.points.map((p) => [p.seat, p]) ?? []);
  // RULES.md §6.11 / §7.11: each seat's field is its total for the game. A game not reviewed yet starts every
  // winning seat's total at the club's points for a win (said next to the form, with an example of raising
  // it), so a host who gives an extra raises the total; a saved review shows what was saved.
  const win = props.page.club.winPoints;
  const prefilled = !props.page.review && win !== 0 && props.page.seats.some((s) => s.won);
  const start = (s: ReviewPage["seats"][number]) => {
    const saved = given.get(s.seat);
    if (saved) return { points: String(saved.points), reason: saved.reason };
    return prefilled && s.won ? { points: String(win), reason: tr("review.win") } : { points: "0", reason: "" };
  };
  const [rows, setRows] = createSignal(props.page.seats.map((s) => ({ seat: s.seat, ...start(s) })));
  const [notes, setNotes] = createSignal(props.page.review?.notes ?? "");
  const { busy, error, run } = useSubmit();
  const edit = (seat: number, key: "points" | "reason", value: string) => setRows((r) => r.map((x) => (x.seat === seat ? { ...x, [key]: value } : x)));
  const save = (e: Event) => {
    e.preventDefault();
    void run(async () => props.onSaved(await clubsApi.saveReview(props.code, props.n, { notes: notes(), points: rows().map((r) => ({ seat: r.seat, points: Number(r.points || 0), reason: r.reason })) })));
  };
  return (
    <form class="form" onSubmit={save} data-review-form>
      <h3>{tr("review.form")}</h3>
      <p class="muted small">{props.page.club.tatarBonus > 0 && presets.find((x) => x.id === props.page.game.presetId)?.clubBonus ? tr("review.bonus", { bonus: pointsText(props.page.club.tatarBonus) }) : tr("review.form.about")}</p>
      <Show when={prefilled}>
        <p class="small" id="review-prefilled" data-review-prefilled={win}>
          {tr("review.prefilled", { n: win, more: `${pointsText(win)} + 0.5 = ${pointsText(win + 0.5)}` })}
        </p>
      </Show>
      <For each={rows()}>
        {(r) => {
          // A bot's seat reads in the page's language, as on the published review below.
          const name = () => {
            const seat = props.page.seats.find((s) => s.seat === r.seat);
            return seat?.nickname != null ? shownName(seat.nickname) : tr("review.hidden", { seat: r.seat });
          };
          return (
            <fieldset class="review-seat" data-review-seat={r.seat} data-won={props.page.seats.find((s) => s.seat === r.seat)?.won ? "yes" : "no"}>
              <legend>
                {t("seat.n", { seat: r.seat })} · {name()}
              </legend>
              <label class="field">
                <span>{tr("review.points")}</span>
                <input name="points" type="number" step="0.01" min="-50" max="50" inputmode="decimal" aria-describedby={prefilled && props.page.seats.find((s) => s.seat === r.seat)?.won ? "review-prefilled" : undefined} value={r.points} onInput={(e) => edit(r.seat, "points", e.currentTarget.value)} />
              </label>
              <label class="field grow">
                <span>{tr("review.reason")}</span>
                <input name="reason" maxLength={200} required={Number(r.points || 0) !== 0} value={r.reason} onInput={(e) => edit(r.seat, "reason", e.currentTarget.value)} />
              </label>
            </fieldset>
          );
        }}
      </For>
      <label class="field">
        <span>{tr("review.notes")}</span>
        <textarea name="notes" rows="4" maxLength={4000} value={notes()} onInput={(e) => setNotes(e.currentTarget.value)} />
      </label>
      <FormError error={error()} />
      <button type="submit" class="btn primary wide" disabled={busy()} data-review-save>
        {tr("review.save")}
      </button>
    </form>
  );
}

export function Review(props: { code: string; n: number }) {
  const [data, { mutate }] = createResource(() => `${props.code}/${props.n}`, () => load(props.code, props.n));
  const [saved, setSaved] = createSignal(false);
  createEffect(() => props.n && setSaved(false));
  return (
    <Show when={data()}>
      {(p) => (
        <section class="panel" aria-labelledby="review-title" data-review={p().club.id} data-stage={p().season?.stage ?? "none"}>
          <h2 id="review-title">{tr("review.title")}</h2>
          <p class="small">
            <a href={clubPath(p().club.id)} onClick={onLinkClick}>
              {p().club.name}
            </a>
            {" · "}
            {p().season ? tr(`review.stage.${p().season!.stage}`, { season: p().season!.name }) : p().review ? tr("review.noSeason") : tr("review.none")}
          </p>
          <Show when={p().hidden}>
            <p class="muted">{tr("review.private")}</p>
          </Show>
          <Show when={p().review}>
            {(r) => (
              <>
                <Show when={r().notes}>
                  <p class="review-notes">{r().notes}</p>
                </Show>
                <p class="muted small">{tr("review.by", { host: r().host ?? tr("review.someone") })}</p>
                <ul class="list">
                  <For each={r().points}>
                    {(x) => (
                      <li data-review-points data-seat={x.seat} data-points={x.points + x.bonus}>
                        {t("seat.n", { seat: x.seat })} · {x.nickname != null ? shownName(x.nickname) : tr("review.hidden", { seat: x.seat })} · <strong>{pointsText(x.points + x.bonus)}</strong>
                        <Show when={x.bonus}> ({tr("review.withBonus", { bonus: pointsText(x.bonus) })})</Show>
                        <Show when={x.reason}> — {x.reason}</Show>
                      </li>
                    )}
                  </For>
                </ul>
              </>
            )}
          </Show>
          <Show when={saved()}>
            <p role="status">{tr("review.saved")}</p>
          </Show>
          <Show when={p().canReview}>
            <Form
              page={p()}
              code={props.code}
              n={props.n}
              onSaved={(next) => {
                mutate(next);
                setSaved(true);
              }}
            />
          </Show>
        </section>
      )}
    </Show>
  );
}
