/**
 * RULES.md §9: the tournament screens — one lazy chunk (web/src/routes.ts loadTournaments):
 *  - /tournaments/new: create a tournament (format and table size, rounds, the final, who hosts);
 *  - /tn/:id: the tournament page — registration, the organizer's control (bots for practice, close,
 *    judges, the draw with its published seed and check, swaps, opening each round), the schedule as a
 *    grid of rounds × tables (watch links, one's own table, results with the best move), the judge's
 *    tables (host screen, extra points with reasons) and the standings (§9.5) with the final (§9.6).
 * Everything shown is what the server sent (the standings are computed there); the page reloads after
 * each action and while a round plays (every few seconds, only while the tab is visible).
 */
import { createResource, createSignal, For, onCleanup, Show } from "solid-js";
import type { TournamentPage as Page, TournamentRoundView, TournamentTableView } from "../../../shared/protocol/tournaments.ts";
import { DEFAULT_FINAL_GAMES, TOURNAMENT_PRESETS, TOURNAMENT_SETTINGS, type TournamentPreset } from "../../../shared/tournaments/formats.ts";
import { t, tk } from "../i18n/index.ts";
import { me, meKnown } from "../lib/account.ts";
import { ApiError } from "../lib/api.ts";
import { navigate, onLinkClick, tablePath } from "../lib/router.ts";
import { savedFor, saveTable } from "../lib/seats-store.ts";
import { FormError, sitDown, useSubmit } from "../home/forms.tsx";
import { Header } from "../ui/Header.tsx";
import { errorText } from "../ui/Notice.tsx";
import { tournamentsApi } from "./api.ts";
import type { TournamentKey } from "./catalogue.ts";
import { tt } from "./messages.ts";
import { shownName } from "../table/names.ts";

const PRESETS = Object.keys(TOURNAMENT_PRESETS) as TournamentPreset[];

/** Hundredths as points: "1.25", "−0.5", "0". */
export const pts = (h: number): string => (h / 100).toString().replace("-", "−");

export function tournamentPath(id: string): string {
  return `/tn/${encodeURIComponent(id)}`;
}

/* ------------------------------------------------------------------ create */

