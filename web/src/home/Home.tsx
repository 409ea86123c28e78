/**
 * Home: one line saying what this is; Join / Create / Watch as three big buttons at the top
 * (above the fold on a 360×740 phone); the chosen one's panel right under them — it opens on
 * "Join by code", one form that also takes a return code or a consigliere code (forms.tsx JoinForm); the
 * long create form only behind "Create a table" — then the public tables (waiting: "Sit down"; in play:
 * "Watch"), how to play, my tables on this device.
 */
import { createResource, createSignal, For, Show } from "solid-js";
import { t, tk } from "../i18n/index.ts";
import { me } from "../lib/account.ts";
import { api, ApiError, type PublicTable } from "../lib/api.ts";
import { howPath, navigate, onLinkClick, profilePath, tablePath } from "../lib/router.ts";
import { GuidedStart } from "./GuidedStart.tsx";
import { forgetTable, saved } from "../lib/seats-store.ts";
import { Header } from "../ui/Header.tsx";
import { errorText } from "../ui/Notice.tsx";
import { JoinForm, NicknameField, nickname, sitDown } from "./forms.tsx";
import { CreateForm } from "./create-form.tsx";

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

/** A table one can still sit down at: waiting for players, with a free seat. */
export const canSit = (p: PublicTable): boolean => p.status === "lobby" && p.seats.taken < p.seats.max;

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
    <section class="panel" id="tables" aria-labelledby="lobby-title">
      <div class="row">
        <h2 id="lobby-title" class="grow" tabindex="-1">
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
              <li class="row" data-public-table={p.code} data-status={p.status}>
                <div class="grow">
                  <strong class="code">{p.code}</strong> <span>{tk("preset", p.presetId)}</span>
                  <br />
                  <small class="muted">
                    {t("lobby.seats", { taken: p.seats.taken, max: p.seats.max })}
                    {p.status ? " · " + tk("status", p.status) : ""}
                  </small>
                </div>
                {/* Waiting with a free seat: sit down. Otherwise (in play, full, finished): watch — never a greyed "Sit down". */}
                <Show
                  when={canSit(p)}
                  fallback={
                    <a class="btn small" href={tablePath(p.code)} onClick={onLinkClick} data-watch-table={p.code} aria-label={t("lobby.watchAt", { code: p.code })}>
                      {t("lobby.watch")}
                    </a>
                  }
                >
                  <button type="button" class="btn primary small" disabled={busy() !== null} onClick={() => sit(p.code)} aria-label={t("lobby.join", { code: p.code })}>
                    {t("join.submit")}
                  </button>
                </Show>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}

const HOW_TOPICS = [
  ["basics", "how.basics"],
  ["sport", "how.sport"],
  ["city", "how.city"],
  ["profiles", "how.profiles"],
  ["tatar", "how.tatar"],
  ["host-classic", "how.host-classic"],
  ["club", "how.club"],
] as const;

/** Links to the how-to-play pages (one lazy chunk), on the home page and under each how-to page. */
export function HowToLinks(props: { current?: string }) {
  return (
    <nav class="panel how-links" aria-labelledby="how-title">
      <h2 id="how-title">{t("how.title")}</h2>
      <ul class="inline-list">
        <For each={HOW_TOPICS.filter(([x]) => x !== props.current)}>
          {([x, key]) => (
            <li>
              <a href={howPath(x)} onClick={onLinkClick} data-how={x}>
                {t(key)}
              </a>
            </li>
          )}
        </For>
        <Show when={props.current}>
          <li>
            {/* A full load: the home page opens on the create form. */}
            <a href="/#create" data-how="create">
              {t("home.create")}
            </a>
          </li>
        </Show>
      </ul>
    </nav>
  );
}

/**
 * A signed-in person's way to the clubs — create one, or their evenings on the profile.
 * Everyone's way to the public club directory (/clubs) and the rating leaderboard (/leaders).
 */
function Clubs() {
  return (
    <nav class="panel how-links" aria-labelledby="clubs-title">
      <h2 id="clubs-title">{t("clubs.title")}</h2>
      <ul class="inline-list">
        <li>
          <a href="/clubs" onClick={onLinkClick} data-home-club="find">
            {t("clubs.find")}
          </a>
        </li>
        <li>
          <a href="/leaders" onClick={onLinkClick} data-home-club="leaders">
            {t("leaders.link")}
          </a>
        </li>
        <Show when={me()}>
          {(u) => (
            <>
              <li>
                <a href="/clubs/new" onClick={onLinkClick} data-home-club="create">
                  {t("clubs.create")}
                </a>
              </li>
              <li>
                <a href={profilePath(u().nickname)} onClick={onLinkClick} data-home-club="mine">
                  {t("clubs.mine")}
                </a>
              </li>
              <li>
                <a href="/tournaments/new" onClick={onLinkClick} data-home-tournament="create">
                  {t("clubs.tournament")}
                </a>
              </li>
            </>
          )}
        </Show>
      </ul>
    </nav>
  );
}

type Mode = "join" | "create";

export function Home() {
  // "#create" opens the create form directly (e.g. the how-to-play pages link there).
  const [mode, setMode] = createSignal<Mode>(location.hash === "#create" ? "create" : "join");
  const choose = (m: Mode, focus: string) => {
    setMode(m);
    queueMicrotask(() => document.getElementById(focus)?.focus());
  };
  const watch = () => {
    const list = document.getElementById("lobby-title");
    list?.scrollIntoView({ block: "start" });
    list?.focus({ preventScroll: true });
  };
  return (
    <>
      <Header />
      <main id="main" class="home">
        <h1 class="tagline">{t("home.tagline")}</h1>
        <div class="home-actions" role="group" aria-label={t("home.actions")}>
          <button type="button" class="btn big" classList={{ primary: mode() === "join" }} aria-pressed={mode() === "join"} aria-controls="home-panel" data-home="join" onClick={() => choose("join", "join-code")}>
            {t("home.join")}
          </button>
          <button type="button" class="btn big" classList={{ primary: mode() === "create" }} aria-pressed={mode() === "create"} aria-controls="home-panel" data-home="create" onClick={() => choose("create", "create-title")}>
            {t("home.create")}
          </button>
          <button type="button" class="btn big" aria-controls="tables" data-home="watch" onClick={watch}>
            {t("home.watch")}
          </button>
        </div>
        <div class="panel">
          <NicknameField id="nick" />
        </div>
        <div class="home-grid">
          <div id="home-panel">
            <Show when={mode() === "create"} fallback={<JoinForm />}>
              <CreateForm />
            </Show>
          </div>
          <div>
            <GuidedStart />
            <PublicTables />
            <Clubs />
            <HowToLinks />
            <MyTables />
          </div>
        </div>
      </main>
    </>
  );
}
