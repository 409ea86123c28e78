/**
 * /u/:nick — a player's profile (GET /api/users/:nick): rating, experience, coins, games played, wins
 * by side, and the latest game records (seat — role — nick, result). One's own profile also offers
 * the publication opt-out (Publication.tsx) and sign out / sign out everywhere. A lazy chunk.
 * Games and wins by format and by role, the rating plot, each game's record link, "My games" on one's own.
 */
import { createResource, For, lazy, Show } from "solid-js";
import { own } from "../../../shared/own.ts";
import type { GameRecord, Profile as ProfileData } from "../../../shared/protocol/accounts.ts";
import { lang, LOCALE, t, tk } from "../i18n/index.ts";
import { me } from "../lib/account.ts";
import { ApiError, call } from "../lib/api.ts";
import { onLinkClick, profilePath, recordPath, tablePath } from "../lib/router.ts";
import { loadClubs } from "../routes.ts";
import { TEAM_MARK } from "../table/Oval.tsx";
import { shownName } from "../table/names.ts";
import { Header } from "../ui/Header.tsx";
import { errorText } from "../ui/Notice.tsx";
import { ta } from "./messages.ts";
import { PublicationPanel } from "./Publication.tsx";
import { RatingPlot } from "./RatingPlot.tsx";
import { SignOutPanel } from "./SignIn.tsx";

const SIDES = ["red", "black", "solo"] as const;

/** One's own evenings, clubs and notices — from the club screens' chunk, only on one's own profile. */
const MyEvenings = lazy(() => loadClubs().then((m) => ({ default: m.MyEvenings })));

