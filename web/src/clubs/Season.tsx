/**
 * The club page's season part (RULES.md §7.11, §8): the running (else the latest) season's table —
 * each player's best K of the season's N rating games — and, once the owner starts it, the champion table;
 * the club's finished games with links to their records (where the host reviews them); the other seasons.
 * The owner starts and closes seasons, starts the champion table, and sets private reviews and the Tatar
 * bonus. Names hidden by their players' choice (§8) read "a player".
 *
 * Hooks for tests: `[data-season]` (data-status), `[data-season-row]` (data-rank, data-total),
 * `[data-champion-row]`, `[data-club-game]` (data-reviewed), `[data-new-season]`, `[data-start-champion]`.
 */
import { createResource, createSignal, createUniqueId, For, Show } from "solid-js";
import presets from "virtual:preset-settings";
import type { ClubGameSummary, ClubSeasons, SeasonStanding, SeasonView } from "../../../shared/protocol/seasons.ts";
import { tk } from "../i18n/index.ts";
import { leadersPath, onLinkClick, recordPath } from "../lib/router.ts";
import { FormError, useSubmit } from "../home/forms.tsx";
import { tc } from "./messages.ts";
import { clubsApi } from "./api.ts";
import { pointsText, zoneName } from "./parts.tsx";


function Standings(props: { rows: SeasonStanding[]; caption: string; champion?: boolean }) {
  const captionId = createUniqueId();
  return (
    // The caption stands above the table (inside a wider, sideways-scrolled table it was cut off at 360 px);
    // the table fits a phone's width (headers wrap), and still scrolls sideways in a named region that takes
    // the keyboard's focus (arrow keys scroll it) where a longer name would not fit.
    <div class="standings-block">
      <h3 class="standings-caption" id={captionId}>{props.caption}</h3>
      <div class="table-scroll" tabindex="0" role="region" aria-labelledby={captionId}>
      <table class="standings" aria-labelledby={captionId}>
        <thead>
          <tr>
            <th scope="col">{tc("season.rank")}</th>
            <th scope="col">{tc("season.player")}</th>
            <th scope="col">{tc("season.games")}</th>
            <Show when={!props.champion}>
              <th scope="col">{tc("season.counted")}</th>
            </Show>
            <th scope="col">{tc("season.total")}</th>
          </tr>
        </thead>
        <tbody>
          <For each={props.rows}>
            {(r) => (
              <tr classList={{ you: r.you }} {...{ [props.champion ? "data-champion-row" : "data-season-row"]: r.nickname ?? "" }} data-rank={r.rank} data-total={r.total} data-medal={r.medal ?? undefined}>
                <td>
                  {r.rank}
                  {/* §7.11, seed 004: a closed season's top 3 hold medals. */}
                  <Show when={r.medal}>
                    {(m) => (
                      <>
                        {" "}
                        <span class={`medal medal-${m()}`} role="img" aria-label={tc(`medal.${m()}`)} title={tc(`medal.${m()}`)} />
                      </>
                    )}
                  </Show>
                </td>
                <th scope="row">{r.nickname ?? tc("season.hidden")}</th>
                <td>{r.games}</td>
                <Show when={!props.champion}>
                  <td>{r.counted}</td>
                </Show>
                <td>{pointsText(r.total)}</td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
      </div>
    </div>
  );
}

export function GameItem(props: { g: ClubGameSummary }) {
  const state = () => (!props.g.review ? tc("games.unreviewed") : props.g.review.stage ? tc(`games.stage.${props.g.review.stage}`) : tc("games.reviewed"));
  return (
    <li data-club-game={`${props.g.code}/${props.g.n}`} data-reviewed={props.g.review ? "yes" : "no"}>
      <a href={recordPath(props.g.code, props.g.n)} onClick={onLinkClick}>
        {tc("games.item", { n: props.g.n, code: props.g.code, preset: tk("preset", props.g.presetId) })}
      </a>{" "}
      <span class="muted small">
        · {tk("team", props.g.winner)} · {state()}
      </span>
    </li>
  );
}

function SeasonTables(props: { s: SeasonView }) {
  const s = () => props.s;
  return (
    <div data-season={s().id} data-status={s().status}>
      <h3>{s().name}</h3>
      <p class="small">
        {tc(`season.status.${s().status}`)} ·{" "}
        {tc("season.progress", { played: s().ratingGames, total: s().gamesTotal, best: s().bestOf })}
      </p>
      {/* The season's sport rating leaderboard (rating gained in its rated games). */}
      <p class="small">
        <a href={leadersPath(`season:${s().id}`)} onClick={onLinkClick} data-season-leaders>
          {tc("lb.link.season")}
        </a>
      </p>
      <Show when={s().table.length > 0} fallback={<p class="muted">{tc("season.empty")}</p>}>
        <Standings rows={s().table} caption={tc("season.table", { best: s().bestOf })} />
      </Show>
      <Show when={s().champion}>
        {(ch) => (
          <>
            <p class="small">{tc("season.champion.progress", { played: s().championPlayed, total: s().championGames })}</p>
            <Standings rows={ch().table} caption={tc("season.champion")} champion />
          </>
        )}
      </Show>
    </div>
  );
}

function OwnerTools(props: { clubId: string; data: ClubSeasons; formats: string[]; timeZone: string; onChange: () => void }) {
  const { busy, error, run } = useSubmit();
  const running = () => (props.data.season && props.data.season.status !== "closed" ? props.data.season : null);
  const [name, setName] = createSignal("");
  const [n, setN] = createSignal("15");
  const [k, setK] = createSignal("12");
  const [top, setTop] = createSignal("12");
  const [m, setM] = createSignal("4");
  const [when, setWhen] = createSignal("");
  const [place, setPlace] = createSignal("");
  const [priv, setPriv] = createSignal(props.data.settings.reviewsPrivate);
  const [bonus, setBonus] = createSignal(String(props.data.settings.tatarBonus));
  const [winPoints, setWinPoints] = createSignal(String(props.data.settings.winPoints));
  const [listed, setListed] = createSignal(props.data.settings.listed);
  const act = (fn: () => Promise<unknown>) => (e?: Event) => {
    e?.preventDefault();
    void run(async () => {
      await fn();
      props.onChange();
    });
  };
  const create = act(() => clubsApi.createSeason(props.clubId, { name: name(), gamesTotal: Number(n()), bestOf: Number(k()), championSize: Number(top()), championGames: Number(m()) }));
  const champion = act(() => clubsApi.startChampion(props.clubId, running()!.id, { startsLocal: when(), ...(place() ? { place: place() } : { online: true }) }));
  const close = act(() => clubsApi.closeSeason(props.clubId, running()!.id));
  const [saved, setSaved] = createSignal(false);
  const settings = act(async () => {
    setSaved(false);
    await clubsApi.settings(props.clubId, { reviewsPrivate: priv(), tatarBonus: Number(bonus() || 0), winPoints: Number(winPoints() || 0), listed: listed() });
    setSaved(true);
  });
  const num = (label: string, value: () => string, set: (v: string) => void, min: number, max: number) => (
    <label class="field">
      <span>{label}</span>
      <input type="number" inputmode="numeric" min={min} max={max} required value={value()} onInput={(e) => set(e.currentTarget.value)} />
    </label>
  );
  return (
    <section class="panel" aria-labelledby="season-tools-title">
      <h2 id="season-tools-title">{tc("season.tools")}</h2>
      <Show
        when={running()}
        fallback={
          <form class="form" onSubmit={create} data-new-season>
            <label class="field">
              <span>{tc("season.name")}</span>
              <input name="seasonName" required maxLength={60} value={name()} onInput={(e) => setName(e.currentTarget.value)} />
            </label>
            {num(tc("season.n"), n, setN, 1, 100)}
            {num(tc("season.k"), k, setK, 1, 100)}
            {num(tc("season.top"), top, setTop, 2, 20)}
            {num(tc("season.m"), m, setM, 1, 20)}
            <button type="submit" class="btn primary wide" disabled={busy()}>
              {tc("season.start")}
            </button>
          </form>
        }
      >
        {(s) => (
          <>
            <Show when={s().status === "open"}>
              <form class="form" onSubmit={champion} data-start-champion>
                <p class="muted small">{tc("season.champion.about", { top: s().championSize, after: tc("season.champion.after", { n: s().gamesTotal }), games: tc("season.champion.games", { n: s().championGames }) })}</p>
                <label class="field">
                  <span>{tc("new.evening.when", { zone: zoneName(props.timeZone) })}</span>
                  <input type="datetime-local" required value={when()} onInput={(e) => setWhen(e.currentTarget.value)} />
                </label>
                <label class="field">
                  <span>{tc("season.champion.place")}</span>
                  <input maxLength={60} value={place()} onInput={(e) => setPlace(e.currentTarget.value)} />
                </label>
                <button type="submit" class="btn primary wide" disabled={busy() || s().ratingGames < s().gamesTotal}>
                  {tc("season.champion.start")}
                </button>
              </form>
            </Show>
            <button type="button" class="btn" disabled={busy()} onClick={() => close()} data-close-season>
              {tc("season.close")}
            </button>
          </>
        )}
      </Show>
      <form class="form" onSubmit={settings} data-club-settings>
        <label class="check field">
          <input type="checkbox" checked={priv()} onChange={(e) => setPriv(e.currentTarget.checked)} />
          <span>{tc("settings.private")}</span>
        </label>
        {/* A private club is left out of the public directory; its link still works. */}
        <label class="check field">
          <input type="checkbox" name="listed" checked={listed()} onChange={(e) => setListed(e.currentTarget.checked)} aria-describedby="listed-about" />
          <span>{tc("settings.listed")}</span>
        </label>
        <small class="muted" id="listed-about">{tc("settings.listed.about")}</small>
        <label class="field">
          <span>{tc("settings.winPoints")}</span>
          <input name="winPoints" type="number" step="0.01" min="0" max="50" inputmode="decimal" value={winPoints()} onInput={(e) => setWinPoints(e.currentTarget.value)} />
        </label>
        <Show when={props.formats.some((f) => presets.find((x) => x.id === f)?.clubBonus)}>
          <label class="field">
            <span>{tc("settings.tatarBonus")}</span>
            <input type="number" step="0.01" min="0" max="50" value={bonus()} onInput={(e) => setBonus(e.currentTarget.value)} />
          </label>
        </Show>
        <button type="submit" class="btn" disabled={busy()}>
          {tc("settings.save")}
        </button>
        <p role="status" class="small" data-settings-saved={saved() ? "yes" : "no"}>
          {saved() ? tc("settings.saved") : ""}
        </p>
      </form>
      <FormError error={error()} />
    </section>
  );
}

export function ClubSeasonsSection(props: { clubId: string; owner: boolean; formats: string[]; timeZone: string }) {
  const [data, { refetch }] = createResource(() => props.clubId, (id) => clubsApi.seasons(id));
  const [other, setOther] = createSignal<SeasonView | null>(null);
  const show = (id: string) => void clubsApi.season(props.clubId, id).then((p) => setOther(p.season));
  return (
    <Show when={data()}>
      {(d) => (
        <>
          <section class="panel" aria-labelledby="season-title">
            <h2 id="season-title">{tc("season.title")}</h2>
            <Show when={other() ?? d().season} fallback={<p class="muted">{tc("season.none")}</p>}>
              {(s) => <SeasonTables s={s()} />}
            </Show>
            <Show when={d().seasons.length > 1}>
              <nav aria-label={tc("season.all")}>
                <ul class="inline-list">
                  <For each={d().seasons}>
                    {(s) => (
                      <li>
                        <button type="button" class="btn small" aria-pressed={(other() ?? d().season)?.id === s.id} onClick={() => show(s.id)}>
                          {s.name}
                        </button>
                      </li>
                    )}
                  </For>
                </ul>
              </nav>
            </Show>
          </section>
          <section class="panel" aria-labelledby="games-title">
            <h2 id="games-title">{tc("games.title")}</h2>
            <Show when={d().games.length > 0} fallback={<p class="muted">{tc("games.none")}</p>}>
              <ul class="list" data-club-games>
                <For each={d().games}>{(g) => <GameItem g={g} />}</For>
              </ul>
            </Show>
          </section>
          <Show when={props.owner}>
            <OwnerTools clubId={props.clubId} data={d()} formats={props.formats} timeZone={props.timeZone} onChange={() => void refetch()} />
          </Show>
        </>
      )}
    </Show>
  );
}