export function NewTournament() {
  const [name, setName] = createSignal("");
  const [preset, setPreset] = createSignal<TournamentPreset>(PRESETS[0]!);
  const [seats, setSeats] = createSignal(12);
  const [rounds, setRounds] = createSignal(6);
  // RULES.md §9.6: a tournament plays a final unless the organizer sets 0 — three games at one table.
  const [finalGames, setFinalGames] = createSignal(DEFAULT_FINAL_GAMES);
  const [fromZero, setFromZero] = createSignal(false);
  const [host, setHost] = createSignal<"server" | "judge">("server");
  /** Sport's §2.1 setting: the roles dealt at once (a tournament's tables skip the card taking). */
  const [autoDeal, setAutoDeal] = createSignal(false);
  const { busy, error, run } = useSubmit();
  // The table size a preset fixes, and the settings it offers, are the shared table's (§9.1).
  const fixed = () => TOURNAMENT_PRESETS[preset()];
  const offersAutoDeal = () => TOURNAMENT_SETTINGS[preset()].includes("autoDeal");
  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      const r = await tournamentsApi.create({
        name: name(), presetId: preset(), rounds: rounds(), finalGames: finalGames(), finalFromZero: fromZero(), host: host(),
        ...(fixed() === null ? { seats: seats() } : {}),
        ...(offersAutoDeal() && autoDeal() ? { settings: { autoDeal: true } } : {}),
      });
      navigate(tournamentPath(r.id));
    });
  };
  return (
    <>
      <Header />
      <main id="main" class="home account tournament">
        <section class="panel" aria-labelledby="new-tn-title">
          <h1 id="new-tn-title">{tt("tn.new")}</h1>
          <p class="muted">{tt("tn.new.about")}</p>
          <Show when={meKnown() && !me()}>
            <p>
              <a class="btn primary" href="/signin" onClick={onLinkClick}>
                {tt("tn.signin")}
              </a>
            </p>
          </Show>
          <Show when={me()}>
            <form class="form" onSubmit={submit} data-new-tournament>
              <label class="field">
                <span>{tt("tn.name")}</span>
                <input name="name" required maxLength={60} value={name()} onInput={(e) => setName(e.currentTarget.value)} />
              </label>
              <label class="field">
                <span>{tt("tn.preset")}</span>
                <select name="preset" value={preset()} onChange={(e) => setPreset(e.currentTarget.value as TournamentPreset)}>
                  <For each={PRESETS}>{(p) => <option value={p}>{tk("preset", p)}</option>}</For>
                </select>
              </label>
              <Show when={fixed() === null}>
                <label class="field">
                  <span>{tt("tn.seats")}</span>
                  <input name="seats" type="number" inputMode="numeric" min={8} max={16} value={seats()} onInput={(e) => setSeats(Number(e.currentTarget.value))} />
                </label>
              </Show>
              <Show when={offersAutoDeal()}>
                <label class="check field">
                  <input type="checkbox" name="autoDeal" checked={autoDeal()} onChange={(e) => setAutoDeal(e.currentTarget.checked)} />
                  <span>{t("setting.autoDeal")}</span>
                </label>
              </Show>
              <label class="field">
                <span>{tt("tn.rounds")}</span>
                <input name="rounds" type="number" inputMode="numeric" min={1} max={30} required value={rounds()} onInput={(e) => setRounds(Number(e.currentTarget.value))} />
              </label>
              <label class="field">
                <span>{tt("tn.finalGames")}</span>
                <input name="finalGames" type="number" inputMode="numeric" min={0} max={16} value={finalGames()} onInput={(e) => setFinalGames(Number(e.currentTarget.value))} />
              </label>
              <label class="check field">
                <input type="checkbox" name="finalFromZero" checked={fromZero()} onChange={(e) => setFromZero(e.currentTarget.checked)} />
                <span>{tt("tn.finalFromZero")}</span>
              </label>
              <fieldset class="field">
                <legend>{tt("tn.host")}</legend>
                <label class="check">
                  <input type="radio" name="host" value="server" checked={host() === "server"} onChange={() => setHost("server")} />
                  <span>{tt("tn.host.server")}</span>
                </label>
                <label class="check">
                  <input type="radio" name="host" value="judge" checked={host() === "judge"} onChange={() => setHost("judge")} />
                  <span>{tt("tn.host.judge")}</span>
                </label>
              </fieldset>
              <button type="submit" class="btn primary wide" disabled={busy()} data-create-tournament>
                {tt("tn.create")}
              </button>
              <FormError error={error()} />
            </form>
          </Show>
        </section>
      </main>
    </>
  );
}

/* ------------------------------------------------------------------ the page */

type Names = (entrant: number) => string;

function namesOf(p: Page): Names {
  const by = new Map(p.entrants.map((e) => [e.entrant, e]));
  return (entrant) => {
    const e = by.get(entrant);
    if (!e) return `#${entrant}`;
    if (e.hidden || e.nickname === null) return tt("tn.hidden");
    return shownName(e.nickname, e.bot);
  };
}

/** The round the organizer opens next (null: none). */
function nextRound(p: Page): TournamentRoundView | null {
  return p.schedule.find((r) => r.status === "pending") ?? null;
}

export function TournamentPage(props: { id: string }) {
  const [data, { refetch }] = createResource(async () => {
    try {
      return { page: await tournamentsApi.page(props.id), error: null as string | null };
    } catch (e) {
      return { page: null, error: e instanceof ApiError ? e.code : "network" };
    }
  });
  // While a round plays, the standings and the tables' states move: read again every few seconds.
  const timer = setInterval(() => {
    const s = data()?.page?.status;
    if (document.visibilityState === "visible" && (s === "running" || s === "drawn")) void refetch();
  }, 4000);
  onCleanup(() => clearInterval(timer));
  return (
    <>
      <Header />
      <main id="main" class="home tournament" data-tournament={props.id}>
        <Show when={data()} fallback={<p class="muted center-text" role="status">…</p>}>
          {(d) => (
            <Show when={d().page} fallback={<p class="panel" role="alert" data-page-error={d().error}>{d().error === "not-found" ? tt("tn.notFound") : errorText(d().error ?? "generic")}</p>}>
              {(p) => <Tournament page={p()} reload={() => void refetch()} />}
            </Show>
          )}
        </Show>
      </main>
    </>
  );
}

