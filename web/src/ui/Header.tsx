/** The top bar on every screen: home link, an optional middle part, the account link, the language switch. */
import { For, type JSX, Show } from "solid-js";
import { LANGS, lang, type Lang, setLang, t } from "../i18n/index.ts";
import { me, meKnown } from "../lib/account.ts";
import { onLinkClick, profilePath } from "../lib/router.ts";

/** The signed-in nickname (a link to the profile), or "Sign in". */
export function AccountLink() {
  return (
    <Show when={meKnown()}>
      <Show
        when={me()}
        fallback={
          <a class="me-link" href="/signin" onClick={onLinkClick} data-signin-link>
            {t("account.signin")}
          </a>
        }
      >
        {(u) => (
          <a class="me-link" href={profilePath(u().nickname)} onClick={onLinkClick} data-me={u().nickname} aria-label={t("account.profile", { nickname: u().nickname })}>
            <span aria-hidden="true">☺ </span>
            {u().nickname}
          </a>
        )}
      </Show>
    </Show>
  );
}

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
      {/* The name starts with the visible word (WCAG 2.5.3 label in name), then says where it goes. */}
      <a class="brand" href="/" onClick={onLinkClick} aria-label={`${t("app.name")}: ${t("nav.home")}`}>
        <span aria-hidden="true">♠</span> <span class="brand-name">{t("app.name")}</span>
      </a>
      <div class="top-mid">{props.children}</div>
      <AccountLink />
      <LangSwitch />
    </header>
  );
}
