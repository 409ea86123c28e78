/**
 * /leaders — the sport rating's leaderboard (RULES.md §2.14, §8; worker/accounts/leaderboard.ts):
 * overall (?scope=all), a club's (?scope=club:<id>) or a club season's (?scope=season:<id>), 50 a page.
 * A player who opted out of publication is "a player (name hidden)" — the server never sends the name.
 * The club and season pages link here with their scope.
 */
import { createResource, createSignal, For, Show } from "solid-js";
import type { Leaderboard as Board } from "../../../shared/protocol/leaderboard.ts";
import { call } from "../lib/api.ts";
import { clubPath, leadersPath, onLinkClick, profilePath } from "../lib/router.ts";
import { Header } from "../ui/Header.tsx";
import { tc } from "./messages.ts";
import { loadPage, PageOf, Pager, pointsText } from "./parts.tsx";

interface Query {
  scope: string;
  page: number;
}

const SCOPE = /^(all|club:c[A-Za-z0-9_-]{16}|season:s[A-Za-z0-9_-]{16})$/;

const fromAddress = (): Query => {
  const p = new URLSearchParams(location.search);
  const scope = p.get("scope") ?? "all";
  const page = Number(p.get("page") ?? "1");
  return { scope: SCOPE.test(scope) ? scope : "all", page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1 };
};

export function Leaderboard() {
  const [query, setQuery] = createSignal<Query>(fromAddress());
  const [data] = createResource(query, (q) => loadPage(() => call<Board>("GET", `/api/leaderboard?${new URLSearchParams({ scope: q.scope, page: String(q.page) }).toString()}`)));
  const go = (q: Query) => {
    history.replaceState(null, "", leadersPath(q.scope, q.page));
    setQuery(q);
  };
  return (
    <>
      <Header />
      <main id="main" class="leaderboard" data-leaderboard={query().scope}>
        <PageOf data={data()} notFound={tc("club.notFound")}>
          {(d) => {
            const pages = () => Math.max(1, Math.ceil(d().total / d().pageSize));
            const s = () => d().scope;
            const overall = () => s().kind === "all";
            return (
              <>
                <section class="panel">
                  <h1>{tc("lb.title")}</h1>
                  <p class="lead" data-leaderboard-scope={s().kind}>
                    {(() => {
                      const x = s();
                      return x.kind === "all" ? tc("lb.scope.all") : x.kind === "club" ? tc("lb.scope.club", { name: x.name }) : tc("lb.scope.season", { name: x.name });
                    })()}
                  </p>
                  <p class="muted">{overall() ? tc("lb.lead.all") : s().kind === "club" ? tc("lb.lead.club") : tc("lb.lead.season")}</p>
                  <ul class="inline-list">
                    <Show when={!overall()}>
                      <li>
                        <a href="/leaders" onClick={(e) => { e.preventDefault(); go({ scope: "all", page: 1 }); }} data-leaderboard-all>
                          {tc("lb.scope.all")}
                        </a>
                      </li>
                    </Show>
                    <Show when={(() => { const x = s(); return x.kind === "club" ? x.id : x.kind === "season" ? x.club.id : null; })()}>
                      {(id) => (
                        <li>
                          <a href={clubPath(id())} onClick={onLinkClick}>{(() => { const x = s(); return x.kind === "season" ? x.club.name : x.kind === "club" ? x.name : ""; })()}</a>
                        </li>
                      )}
                    </Show>
                  </ul>
                </section>
                <section class="panel">
                  <Show when={d().rows.length > 0} fallback={<p class="muted" data-leaderboard-empty>{tc("lb.empty")}</p>}>
                    <div class="table-scroll" tabindex="0" role="region" aria-label={tc("lb.title")}>
                      <table class="standings leaders">
                        <thead>
                          <tr>
                            <th scope="col">{tc("lb.rank")}</th>
                            <th scope="col">{tc("lb.player")}</th>
                            <th scope="col">{overall() ? tc("lb.rating") : tc("lb.gain")}</th>
                            <th scope="col">{tc("lb.gamesWins")}</th>
                          </tr>
                        </thead>
                        <tbody>
                          <For each={d().rows}>
                            {(r) => (
                              <tr data-leader-rank={r.rank} data-leader-hidden={r.hidden ? "yes" : "no"} classList={{ you: r.you }} aria-current={r.you ? "true" : undefined}>
                                <td>{r.rank}</td>
                                <td>
                                  <Show when={r.nickname} fallback={<span class="muted">{tc("lb.hidden")}</span>}>
                                    {(n) => <a href={profilePath(n())} onClick={onLinkClick} data-leader={n()}>{n()}</a>}
                                  </Show>
                                </td>
                                <td>{pointsText(r.score)}</td>
                                <td data-leader-games={r.games} data-leader-wins={r.wins}>
                                  {r.games} / {r.wins}
                                </td>
                              </tr>
                            )}
                          </For>
                        </tbody>
                      </table>
                    </div>
                  </Show>
                  <Pager page={d().page} pages={pages()} go={(page) => go({ ...query(), page })} />
                </section>
              </>
            );
          }}
        </PageOf>
      </main>
    </>
  );
}
