/**
 * /clubs — the public clubs (RULES.md §6.11, §8; worker/clubs/directory.ts): name, city, formats,
 * the next evening (in the viewer's own time) and the member count, with search by name or city and pages.
 * A private club is never listed. The search and page live in the address (?q=&page=), so a result can be
 * shared and the back button works.
 */
import { createResource, createSignal, For, Show } from "solid-js";
import type { ClubDirectory as Directory } from "../../../shared/protocol/clubs.ts";
import { LOCALE, lang, tk } from "../i18n/index.ts";
import { call } from "../lib/api.ts";
import { me } from "../lib/account.ts";
import { clubPath, onLinkClick } from "../lib/router.ts";
import { Header } from "../ui/Header.tsx";
import { tc } from "./messages.ts";
import { loadPage, PageOf, Pager } from "./parts.tsx";

interface Query {
  q: string;
  page: number;
}

const fromAddress = (): Query => {
  const p = new URLSearchParams(location.search);
  const page = Number(p.get("page") ?? "1");
  return { q: (p.get("q") ?? "").slice(0, 60), page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1 };
};

const pathOf = (q: Query): string => {
  const p = new URLSearchParams();
  if (q.q) p.set("q", q.q);
  if (q.page > 1) p.set("page", String(q.page));
  const s = p.toString();
  return s ? `/clubs?${s}` : "/clubs";
};

const apiOf = (q: Query): string => `/api/clubs?${new URLSearchParams({ q: q.q, page: String(q.page) }).toString()}`;

/** The next evening in the viewer's own zone, as a short date and time. */
const nextText = (ms: number): string => new Intl.DateTimeFormat(LOCALE[lang()], { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(new Date(ms));

export function ClubDirectory() {
  const [query, setQuery] = createSignal<Query>(fromAddress());
  const [text, setText] = createSignal(query().q);
  const [data] = createResource(query, (q) => loadPage(() => call<Directory>("GET", apiOf(q))));
  const go = (q: Query) => {
    history.replaceState(null, "", pathOf(q));
    setQuery(q);
  };
  const search = (e: Event) => {
    e.preventDefault();
    go({ q: text().trim(), page: 1 });
  };
  return (
    <>
      <Header />
      <main id="main" class="clubs-directory" data-club-directory>
        <section class="panel">
          <h1>{tc("dir.title")}</h1>
          <p class="muted">{tc("dir.lead")}</p>
          <form class="form row" role="search" onSubmit={search}>
            <label class="field grow">
              <span>{tc("dir.search")}</span>
              <input name="q" type="search" maxLength={60} value={text()} onInput={(e) => setText(e.currentTarget.value)} autocomplete="off" data-club-search />
            </label>
            <button type="submit" class="btn" data-club-search-go>
              {tc("dir.search.button")}
            </button>
          </form>
          <ul class="inline-list">
            <li>
              <a href="/leaders" onClick={onLinkClick}>{tc("dir.leaders")}</a>
            </li>
            <Show when={me()}>
              <li>
                <a href="/clubs/new" onClick={onLinkClick}>{tc("dir.create")}</a>
              </li>
            </Show>
          </ul>
        </section>
        <PageOf data={data()} notFound={tc("dir.none")}>
          {(d) => {
            const pages = () => Math.max(1, Math.ceil(d().total / d().pageSize));
            return (
              <section class="panel" aria-labelledby="dir-found">
                <h2 id="dir-found" role="status" data-club-total={d().total}>
                  {tc("dir.found", { n: d().total })}
                </h2>
                <Show when={d().clubs.length > 0} fallback={<p class="muted">{tc("dir.none")}</p>}>
                  <ul class="list club-cards">
                    <For each={d().clubs}>
                      {(c) => (
                        <li class="club-card" data-club-card={c.id}>
                          <a href={clubPath(c.id)} onClick={onLinkClick} class="club-name" data-club-link={c.id}>
                            {c.name}
                          </a>
                          <span class="muted"> · {c.city}</span>
                          <div class="small">{c.formats.map((f) => tk("preset", f)).join(", ")}</div>
                          <div class="small">
                            <span data-club-next={c.nextEvening ?? ""}>{c.nextEvening === null ? tc("dir.noNext") : tc("dir.next", { when: nextText(c.nextEvening) })}</span>
                            <span> · </span>
                            <span data-club-members={c.members}>{tc("dir.members", { n: c.members })}</span>
                          </div>
                        </li>
                      )}
                    </For>
                  </ul>
                </Show>
                <Pager page={d().page} pages={pages()} go={(page) => go({ ...query(), page })} />
              </section>
            );
          }}
        </PageOf>
      </main>
    </>
  );
}
