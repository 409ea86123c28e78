/**
 * RULES.md §8: a finished game's record, replayed: the page fetches the game's public record
 * (GET /api/tables/:code/games/:n: seed, players, settings, immunity and every input) and steps through
 * it with the same engine the server ran — createGame, then each input. Every step shows what the table
 * saw then (the spectator's view: seats, phase, the public log); "Show every secret" switches to the
 * host's view (roles, night moves, checks), since the game is over. A lazy chunk; the replay (Replay.tsx)
 * is another, loaded once the record has come: it carries the engine.
 *
 * Hooks for tests: `[data-record]` (data-steps), `[data-record-step]` (the slider, data-step),
 * `[data-record-prev]`, `[data-record-next]`, `[data-record-secrets]`, `[data-record-seat]`
 * (data-role when shown), `[data-record-phase]`, `[data-record-log]`; the recording:
 * `[data-recording-link]` (data-expires).
 */
import { createResource, lazy, Show } from "solid-js";
import type { TableGameRecord } from "../../../shared/protocol/http.ts";
import type { RecordingInfo } from "../../../shared/protocol/recordings.ts";
import { lang, LOCALE, t } from "../i18n/index.ts";
import { me } from "../lib/account.ts";
import { ApiError, call } from "../lib/api.ts";
import { Header } from "../ui/Header.tsx";
import { onLinkClick, tablePath } from "../lib/router.ts";
import { tr } from "./messages.ts";
import { loadClubs } from "../routes.ts";

/** The replay carries the engine — a chunk of its own, loaded once the record has come. */
const Replay = lazy(() => import("./Replay.tsx"));
/** The club's review (a club game only): part of the club screens' chunk, loaded after the replay. */
const Review = lazy(() => loadClubs().then((m) => ({ default: m.Review })));

/**
 * RULES.md §6.11: the game's audio recording while it exists, for those who may listen (its
 * players and the club's owner and hosts, signed in); nothing for anyone else or once it is deleted.
 */
function RecordingLink(props: { code: string; game: number }) {
  const path = () => `/api/tables/${encodeURIComponent(props.code)}/games/${props.game}/recording`;
  // Mounted only when the record says a recording exists, and asked only when signed in (the
  // route answers no one else): at clubs that do not record, no request and no 404 in the console.
  const [info] = createResource(() => (me() ? `${path()}/info` : null), (url) => call<RecordingInfo>("GET", url).catch(() => null));
  const date = (ms: number) => new Intl.DateTimeFormat(LOCALE[lang()], { dateStyle: "medium", timeStyle: "short" }).format(ms);
  return (
    <Show when={info()}>
      {(i) => (
        <section class="panel" aria-labelledby="recording-title" data-recording-link data-expires={i().expiresAt}>
          <h2 id="recording-title">{tr("recording.title")}</h2>
          <p class="small">{tr("recording.deleted", { date: date(i().expiresAt) })}</p>
          <audio controls preload="none" src={path()} aria-labelledby="recording-title" />
          <p>
            <a href={path()} download="">
              {tr("recording.download")}
            </a>
          </p>
        </section>
      )}
    </Show>
  );
}

export default function RecordPage(props: { code: string; game: number }) {
  const [record] = createResource(() => call<TableGameRecord>("GET", `/api/tables/${encodeURIComponent(props.code)}/games/${props.game}`));
  const error = () => {
    const e = record.error as unknown;
    return e instanceof ApiError ? (e.code === "not-ended" ? tr("notEnded") : tr("notFound")) : e ? tr("notFound") : null;
  };
  return (
    <>
    {/* The site's header (home, account, language) as on every other page. */}
    <Header />
    <main class="page record" aria-labelledby="record-title">
      <h1 id="record-title">{tr("title", { n: props.game, code: props.code })}</h1>
      <p>
        <a href={tablePath(props.code)} onClick={onLinkClick}>
          {tr("table")}
        </a>
      </p>
      <Show when={error()}>{(m) => <p class="banner" role="alert">{m()}</p>}</Show>
      <Show when={record()?.recording}>
        <RecordingLink code={props.code} game={props.game} />
      </Show>
      <Show when={record.loading}>
        <p class="muted">{t("home.working")}</p>
      </Show>
      <Show when={record()}>{(r) => <Replay record={r()} />}</Show>
      <Review code={props.code} n={props.game} />
    </main>
    </>
  );
}
