/**
 * Route /how (the basics) and /how/:format (sport, city): how to play, for players, in the UI language.
 * A lazy chunk (issue 13): the long texts are in ./{en,uk,ru}.ts, not in the main catalogues.
 * An unknown topic shows the basics.
 */
import { For, Show } from "solid-js";
import { lang, t } from "../i18n/index.ts";
import { howPath, onLinkClick } from "../lib/router.ts";
import { Header } from "../ui/Header.tsx";
import { en, type HowTexts, type HowTopic } from "./en.ts";
import { ru } from "./ru.ts";
import { uk } from "./uk.ts";

export const HOW: Record<"en" | "uk" | "ru", HowTexts> = { en, uk, ru };
export const TOPICS: HowTopic[] = ["basics", "sport", "city"];
const LINK_KEY = { basics: "how.basics", sport: "how.sport", city: "how.city" } as const;

export default function HowTo(props: { topic: string }) {
  const topic = (): HowTopic => (TOPICS.includes(props.topic as HowTopic) ? (props.topic as HowTopic) : "basics");
  const page = () => (HOW[lang() as keyof typeof HOW] ?? en)[topic()];
  return (
    <>
      <Header />
      <main id="main" class="howto" data-how-topic={topic()}>
        <article class="panel">
          <h1>{page().title}</h1>
          <p class="lead">{page().lead}</p>
          <For each={page().sections}>
            {(s) => (
              <section>
                <h2>{s.title}</h2>
                <Show when={s.list} fallback={<For each={s.items}>{(p) => <p>{p}</p>}</For>}>
                  <ul>
                    <For each={s.items}>{(p) => <li>{p}</li>}</For>
                  </ul>
                </Show>
              </section>
            )}
          </For>
        </article>
        <nav class="panel how-links" aria-label={t("how.title")}>
          <ul class="inline-list">
            <For each={TOPICS.filter((x) => x !== topic())}>
              {(x) => (
                <li>
                  <a href={howPath(x)} onClick={onLinkClick} data-how={x}>
                    {t(LINK_KEY[x])}
                  </a>
                </li>
              )}
            </For>
            <li>
              <a href="/#create" data-how="create">
                {t("home.create")}
              </a>
            </li>
          </ul>
        </nav>
      </main>
    </>
  );
}