function Tournament(props: { page: Page; reload: () => void }) {
  const names = () => namesOf(props.page);
  return (
    <>
      <section class="panel" aria-labelledby="tn-title" data-status={props.page.status}>
        <h1 id="tn-title">{props.page.name}</h1>
        <p>
          <strong data-tn-status>{tt(`tn.status.${props.page.status}` as TournamentKey)}</strong>
        </p>
        {/* §9.5–§9.6 a finished tournament names its winner: the first of the final standings. */}
        <Show when={props.page.status === "finished" && props.page.standings[0]}>
          {(first) => <p class="tn-champion" data-tn-champion={first().entrant}><strong>{tt("tn.champion", { nick: names()(first().entrant) })}</strong></p>}
        </Show>
        <p class="small">
          {tt("tn.summary", {
            preset: tk("preset", props.page.presetId),
            seats: props.page.seats,
            rounds: tt("tn.rounds.n", { n: props.page.rounds }),
            final: props.page.finalGames ? tt("tn.final.games", { n: props.page.finalGames }) : tt("tn.final.none"),
          })}
        </p>
        <Show when={props.page.organizer}>{(o) => <p class="small muted">{tt("tn.organizer", { nick: o() })}</p>}</Show>
        <Show when={props.page.judges.length}>
          <p class="small muted">{tt("tn.judges.list", { list: props.page.judges.map((j) => j ?? tt("tn.judge.hidden")).join(", ") })}</p>
        </Show>
        <Show when={props.page.seed}>{(s) => <p class="small muted wrap-anywhere" data-tn-seed={s()}>{tt("tn.seed", { seed: s() })}</p>}</Show>
      </section>
      <Registration page={props.page} reload={props.reload} names={names()} />
      <Show when={props.page.you.organizer}>
        <Control page={props.page} reload={props.reload} names={names()} />
      </Show>
      <Show when={props.page.you.judge || (props.page.you.organizer && props.page.host === "server")}>
        <JudgeTables page={props.page} reload={props.reload} names={names()} />
      </Show>
      <Schedule page={props.page} names={names()} />
      <Standings page={props.page} names={names()} />
    </>
  );
}

function Registration(props: { page: Page; reload: () => void; names: Names }) {
  const { busy, error, run } = useSubmit();
  const act = (fn: () => Promise<unknown>) => void run(async () => { await fn(); props.reload(); });
  return (
    <section class="panel" aria-labelledby="tn-reg-title">
      <h2 id="tn-reg-title">{tt("tn.players", { n: props.page.entrants.length })}</h2>
      <Show when={meKnown() && !me()}>
        <p>
          <a class="btn" href="/signin" onClick={onLinkClick}>
            {tt("tn.signin")}
          </a>
        </p>
      </Show>
      <Show when={me() && props.page.status === "registration"}>
        <Show
          when={props.page.you.registered}
          fallback={
            <button type="button" class="btn primary wide" disabled={busy()} data-tn-register onClick={() => act(() => tournamentsApi.register(props.page.id))}>
              {tt("tn.register")}
            </button>
          }
        >
          <p role="status" data-tn-registered>{tt("tn.registered")}</p>
          <button type="button" class="btn" disabled={busy()} data-tn-unregister onClick={() => act(() => tournamentsApi.unregister(props.page.id))}>
            {tt("tn.unregister")}
          </button>
        </Show>
      </Show>
      <YourTable page={props.page} />
      <FormError error={error()} />
      <details>
        <summary>{tt("tn.players", { n: props.page.entrants.length })}</summary>
        <ol class="tn-entrants" data-tn-entrants>
          <For each={props.page.entrants}>
            {(e) => <li data-entrant={e.entrant}>{e.bot ? tt("tn.bot", { nick: props.names(e.entrant) }) : props.names(e.entrant)}</li>}
          </For>
        </ol>
      </details>
    </section>
  );
}

