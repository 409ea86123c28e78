/** Home: create a table, join by code, come back, my tables on this device, public tables. */
import { createResource, createSignal, For, Show } from "solid-js";
import { t, tk } from "../i18n/index.ts";
import { api, ApiError, type PublicTable } from "../lib/api.ts";
import { navigate, onLinkClick, tablePath } from "../lib/router.ts";
import { forgetTable, saved } from "../lib/seats-store.ts";
import { Header } from "../ui/Header.tsx";
import { errorText } from "../ui/Notice.tsx";
import { ComeBackForm, CreateForm, JoinForm, NicknameField, nickname, sitDown } from "./forms.tsx";

function MyTables() {
  return (
    <section class="panel" aria-labelledby="mine-title">
      <h2 id="mine-title">{t("mine.title")}</h2>
      <Show when={saved().length > 0} fallback={<p class="muted">{t("mine.empty")}</p>}>
        <ul class="list">
          <For each={saved()}>
            {(e) => (
              <li class="row">
                <a href={tablePath(e.code)} onClick={onLinkClick} aria-label={t("mine.open", { code: e.code })} class="grow">
                  <strong class="code">{e.code}</strong> <span class="muted">{e.kind === "host" ? t("mine.host") : e.kind === "organizer" ? t("mine.organizer") : e.nickname ? t("mine.as", { nickname: e.nickname }) : ""}</span>
                </a>
                <button type="button" class="icon-btn" aria-label={t("mine.forget", { code: e.code })} onClick={() => forgetTable(e.code)}>
                  ×
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}

function PublicTables() {
  const [tables, { refetch }] = createResource(() => api.publicTables().catch(() => [] as PublicTable[]));
  const [error, setError] = createSignal<string | null>(null);
  const [busy, setBusy] = createSignal<string | null>(null);
  const sit = async (code: string) => {
    const name = nickname().trim();
    if (!name) {
      setError(t("home.needName"));
      document.getElementById("nick")?.focus();
      return;
    }
    setBusy(code);
    setError(null);
    try {
      await sitDown(code, name);
      navigate(tablePath(code));
    } catch (e) {
      setError(e instanceof ApiError ? errorText(e.code, e.message) : errorText("generic"));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section class="panel" aria-labelledby="lobby-title">
      <div class="row">
        <h2 id="lobby-title" class="grow">
          {t("lobby.title")}
        </h2>
        <button type="button" class="btn small" onClick={() => refetch()}>
          {t("lobby.refresh")}
        </button>
      </div>
      <p class="form-error" role="alert">
        {error() ?? ""}
      </p>
      <Show when={(tables() ?? []).length > 0} fallback={<p class="muted">{t("lobby.empty")}</p>}>
        <ul class="list">
          <For each={tables()}>
            {(p) => (
              <li class="row" data-public-table={p.code}>
                <div class="grow">
                  <strong class="code">{p.code}</strong> <span>{tk("preset", p.presetId)}</span>
                  <br />
                  <small class="muted">
                    {t("lobby.seats", { taken: p.seats.taken, max: p.seats.max })}
                    {p.status ? " · " + tk("status", p.status) : ""}
                  </small>
                </div>
                <button type="button" class="btn primary small" disabled={busy() !== null || p.status !== "lobby" || p.seats.taken >= p.seats.max} onClick={() => sit(p.code)} aria-label={t("lobby.join", { code: p.code })}>
                  {t("join.submit")}
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}

export function Home() {
  return (
    <>
      <Header />
      <main id="main" class="home">
        <p class="tagline">{t("home.tagline")}</p>
        <div class="panel">
          <NicknameField id="nick" />
        </div>
        <div class="home-grid">
          <JoinForm />
          <PublicTables />
          <CreateForm />
          <MyTables />
          <ComeBackForm />
        </div>
      </main>
    </>
  );
}
