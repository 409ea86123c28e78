/**
 * RULES.md §6.11, §8 "a player may opt out of publication": on one's own profile, whether
 * one's nick is published in finished games' records (POST /api/me/publication; docs/CLUBS.md
 * "Publication"). Off: others see "Player N" (the seat in that game) in every record, and one's profile
 * lists them no games. Live tables are not affected.
 *
 * Hooks for tests: `[data-publication]`, `[data-publication-toggle]`, `[data-publication-state]` (on | off).
 */
import { createSignal, Show } from "solid-js";
import type { MeResponse } from "../../../shared/protocol/accounts.ts";
import { me, setMe } from "../lib/account.ts";
import { ApiError, call } from "../lib/api.ts";
import { errorText } from "../ui/Notice.tsx";
import { ta } from "./messages.ts";

export function PublicationPanel() {
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  const on = () => me()?.publishNick ?? true;
  const change = async (box: HTMLInputElement) => {
    setBusy(true);
    setError(null);
    try {
      setMe((await call<MeResponse>("POST", "/api/me/publication", { publish: box.checked })).user);
    } catch (e) {
      setError(e instanceof ApiError ? e.code : "generic");
    } finally {
      box.checked = on(); // what the server holds
      setBusy(false);
    }
  };
  return (
    <section class="panel" aria-labelledby="pub-title" data-publication>
      <h2 id="pub-title">{ta("publication.title")}</h2>
      <label class="check">
        <input type="checkbox" data-publication-toggle checked={on()} disabled={busy()} aria-describedby="pub-about" onChange={(e) => void change(e.currentTarget)} />
        <span>{ta("publication.label")}</span>
      </label>
      <p id="pub-about" class="muted small">
        {ta("publication.about")}
      </p>
      <p role="status" aria-live="polite" data-publication-state={on() ? "on" : "off"}>
        {on() ? ta("publication.on") : ta("publication.off")}
      </p>
      <Show when={error()}>{(code) => <p class="banner" role="alert">{errorText(code())}</p>}</Show>
    </section>
  );
}