/** A registered player's table in the open round: "Go to your table" (sits down with their account once). */
function YourTable(props: { page: Page }) {
  const [error, setError] = createSignal<string | null>(null);
  const mine = () => {
    const nick = me()?.nickname;
    if (!nick) return null;
    const entrant = props.page.entrants.find((e) => !e.bot && !e.hidden && e.nickname === nick)?.entrant;
    if (entrant === undefined) return null;
    for (const r of props.page.schedule) for (const t of r.tables) if (t.status === "playing" && t.code && t.entrants.includes(entrant)) return t.code;
    return null;
  };
  const go = async (code: string) => {
    setError(null);
    try {
      if (!savedFor(code)) await sitDown(code, me()?.nickname ?? "");
      navigate(tablePath(code));
    } catch (e) {
      if (e instanceof ApiError && e.code === "account-seated") navigate(tablePath(code));
      else setError(e instanceof ApiError ? errorText(e.code, e.message) : String(e));
    }
  };
  return (
    <Show when={mine()}>
      {(code) => (
        <>
          <button type="button" class="btn primary wide" data-tn-your-table={code()} onClick={() => void go(code())}>
            {tt("tn.yourTable", { code: code() })}
          </button>
          <FormError error={error()} />
        </>
      )}
    </Show>
  );
}

/** The organizer's control: practice bots, registration, judges, the draw and its check, swaps, rounds. */
function Control(props: { page: Page; reload: () => void; names: Names }) {
  const { busy, error, run } = useSubmit();
  const [upTo, setUpTo] = createSignal(20);
  // The organizer's page names every judge (the list is theirs to edit).
  const [judges, setJudges] = createSignal(props.page.judges.filter((j): j is string => j !== null).join(", "));
  const [seed, setSeed] = createSignal("");
  const [a, setA] = createSignal(0);
  const [b, setB] = createSignal(0);
  const act = (fn: () => Promise<unknown>) => void run(async () => { await fn(); props.reload(); });
  const id = () => props.page.id;
  const s = () => props.page.status;
  const next = () => nextRound(props.page);
  const finalNext = () => props.page.status !== "finished" && !next() && props.page.finalGames > 0 && !props.page.schedule.some((r) => r.final) && props.page.schedule.length > 0;
  const nextNumber = () => next()?.round ?? (finalNext() ? props.page.rounds + 1 : null);
  const prevOpen = () => {
    const n = nextNumber();
    const prev = n ? props.page.schedule[n - 2] : undefined;
    return prev !== undefined && prev.status !== "ended";
  };
  const openLabel = (n: number) => (n > props.page.rounds ? tt("tn.openFinal", { n: n - props.page.rounds }) : tt("tn.open", { n }));
  return (
    <section class="panel" aria-labelledby="tn-control-title" data-tn-control>
      <h2 id="tn-control-title">{tt("tn.control")}</h2>
      <Show when={s() === "registration" || s() === "closed"}>
        <form class="row wrap" onSubmit={(e) => { e.preventDefault(); act(() => tournamentsApi.fillBots(id(), upTo())); }}>
          <label class="field">
            <span>{tt("tn.fill")}</span>
            <input type="number" inputMode="numeric" min={1} max={200} value={upTo()} onInput={(e) => setUpTo(Number(e.currentTarget.value))} data-tn-fill-count />
          </label>
          <button type="submit" class="btn" disabled={busy()} data-tn-fill>
            {tt("tn.fill.go")}
          </button>
        </form>
      </Show>
      <Show when={s() === "registration"}>
        <button type="button" class="btn" disabled={busy()} data-tn-close onClick={() => act(() => tournamentsApi.close(id()))}>
          {tt("tn.close")}
        </button>
      </Show>
      <Show when={s() !== "finished"}>
        <form class="form" onSubmit={(e) => { e.preventDefault(); act(() => tournamentsApi.judges(id(), judges().split(",").map((x) => x.trim()).filter(Boolean))); }}>
          <label class="field">
            <span>{tt("tn.judges")}</span>
            <input value={judges()} onInput={(e) => setJudges(e.currentTarget.value)} data-tn-judges />
          </label>
          <button type="submit" class="btn" disabled={busy()} data-tn-judges-save>
            {tt("tn.judges.save")}
          </button>
        </form>
      </Show>
      <Show when={s() === "closed" || s() === "drawn"}>
        <form class="form" onSubmit={(e) => { e.preventDefault(); act(() => tournamentsApi.draw(id(), seed().trim() || undefined)); }}>
          <label class="field">
            <span>{tt("tn.draw.seed")}</span>
            <input value={seed()} maxLength={40} onInput={(e) => setSeed(e.currentTarget.value)} data-tn-seed-input />
          </label>
          <button type="submit" class="btn primary" disabled={busy()} data-tn-draw>
            {s() === "drawn" ? tt("tn.redraw") : tt("tn.draw")}
          </button>
        </form>
      </Show>
      <Show when={props.page.check}>
        {(c) => (
          <p class="small" data-tn-check={`${c().maxPair}/${c().lowerBound}/${c().maxSeatRepeat}/${c().seatBound}`}>
            {tt("tn.check", { max: c().maxPair, bound: c().lowerBound, seat: c().maxSeatRepeat, seatBound: c().seatBound, sit: c().sitOutSpread })}
          </p>
        )}
      </Show>
      <Show when={s() === "drawn"}>
        <form class="row wrap" onSubmit={(e) => { e.preventDefault(); act(() => tournamentsApi.swap(id(), a(), b())); }} aria-label={tt("tn.swap")}>
          <span class="small">{tt("tn.swap")}</span>
          <label>
            <span class="sr-only">{tt("tn.swap.a")}</span>
            <select value={a()} onChange={(e) => setA(Number(e.currentTarget.value))} data-tn-swap-a>
              <option value={0}>—</option>
              <For each={props.page.entrants}>{(e) => <option value={e.entrant}>{props.names(e.entrant)}</option>}</For>
            </select>
          </label>
          <label>
            <span>{tt("tn.swap.b")}</span>{" "}
            <select value={b()} onChange={(e) => setB(Number(e.currentTarget.value))} data-tn-swap-b>
              <option value={0}>—</option>
              <For each={props.page.entrants}>{(e) => <option value={e.entrant}>{props.names(e.entrant)}</option>}</For>
            </select>
          </label>
          <button type="submit" class="btn" disabled={busy() || !a() || !b() || a() === b()} data-tn-swap>
            {tt("tn.swap.go")}
          </button>
        </form>
      </Show>
      <Show when={nextNumber()}>
        {(n) => (
          <>
            <button type="button" class="btn primary wide" disabled={busy() || prevOpen()} data-tn-open={n()} onClick={() => act(() => tournamentsApi.open(id(), n()))}>
              {openLabel(n())}
            </button>
            <Show when={prevOpen()}>
              <p class="small muted">{waitText(n(), props.page.rounds)}</p>
            </Show>
          </>
        )}
      </Show>
      <FormError error={error()} />
    </section>
  );
}