function date(ms: number, withTime = false): string {
  return new Intl.DateTimeFormat(LOCALE[lang()], withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" }).format(ms);
}

function GameItem(props: { g: GameRecord }) {
  const g = props.g;
  const delta = () => (g.rating ? g.rating.after - g.rating.before : 0);
  return (
    <li class="record" data-game={g.id} data-outcome={g.you.outcome}>
      <div class="row">
        <strong class={`outcome ${g.you.outcome}`}>{ta(`outcome.${g.you.outcome}`)}</strong>
        <span class="grow">
          {tk("preset", g.presetId)} · <span class="muted">{date(g.endedAt, true)}</span>
        </span>
      </div>
      <p class="small">
        <span class={`team-${g.you.team}`}>
          <span class="team-mark" aria-hidden="true">{own(TEAM_MARK, g.you.team) ?? ""} </span>
        </span>
        {ta("profile.you", { seat: g.you.seat, role: tk("role", g.you.role) })} · {tk("end.win", g.winner)}
        {" · "}
        <Show when={g.rating} fallback={<span class="muted">{ta("profile.unrated")}</span>}>
          {(r) => (
            <span data-rating-delta={delta().toFixed(2)}>
              {ta("profile.rating")} {r().before.toFixed(2)} → {r().after.toFixed(2)} · +{r().xp} {ta("profile.xp").toLowerCase()} · +{r().coins} {ta("profile.coins").toLowerCase()}
            </span>
          )}
        </Show>
      </p>
      {/*
        The game's record (its replay), while the table's own link shows only its latest game. The
        table's link left the <summary> (axe: no interactive control inside another).
      */}
      <p class="small">
        <Show when={g.gameNo}>
          {(n) => (
            <>
              <a href={recordPath(g.code, n())} onClick={onLinkClick} data-game-record={`${g.code}/${n()}`}>
                {ta("profile.replay")}
              </a>
              {" · "}
            </>
          )}
        </Show>
        <a href={tablePath(g.code)} onClick={onLinkClick}>
          {g.code}
        </a>
      </p>
      <details>
        <summary>{ta("profile.seats")}</summary>
        <table class="roles">
          <tbody>
            <For each={g.seats}>
              {(s) => (
                <tr class={`team-${s.team}`} classList={{ me: s.seat === g.you.seat }}>
                  <td>{s.seat}</td>
                  <td>
                    <span class="team-mark" aria-hidden="true">{own(TEAM_MARK, s.team) ?? ""} </span>
                    {tk("role", s.role)}
                  </td>
                  <td data-hidden={s.hidden ? "" : undefined}>
                    {/* A player who opted out of publication is "Player N" (no nick, no link). */}
                    <Show when={s.account} fallback={<>{s.nickname != null ? shownName(s.nickname, s.bot) : ta("publication.player", { n: s.seat })}{s.bot ? ` (${ta("profile.bot")})` : ""}</>}>
                      {(acc) => (
                        <a href={profilePath(acc())} onClick={onLinkClick}>
                          {s.nickname}
                        </a>
                      )}
                    </Show>
                  </td>
                  <td>{ta(`outcome.${s.outcome}`)}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </details>
    </li>
  );
}

/** Games and wins per format or per role. */
function Breakdown(props: { title: string; head: string; rows: { key: string; label: string; games: number; wins: number }[]; attr: string }) {
  return (
    <>
      <h3>{props.title}</h3>
      <table class="roles sides">
        <thead>
          <tr>
            <th scope="col">{props.head}</th>
            <th scope="col">{ta("profile.side.games")}</th>
            <th scope="col">{ta("profile.side.wins")}</th>
          </tr>
        </thead>
        <tbody>
          <For each={props.rows}>
            {(r) => (
              <tr {...{ [props.attr]: r.key }}>
                <td>{r.label}</td>
                <td>{r.games}</td>
                <td>{r.wins}</td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </>
  );
}

export default function Profile(props: { nick: string }) {
  const [data] = createResource(
    () => props.nick,
    async (nick) => {
      try {
        return { profile: await call<ProfileData>("GET", `/api/users/${encodeURIComponent(nick)}`), error: null };
      } catch (e) {
        return { profile: null, error: e instanceof ApiError ? e.code : "generic" };
      }
    },
  );
  const mine = () => !!me() && me()!.nickname.toLowerCase() === (data()?.profile?.nickname ?? props.nick).toLowerCase();
  return (
    <>
      <Header />
      <main id="main" class="home account profile">
        <Show when={data()} fallback={<p class="muted center-text" role="status">{t("account.loading")}</p>}>
          {(d) => (
            <Show when={d().profile} fallback={<p class="panel" role="alert" data-profile-error={d().error}>{d().error === "not-found" ? ta("profile.notFound") : errorText(d().error ?? "generic")}</p>}>
              {(p) => (
                <>
                  <section class="panel" aria-labelledby="pf-title" data-profile={p().nickname}>
                    <h2 id="pf-title">{ta("profile.title", { nickname: p().nickname })}</h2>
                    <p class="muted small">{ta("profile.since", { date: date(p().createdAt) })}</p>
                    <dl class="stats">
                      <div data-stat="rating">
                        <dt>{ta("profile.rating")}</dt>
                        <dd>
                          {p().rating.ordinal.toFixed(2)} <small class="muted block">{ta("profile.rating.about", { games: p().rating.games })}</small>
                        </dd>
                      </div>
                      <div data-stat="xp">
                        <dt>{ta("profile.xp")}</dt>
                        <dd>{p().xp}</dd>
                      </div>
                      <div data-stat="coins">
                        <dt>{ta("profile.coins")}</dt>
                        <dd>{p().coins}</dd>
                      </div>
                      <div data-stat="games">
                        <dt>{ta("profile.games")}</dt>
                        <dd>{p().stats.games}</dd>
                      </div>
                      <div data-stat="record">
                        <dt>{ta("profile.record")}</dt>
                        <dd>
                          {p().stats.wins} / {p().stats.losses} / {p().stats.draws}
                        </dd>
                      </div>
                    </dl>
                    {/* §7.11, seed 004: medals of closed seasons (hidden from others when the player opted out). */}
                    <Show when={p().medals.length > 0}>
                      <h3 id="pf-medals">{ta("profile.medals")}</h3>
                      <ul class="list medals" aria-labelledby="pf-medals" data-medals>
                        <For each={p().medals}>
                          {(m) => (
                            <li data-medal={m.medal} data-season={m.season.id}>
                              <span class={`medal medal-${m.medal}`} aria-hidden="true" />{" "}
                              <a href={`/c/${encodeURIComponent(m.club.id)}`} onClick={onLinkClick}>
                                {ta("profile.medal", { medal: ta(`profile.medal.${m.medal}`), place: m.place, club: m.club.name, season: m.season.name })}
                              </a>
                            </li>
                          )}
                        </For>
                      </ul>
                    </Show>
                    {/* The rating's history (hidden from others with the games when the player opted out). */}
                    <RatingPlot points={p().ratingHistory} />
                    <Show when={(p().rulesTests ?? []).length > 0}>
                      <h3>{t("rulesTest.profile")}</h3>
                      <ul class="names" data-rules-tests>
                        <For each={p().rulesTests}>
                          {(r) => <li data-rules-test-pass={r.format}>✓ {t("rulesTest.profile.line", { format: tk("preset", r.format), score: r.score })}</li>}
                        </For>
                      </ul>
                    </Show>
                    <h3>{ta("profile.bySide")}</h3>
                    <table class="roles sides">
                      <thead>
                        <tr>
                          <th scope="col">{ta("profile.side")}</th>
                          <th scope="col">{ta("profile.side.games")}</th>
                          <th scope="col">{ta("profile.side.wins")}</th>
                        </tr>
                      </thead>
                      <tbody>
                        <For each={SIDES}>
                          {(side) => (
                            <tr class={`team-${side}`} data-side={side}>
                              <td>
                                <span class="team-mark" aria-hidden="true">{own(TEAM_MARK, side) ?? ""} </span>
                                {tk("team", side)}
                              </td>
                              <td>{p().stats.bySide[side].games}</td>
                              <td>{p().stats.bySide[side].wins}</td>
                            </tr>
                          )}
                        </For>
                      </tbody>
                    </table>
                    {/* Games and wins by format and by role (hidden from others with the games when the player opted out). */}
                    <Show when={p().stats.byFormat.length > 0} fallback={<Show when={p().gamesHidden && p().stats.games > 0}><p class="muted small" data-breakdown-hidden>{ta("profile.breakdownHidden")}</p></Show>}>
                      <Breakdown title={ta("profile.byFormat")} head={ta("profile.format")} rows={p().stats.byFormat.map((f) => ({ key: f.presetId, label: tk("preset", f.presetId), games: f.games, wins: f.wins }))} attr="data-by-format" />
                      <Breakdown title={ta("profile.byRole")} head={ta("profile.role")} rows={p().stats.byRole.map((r) => ({ key: r.role, label: tk("role", r.role), games: r.games, wins: r.wins }))} attr="data-by-role" />
                    </Show>
                  </section>
                  <Show when={mine()}>
                    <MyEvenings />
                  </Show>
                  <section class="panel" aria-labelledby="pf-games">
                    <h2 id="pf-games" data-my-games={mine() ? "" : undefined}>{mine() ? ta("profile.mine") : ta("profile.history")}</h2>
                    <Show when={p().games.length > 0} fallback={<p class="muted" data-games-hidden={p().gamesHidden ? "" : undefined}>{p().gamesHidden ? ta("publication.gamesHidden") : ta("profile.noGames")}</p>}>
                      <ul class="list records">
                        <For each={p().games}>{(g) => <GameItem g={g} />}</For>
                      </ul>
                    </Show>
                  </section>
                  <Show when={mine()}>
                    <PublicationPanel />
                    <SignOutPanel compact />
                  </Show>
                </>
              )}
            </Show>
          )}
        </Show>
      </main>
    </>
  );
}
