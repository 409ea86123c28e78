/**
 * Route /rules: the rules book, docs/RULES.md, as a page of the site — every §-heading with its
 * anchor (/rules#s2-10), so the how-to pages can link to a format's section. The book is written in
 * English; the page says so in the UI language. A lazy chunk: the text is not in any other page's JS.
 */
import { For, type JSX, Match, onMount, Switch } from "solid-js";
import doc from "../../../docs/RULES.md?raw";
import { lang, t } from "../i18n/index.ts";
import { howPath, onLinkClick } from "../lib/router.ts";
import { Header } from "../ui/Header.tsx";
import { type Inline, parseMarkdown } from "./markdown.ts";

const BLOCKS = parseMarkdown(doc);

function Text(props: { parts: Inline[] }): JSX.Element {
  return (
    <For each={props.parts}>
      {(p) => (
        <Switch fallback={p.text}>
          <Match when={p.kind === "b"}><strong>{p.text}</strong></Match>
          <Match when={p.kind === "i"}><em>{p.text}</em></Match>
          <Match when={p.kind === "code"}><code>{p.text}</code></Match>
        </Switch>
      )}
    </For>
  );
}

export default function RulesPage() {
  onMount(() => {
    // The anchor's target exists only now (a client-side navigation or a first load of /rules#s5-7).
    const id = location.hash.slice(1);
    if (id) requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
  });
  return (
    <>
      <Header />
      <main id="main" class="howto rules" lang="en" data-rules>
        <p class="panel" lang={lang()}>
          {t("rules.englishOnly")} <a href={howPath()} onClick={onLinkClick}>{t("how.title")}</a>
        </p>
        <article class="panel">
          <For each={BLOCKS}>
            {(b) => (
              <Switch>
                <Match when={b.kind === "h" && b}>
                  {(h) => (
                    <Switch>
                      <Match when={h().level === 1}><h1 id={h().id}><Text parts={h().text} /></h1></Match>
                      <Match when={h().level === 2}><h2 id={h().id} data-rule={h().id}><Text parts={h().text} /></h2></Match>
                      <Match when={h().level === 3}><h3 id={h().id} data-rule={h().id}><Text parts={h().text} /></h3></Match>
                    </Switch>
                  )}
                </Match>
                <Match when={b.kind === "p" && b}>{(p) => <p><Text parts={p().text} /></p>}</Match>
                <Match when={b.kind === "ul" && b}>{(l) => <ul><For each={l().items}>{(i) => <li><Text parts={i} /></li>}</For></ul>}</Match>
                <Match when={b.kind === "table" && b}>
                  {(tb) => (
                    <div class="table-scroll" tabindex="0" role="region" aria-label={tb().head.map((c) => c.map((x) => x.text).join("")).join(", ")}>
                      <table>
                        <thead><tr><For each={tb().head}>{(c) => <th scope="col"><Text parts={c} /></th>}</For></tr></thead>
                        <tbody><For each={tb().rows}>{(r) => <tr><For each={r}>{(c) => <td><Text parts={c} /></td>}</For></tr>}</For></tbody>
                      </table>
                    </div>
                  )}
                </Match>
              </Switch>
            )}
          </For>
        </article>
      </main>
    </>
  );
}