/** Why the next round's button waits: a qualifying round, the final's first game (§9.6) or a later one. */
function waitText(n: number, rounds: number): string {
  if (n <= rounds) return tt("tn.waitRound", { n, prev: n - 1 });
  if (n === rounds + 1) return tt("tn.waitFinal", { prev: rounds });
  return tt("tn.waitFinalGame", { n: n - rounds, prev: n - rounds - 1 });
}

function roundTitle(page: Page, r: TournamentRoundView): string {
  return r.final ? tt("tn.finalRound", { n: r.round - page.rounds }) : tt("tn.round", { n: r.round });
}

/** §9.2–§9.3 the schedule as a grid: a row per round, a cell per table (it wraps on a phone). */
function Schedule(props: { page: Page; names: Names }) {
  return (
    <Show when={props.page.schedule.length}>
      <section class="panel" aria-labelledby="tn-schedule-title" data-tn-schedule>
        <h2 id="tn-schedule-title">{tt("tn.schedule")}</h2>
        <For each={props.page.schedule}>
          {(r) => (
            <section class="tn-round" aria-label={roundTitle(props.page, r)} data-round={r.round} data-round-status={r.status}>
              <h3>
                {roundTitle(props.page, r)} <span class="muted small">· {tt(`tn.state.${r.status === "open" ? "playing" : r.status}` as TournamentKey)}</span>
              </h3>
              <div class="tn-grid">
                <For each={r.tables}>{(t) => <TableCell page={props.page} round={r} t={t} names={props.names} />}</For>
              </div>
              <Show when={r.sitOut.length}>
                <p class="small muted">{tt("tn.sitOut", { list: r.sitOut.map(props.names).join(", ") })}</p>
              </Show>
            </section>
          )}
        </For>
      </section>
    </Show>
  );
}

