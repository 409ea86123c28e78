/** The top bar on every screen: home link, an optional middle part, the language switch. */
import { For, type JSX } from "solid-js";
import { LANGS, lang, type Lang, setLang, t } from "../i18n/index.ts";
import { onLinkClick } from "../lib/router.ts";

export function LangSwitch() {
  return (
    <label class="lang">
      <span class="sr-only">{t("lang.label")}</span>
      <select aria-label={t("lang.label")} value={lang()} onChange={(e) => setLang(e.currentTarget.value as Lang)}>
        <For each={LANGS}>{(l) => <option value={l} label={t(`lang.short.${l}`)} lang={l}>{t(`lang.${l}`)}</option>}</For>
      </select>
    </label>
  );
}

export function Header(props: { children?: JSX.Element }) {
  return (
    <header class="top">
      <a class="brand" href="/" onClick={onLinkClick} aria-label={t("nav.home")}>
        <span aria-hidden="true">♠</span> <span class="brand-name">{t("app.name")}</span>
      </a>
      <div class="top-mid">{props.children}</div>
      <LangSwitch />
    </header>
  );
}
