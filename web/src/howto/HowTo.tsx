/**
 * Route /how (the basics) and /how/:format (sport, city, profiles, tatar, host-classic, club): how to play, for players, in the UI language.
 * A lazy chunk: the long texts are in ./{en,uk,ru}.ts, not in the main catalogues.
 * An unknown topic shows the basics.
 * Every page ends with a link to its format's section of the rules book (docs/RULES.md, shown at /rules#s<n>).
 */
import { For, Show } from "solid-js";
import { textFamily } from "../i18n/families.ts";
import { lang, t } from "../i18n/index.ts";
import { HowToLinks } from "../home/Home.tsx";
import { onLinkClick } from "../lib/router.ts";
import { FORMAT_SECTION, rulesPath } from "../rules/anchors.ts";
import { Header } from "../ui/Header.tsx";
import { en, type HowTexts, type HowTopic } from "./en.ts";
import { ru } from "./ru.ts";
import { uk } from "./uk.ts";

export const HOW: Record<"en" | "uk" | "ru", HowTexts> = { en, uk, ru };
export const TOPICS: HowTopic[] = ["basics", "sport", "city", "profiles", "tatar", "host-classic", "club"];

export default function HowTo(props: { topic: string }) {
  // A profile's own id (/how/classic) shows the profiles' page (i18n/families.ts).
  const topic = (): HowTopic => {
    const t = textFamily(props.topic);
    return TOPICS.includes(t as HowTopic) ? (t as HowTopic) : "basics";
  };
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
          <p class="rules-link">
            <a href={rulesPath(FORMAT_SECTION[topic()])} onClick={onLinkClick} data-rules-link={FORMAT_SECTION[topic()]}>
              {topic() === "basics" ? t("how.rules.all") : t("how.rules", { section: `§${FORMAT_SECTION[topic()]}` })}
            </a>
          </p>
        </article>
        <HowToLinks current={topic()} />
      </main>
    </>
  );
}