function TableCell(props: { page: Page; round: TournamentRoundView; t: TournamentTableView; names: Names }) {
  const winner = () => props.t.result?.winner;
  return (
    <article class="tn-cell" data-table={props.t.slot} data-table-status={props.t.status} data-code={props.t.code ?? ""}>
      <h4>
        {tt("tn.table", { n: props.t.slot + 1 })} <span class="muted small">· {tt(`tn.state.${props.t.status}` as TournamentKey)}</span>
      </h4>
      <Show when={props.t.judge ?? (props.t.judgeHidden ? tt("tn.judge.hidden") : null)}>{(j) => <p class="small muted">{tt("tn.judgeOf", { nick: j() })}</p>}</Show>
      <Show when={props.t.unjudged}>
        <p class="small muted" data-unjudged>{tt("tn.unjudged")}</p>
      </Show>
      <ol class="tn-seats small">
        <For each={props.t.entrants}>
          {(e, i) => {
            const r = () => props.t.result?.seats[i()];
            return (
              <li data-entrant={e}>
                {props.names(e)}
                <Show when={r()}>{(x) => <span class="muted"> · {tk("role", x().role)} · {pts(x().points)}</span>}</Show>
              </li>
            );
          }}
        </For>
      </ol>
      <Show when={winner()}>{(w) => <p class="small" data-winner={w()}>{tt("tn.winner", { team: tt(`tn.team.${w() === "red" || w() === "black" || w() === "solo" ? w() : "draw"}` as "tn.team.red") })}</p>}</Show>
      <Show when={props.t.result?.bestMove}>{(b) => <p class="small" data-best-move={b().named.join(",")}>{tt("tn.bestMove", { seat: b().seat, seats: b().named.join(", ") })}</p>}</Show>
      <Show when={props.t.code && props.t.status === "playing"}>
        <a class="btn small" href={tablePath(props.t.code!)} onClick={onLinkClick} data-watch={props.t.code}>
          {tt("tn.watch", { code: props.t.code! })}
        </a>
      </Show>
    </article>
  );
}

/** The judge's tables (or, at server-hosted tables, the organizer's): the host screen and the extra points. */
function JudgeTables(props: { page: Page; reload: () => void; names: Names }) {
  const mine = () => {
    const out: Array<{ r: TournamentRoundView; t: TournamentTableView }> = [];
    // RULES.md §9.1, §9.4: the tables the server says this viewer may act at (judgeOffer), and nothing else.
    for (const r of props.page.schedule) for (const t of r.tables) if (t.judgeOffer) out.push({ r, t });
    return out;
  };
  // Keyed by "round/slot" (strings): a reload of the page keeps each table's form and its "saved" line.
  const keys = () => mine().map((x) => `${x.r.round}/${x.t.slot}`);
  const at = (k: string) => mine().find((x) => `${x.r.round}/${x.t.slot}` === k)!;
  return (
    <section class="panel" aria-labelledby="tn-judge-title" data-tn-judge>
      <h2 id="tn-judge-title">{tt("tn.judge")}</h2>
      <Show when={mine().length} fallback={<p class="muted">{tt("tn.judge.none")}</p>}>
        <For each={keys()}>{(k) => <Show when={at(k)}>{(x) => <JudgeTable page={props.page} r={x().r} t={x().t} reload={props.reload} names={props.names} />}</Show>}</For>
      </Show>
    </section>
  );
}

