/** An address the site does not know shows this page — with a way home and to the clubs — never the home page. */
import { t } from "../i18n/index.ts";
import { onLinkClick } from "../lib/router.ts";
import { Header } from "./Header.tsx";

export function NotFound() {
  return (
    <>
      <Header />
      <main id="main" class="not-found" data-not-found>
        <section class="panel">
          <h1>{t("notfound.title")}</h1>
          <p>{t("notfound.body")}</p>
          <ul class="inline-list">
            <li>
              <a href="/" onClick={onLinkClick} data-not-found-home>
                {t("notfound.home")}
              </a>
            </li>
            <li>
              <a href="/clubs" onClick={onLinkClick}>
                {t("notfound.clubs")}
              </a>
            </li>
          </ul>
        </section>
      </main>
    </>
  );
}
