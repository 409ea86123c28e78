/**
 * /clubs/new — create a club: name, city, language, the formats it plays, its time zone (the
 * browser's by default) and the 21+ rule. The creator becomes the owner and lands on the club's page.
 */
import presets from "virtual:preset-settings";
import { createSignal, For, Show } from "solid-js";
import { CLUB_LANGUAGES, type ClubLanguage } from "../../../shared/protocol/clubs.ts";
import { lang, t, tk } from "../i18n/index.ts";
import { me, meKnown } from "../lib/account.ts";
import { clubPath, navigate, onLinkClick } from "../lib/router.ts";
import { FormError, useSubmit } from "../home/forms.tsx";
import { Header } from "../ui/Header.tsx";
import { clubsApi } from "./api.ts";
import { tc } from "./messages.ts";
import { viewerZone } from "./parts.tsx";

/** Every IANA zone the browser knows (for the suggestions), when it can list them. */
const zones = (): string[] => (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];

export function NewClub() {
  const [name, setName] = createSignal("");
  const [city, setCity] = createSignal("");
  const [language, setLanguage] = createSignal<ClubLanguage>(lang());
  const [formats, setFormats] = createSignal<string[]>(presets.filter((p) => p.clubDefault).map((p) => p.id));
  const [zone, setZone] = createSignal(viewerZone());
  const [adults, setAdults] = createSignal(false);
  // RULES.md §6.11: "record games for review" (docs/CLUBS.md "Recordings").
  const [recordGames, setRecordGames] = createSignal(false);
  const [listed, setListed] = createSignal(true);
  const { busy, error, run } = useSubmit();
  const toggle = (id: string, on: boolean) => setFormats((f) => (on ? [...f, id] : f.filter((x) => x !== id)));
  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      const page = await clubsApi.create({ name: name(), city: city(), language: language(), formats: formats(), timeZone: zone().trim(), adultsOnly: adults(), recordGames: recordGames(), listed: listed() });
      navigate(clubPath(page.club.id));
    });
  };
  return (
    <>
      <Header />
      <main id="main" class="home account">
        <section class="panel" aria-labelledby="new-club-title">
          <h1 id="new-club-title">{tc("newClub.title")}</h1>
          <p class="muted">{tc("newClub.about")}</p>
          <Show when={meKnown() && !me()}>
            <p>
              <a class="btn primary" href="/signin" onClick={onLinkClick}>
                {tc("newClub.signin")}
              </a>
            </p>
          </Show>
          <Show when={me()}>
            <form class="form" onSubmit={submit} data-new-club>
              <label class="field">
                <span>{tc("newClub.name")}</span>
                <input name="name" required maxLength={60} value={name()} onInput={(e) => setName(e.currentTarget.value)} />
              </label>
              <label class="field">
                <span>{tc("newClub.city")}</span>
                <input name="city" required maxLength={60} value={city()} onInput={(e) => setCity(e.currentTarget.value)} />
              </label>
              <label class="field">
                <span>{tc("newClub.language")}</span>
                <select name="language" value={language()} onChange={(e) => setLanguage(e.currentTarget.value as ClubLanguage)}>
                  <For each={CLUB_LANGUAGES}>{(l) => <option value={l}>{t(`lang.${l}`)}</option>}</For>
                </select>
              </label>
              <fieldset class="choice field">
                <legend>{tc("newClub.formats")}</legend>
                <For each={presets}>
                  {(p) => (
                    <label class="check">
                      <input type="checkbox" name="formats" value={p.id} checked={formats().includes(p.id)} onChange={(e) => toggle(p.id, e.currentTarget.checked)} />
                      <span>{tk("preset", p.id)}</span>
                    </label>
                  )}
                </For>
              </fieldset>
              <label class="field">
                <span>{tc("newClub.timeZone")}</span>
                <input name="timeZone" required list="tz-list" maxLength={64} value={zone()} onInput={(e) => setZone(e.currentTarget.value)} aria-describedby="tz-about" autocomplete="off" />
                <small class="muted" id="tz-about">{tc("newClub.timeZone.about")}</small>
              </label>
              <datalist id="tz-list">
                <For each={zones()}>{(z) => <option value={z} />}</For>
              </datalist>
              <label class="check field">
                <input type="checkbox" name="adultsOnly" checked={adults()} onChange={(e) => setAdults(e.currentTarget.checked)} />
                <span>{tc("newClub.adults")}</span>
              </label>
              <label class="check field">
                <input type="checkbox" name="recordGames" checked={recordGames()} onChange={(e) => setRecordGames(e.currentTarget.checked)} aria-describedby="record-games-about" />
                <span>{tc("newClub.recordGames")}</span>
              </label>
              <small class="muted" id="record-games-about">{tc("newClub.recordGames.about")}</small>
              <label class="check field">
                <input type="checkbox" name="listed" checked={listed()} onChange={(e) => setListed(e.currentTarget.checked)} aria-describedby="new-listed-about" />
                <span>{tc("settings.listed")}</span>
              </label>
              <small class="muted" id="new-listed-about">{tc("settings.listed.about")}</small>
              <FormError error={error()} />
              <button type="submit" class="btn primary wide" disabled={busy() || formats().length === 0}>
                {tc("newClub.submit")}
              </button>
            </form>
          </Show>
        </section>
      </main>
    </>
  );
}