function JudgeTable(props: { page: Page; r: TournamentRoundView; t: TournamentTableView; reload: () => void; names: Names }) {
  const { busy, error, run } = useSubmit();
  const [saved, setSaved] = createSignal(false);
  const seats = () => props.t.result?.seats ?? [];
  const [values, setValues] = createSignal<Record<number, { extra: string; reason: string }>>({});
  const value = (seat: number) => values()[seat] ?? { extra: String((seats().find((s) => s.seat === seat)?.extra ?? 0) / 100), reason: seats().find((s) => s.seat === seat)?.reason ?? "" };
  const set = (seat: number, patch: Partial<{ extra: string; reason: string }>) => setValues((v) => ({ ...v, [seat]: { ...value(seat), ...patch } }));
  const host = () =>
    void run(async () => {
      const got = await tournamentsApi.host(props.page.id, props.r.round, props.t.slot);
      saveTable({ code: got.code, playerId: "", nickname: "", token: got.token, returnCode: null, kind: "host", organizerToken: null });
      navigate(tablePath(got.code));
    });
  const save = (e: Event) => {
    e.preventDefault();
    setSaved(false);
    void run(async () => {
      const points = seats().map((s) => ({ seat: s.seat, extra: Number(value(s.seat).extra.replace(",", ".").replace("−", "-")) || 0, reason: value(s.seat).reason }));
      await tournamentsApi.extra(props.page.id, props.r.round, props.t.slot, points);
      setSaved(true);
      props.reload();
    });
  };
  const title = () => tt("tn.extra", { round: roundTitle(props.page, props.r), table: props.t.slot + 1 });
  return (
    <div class="tn-judge-table" data-judge-table={`${props.r.round}/${props.t.slot}`}>
      <Show when={props.t.judgeOffer?.host}>
        <button type="button" class="btn" disabled={busy()} data-tn-host onClick={host}>
          {tt("tn.judge.host")} · {tt("tn.table", { n: props.t.slot + 1 })}
        </button>
      </Show>
      {/* §9.4 the extra points are given after the game: say so until then (a server-hosted table offers nothing else). */}
      <Show when={props.t.judgeOffer?.extra === "after-game"}>
        <p class="small muted" data-tn-extra-later>
          {tt(props.t.judgeOffer?.host ? "tn.extra.later.hosted" : "tn.extra.later", { table: props.t.slot + 1, round: roundTitle(props.page, props.r) })}
        </p>
      </Show>
      <Show when={props.t.status === "ended"}>
        <form class="form" onSubmit={save} aria-label={title()} data-tn-extra-form={`${props.r.round}/${props.t.slot}`}>
          <h3>{title()}</h3>
          <p class="small muted">{tt("tn.extra.about")}</p>
          <For each={seats()}>
            {(s) => (
              <fieldset class="field tn-extra" data-extra-seat={s.seat}>
                <legend>{tt("tn.extra.seat", { seat: s.seat, nick: props.names(s.entrant) })}</legend>
                <label>
                  <span>{tt("tn.extra.points")}</span>{" "}
                  <input type="number" step={0.05} min={-1} max={1} inputMode="decimal" value={value(s.seat).extra} onInput={(e) => set(s.seat, { extra: e.currentTarget.value })} data-extra-points />
                </label>
                <label>
                  <span>{tt("tn.extra.reason")}</span>{" "}
                  <input maxLength={200} value={value(s.seat).reason} onInput={(e) => set(s.seat, { reason: e.currentTarget.value })} data-extra-reason />
                </label>
              </fieldset>
            )}
          </For>
          <button type="submit" class="btn primary" disabled={busy()} data-tn-extra-save>
            {tt("tn.extra.save")}
          </button>
          <Show when={saved()}>
            <p role="status" data-tn-extra-saved>{tt("tn.extra.saved")}</p>
          </Show>
        </form>
      </Show>
      <FormError error={error()} />
    </div>
  );
}

/** §9.5 the standings (the server's order), the finalists marked (§9.6). */
function Standings(props: { page: Page; names: Names }) {
  return (
    <Show when={props.page.standings.length}>
      <section class="panel" aria-labelledby="tn-standings-title" data-tn-standings>
        <h2 id="tn-standings-title">{tt("tn.standings")}</h2>
        <table class="tn-standings">
          <thead>
            <tr>
              <th scope="col">{tt("tn.col.rank")}</th>
              <th scope="col">{tt("tn.col.player")}</th>
              <th scope="col">{tt("tn.col.total")}</th>
              <th scope="col">{tt("tn.col.wins")}</th>
              <th scope="col">{tt("tn.col.extra")}</th>
              <th scope="col">{tt("tn.col.best")}</th>
            </tr>
          </thead>
          <tbody>
            <For each={props.page.standings}>
              {(s) => (
                <tr data-rank={s.rank} data-entrant={s.entrant} data-total={s.total}>
                  <td>{s.rank}</td>
                  <th scope="row">
                    {props.names(s.entrant)}
                    <Show when={s.finalist}>
                      <span class="muted small"> · {tt("tn.finalist")}</span>
                    </Show>
                  </th>
                  <td>{pts(s.total)}</td>
                  <td>{s.wins}</td>
                  <td>{pts(s.extra)}</td>
                  <td>{pts(s.bestMove)}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </section>
    </Show>
  );
}
