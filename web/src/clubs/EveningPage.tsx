/**
 * /c/:id/e/:evening — one club evening (RULES.md §6.11 "one 'OK, let's play' and a confirmation
 * of the evening; when full, the player goes to a reserve list and moves up automatically when a seat
 * frees"): when and where, the viewer's own place (seated, confirmed, reserve number), "OK, let's play"
 * (with the 21+ confirmation when the evening asks it), "Confirm the evening", "Withdraw", the seated list
 * and the numbered reserve list. A move up shows as a notice. Reloaded when the tab comes back into view.
 */
import { createResource, createSignal, For, onCleanup, Show } from "solid-js";
import type { EveningPage as EveningData } from "../../../shared/protocol/clubs.ts";
import { tk } from "../i18n/index.ts";
import { me, meKnown } from "../lib/account.ts";
import { ApiError } from "../lib/api.ts";
import { clubPath, navigate, onLinkClick, tablePath } from "../lib/router.ts";
import { saveTable } from "../lib/seats-store.ts";
import { FormError, sitDown, useSubmit } from "../home/forms.tsx";
import { ConfirmDialog, type Ask } from "../ui/ConfirmDialog.tsx";
import { Header } from "../ui/Header.tsx";
import { utcToWallTime } from "../../../shared/clubs/time.ts";
import { clubsApi } from "./api.ts";
import { tc } from "./messages.ts";
import { NewcomersPanel } from "./Newcomers.tsx";
import { loadPage, Notices, PageOf, seatsText, signupLine, When, whenText } from "./parts.tsx";

function YourPlace(props: { data: EveningData; onChange: (d: EveningData) => void }) {
  const [age, setAge] = createSignal(false);
  const [ask, setAsk] = createSignal<Ask | null>(null);
  const { busy, error, run } = useSubmit();
  const ids = () => ({ club: props.data.club.id, evening: props.data.evening.id });
  const you = () => props.data.you;
  const active = () => you()?.state === "seated" || you()?.state === "reserve";
  const canPlay = () => !active() && props.data.evening.signup.open;
  const stateText = () => {
    const y = you();
    if (!y) return tc("you.none");
    if (y.state === "seated") return y.confirmed ? tc("you.seated.confirmed") : tc("you.seated");
    if (y.state === "reserve") return tc("you.reserve", { n: y.position ?? 0 });
    return tc("you.withdrawn");
  };
  const play = (e: Event) => {
    e.preventDefault();
    void run(async () => props.onChange(await clubsApi.signup(ids().club, ids().evening, props.data.evening.ageCheck && age())));
  };
  const withdraw = () =>
    setAsk({
      title: tc("withdraw.title"),
      text: you()?.state === "seated" ? tc("withdraw.seated") : tc("withdraw.reserve"),
      confirm: tc("withdraw"),
      run: () => void run(async () => props.onChange(await clubsApi.withdraw(ids().club, ids().evening))),
    });
  return (
    <section class="panel" aria-labelledby="you-title" data-you={you()?.state ?? "none"}>
      <h2 id="you-title">{tc("you.title")}</h2>
      <p role="status" aria-live="polite" data-you-state={you()?.state ?? "none"} data-you-position={you()?.position ?? ""}>
        <strong>{stateText()}</strong>
      </p>
      <Show when={meKnown() && !me()}>
        <a class="btn primary" href="/signin" onClick={onLinkClick}>
          {tc("you.signin")}
        </a>
      </Show>
      <Show when={me() && canPlay()}>
        <form class="form" onSubmit={play} data-play-form>
          <Show when={props.data.evening.ageCheck}>
            <label class="check field">
              <input type="checkbox" name="age" required checked={age()} onChange={(e) => setAge(e.currentTarget.checked)} data-age />
              <span>{tc("age")}</span>
            </label>
          </Show>
          <p class="muted small" id="play-about">{tc("play.about")}</p>
          <button type="submit" class="btn primary wide one-tap" disabled={busy()} aria-describedby="play-about" data-play>
            {tc("play")}
          </button>
        </form>
      </Show>
      <Show when={me() && active()}>
        <div class="confirm-row">
          <Show when={you()?.state === "seated" && !you()?.confirmed}>
            <button type="button" class="btn primary" disabled={busy()} data-confirm onClick={() => void run(async () => props.onChange(await clubsApi.confirm(ids().club, ids().evening)))}>
              {tc("confirm")}
            </button>
          </Show>
          <button type="button" class="btn" disabled={busy()} data-withdraw onClick={withdraw}>
            {tc("withdraw")}
          </button>
        </div>
      </Show>
      <FormError error={error()} />
      <ConfirmDialog ask={ask()} onClose={() => setAsk(null)} />
    </section>
  );
}

/**
 * RULES.md §6.11 "at the evening the host opens the table": the evening's table — "Open the
 * table" for the owner and the hosts (only the seated sign-ups may sit there, with their accounts), then
 * "Go to the table" for everyone.
 *
 * §5.7: the opener chooses to host it or to play in their own seat; playing, they name the
 * club's host who takes the host screen, or let the server host. They sit down with their account at once.
 * The named host sees "Open the host screen" here.
 */
function EveningTable(props: { data: EveningData }) {
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  const [opener, setOpener] = createSignal<"host" | "play">("host");
  const others = () => props.data.hosts.filter((n) => n !== me()?.nickname);
  const [host, setHost] = createSignal("");
  const attempt = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      setBusy(false);
    }
  };
  const open = (e: Event) => {
    e.preventDefault();
    void attempt(async () => {
      const plays = opener() === "play";
      const opened = await clubsApi.openTable(props.data.club.id, props.data.evening.id, plays ? { play: true, ...(host() ? { host: host() } : {}) } : {});
      if (opened.opener === "host") {
        saveTable({ code: opened.code, playerId: "", nickname: "", token: opened.organizerToken ?? "", returnCode: null, kind: "host", organizerToken: null });
      } else {
        // Their own seat, by their account (a server-hosted table: with the organizer token, so they organize from it).
        await sitDown(opened.code, me()?.nickname ?? "", opened.organizerToken);
      }
      navigate(tablePath(opened.code));
    });
  };
  const hostScreen = () =>
    void attempt(async () => {
      const got = await clubsApi.hostTable(props.data.club.id, props.data.evening.id);
      saveTable({ code: got.code, playerId: "", nickname: "", token: got.token, returnCode: null, kind: "host", organizerToken: null });
      navigate(tablePath(got.code));
    });
  const code = () => props.data.evening.tableCode;
  const openable = () => props.data.canManage && !code() && (props.data.evening.status === "open" || props.data.evening.status === "closed");
  return (
    <Show when={code() || openable()}>
      <section class="panel" aria-labelledby="evening-table-title" data-evening-table={code() ?? ""}>
        <h2 id="evening-table-title">{tc("table.title")}</h2>
        <Show when={props.data.host}>
          {(h) => (
            <p data-evening-host={h().nickname ?? ""}>
              {tc("table.hostedBy", { nick: h().nickname ?? tc("table.hostHidden") })}
              <Show when={h().you}>
                {" — "}
                {tc("table.youHost")}
              </Show>
            </p>
          )}
        </Show>
        <Show when={code()} fallback={<p class="small muted">{tc("table.about")}</p>}>
          {(c) => (
            <Show
              when={props.data.host?.you}
              fallback={
                <a class="btn primary wide" href={tablePath(c())} onClick={onLinkClick} data-evening-table-link>
                  {tc("table.go", { code: c() })}
                </a>
              }
            >
              <button type="button" class="btn primary wide" disabled={busy()} data-evening-host-screen onClick={hostScreen}>
                {tc("table.hostScreen")}
              </button>
            </Show>
          )}
        </Show>
        <Show when={openable()}>
          <form class="form" onSubmit={open} data-evening-open-form>
            <fieldset class="field">
              <legend>{tc("open.who")}</legend>
              <label class="check">
                <input type="radio" name="opener" value="host" checked={opener() === "host"} onChange={() => setOpener("host")} />
                <span>
                  <strong>{tc("open.host")}</strong> <small class="muted">{tc("open.host.about")}</small>
                </span>
              </label>
              <label class="check">
                <input type="radio" name="opener" value="play" checked={opener() === "play"} onChange={() => setOpener("play")} />
                <span>
                  <strong>{tc("open.play")}</strong> <small class="muted">{tc("open.play.about")}</small>
                </span>
              </label>
            </fieldset>
            <Show when={opener() === "play"}>
              <label class="field">
                <span>{tc("open.hostBy")}</span>
                <select name="host" value={host()} onChange={(e) => setHost(e.currentTarget.value)}>
                  <option value="">{tc("open.server")}</option>
                  <For each={others()}>{(n) => <option value={n}>{tc("open.named", { nick: n })}</option>}</For>
                </select>
              </label>
            </Show>
            <button type="submit" class="btn primary wide" disabled={busy()} data-evening-open>
              {tc("table.open")}
            </button>
          </form>
        </Show>
        <Show when={error()}>{(m) => <p class="error" role="alert">{m()}</p>}</Show>
      </section>
    </Show>
  );
}

/**
 * RULES.md §6.11: the owner or a host changes an open evening — its start (the club's wall time),
 * place, most seats and confirmation deadline — or cancels it; everyone signed up gets a notice.
 */
function ManageEvening(props: { data: EveningData; onChange: (d: EveningData) => void }) {
  const [ask, setAsk] = createSignal<Ask | null>(null);
  const [saved, setSaved] = createSignal(false);
  const { busy, error, run } = useSubmit();
  const e = () => props.data.evening;
  const ids = () => ({ club: props.data.club.id, evening: props.data.evening.id });
  const save = (ev: SubmitEvent) => {
    ev.preventDefault();
    const f = new FormData(ev.currentTarget as HTMLFormElement);
    const hours = String(f.get("confirmHours") ?? "").trim();
    const place = String(f.get("place") ?? "").trim();
    setSaved(false);
    void run(async () => {
      props.onChange(
        await clubsApi.editEvening(ids().club, ids().evening, {
          startsLocal: String(f.get("start")),
          ...(e().online ? {} : { place }),
          seats: { min: e().seats.min, max: Number(f.get("seatsMax")) },
          confirmHours: hours === "" ? null : Number(hours),
        }),
      );
      setSaved(true);
    });
  };
  const cancel = () =>
    setAsk({
      title: tc("manage.cancel.title"),
      text: tc("manage.cancel.text"),
      confirm: tc("manage.cancel"),
      run: () => void run(async () => props.onChange(await clubsApi.cancelEvening(ids().club, ids().evening))),
    });
  const hoursBefore = () => (e().confirmBy === null ? "" : String(Math.round((e().startsAt - e().confirmBy!) / 3600_000)));
  return (
    <Show when={props.data.canManage && (e().status === "open" || e().status === "closed") && !e().tableCode}>
      <section class="panel" aria-labelledby="manage-title" data-evening-manage>
        <h2 id="manage-title">{tc("manage.title")}</h2>
        <form class="form" onSubmit={save} data-evening-edit>
          <label class="field">
            <span>{tc("manage.start")}</span>
            <input type="datetime-local" name="start" required value={utcToWallTime(e().startsAt, props.data.club.timeZone)} />
          </label>
          <Show when={!e().online}>
            <label class="field">
              <span>{tc("manage.place")}</span>
              <input type="text" name="place" required maxLength={120} value={e().place ?? ""} />
            </label>
          </Show>
          <label class="field">
            <span>{tc("manage.seats")}</span>
            <input type="number" name="seatsMax" required min={e().seats.min} value={e().seats.max} inputMode="numeric" />
          </label>
          <label class="field">
            <span>{tc("manage.confirmHours")}</span>
            <input type="number" name="confirmHours" min={1} max={168} value={hoursBefore()} inputMode="numeric" />
          </label>
          <button type="submit" class="btn primary wide" disabled={busy()} data-evening-save>
            {tc("manage.save")}
          </button>
        </form>
        <p role="status" class="small">
          {saved() ? tc("manage.saved") : ""}
        </p>
        <button type="button" class="btn danger wide" disabled={busy()} data-evening-cancel onClick={cancel}>
          {tc("manage.cancel")}
        </button>
        <FormError error={error()} />
        <ConfirmDialog ask={ask()} onClose={() => setAsk(null)} />
      </section>
    </Show>
  );
}

/** How often an open evening page looks again while in view (the table opening, sign-ups, the host). */
const EVENING_POLL_MS = 10_000;

export function EveningPage(props: { club: string; evening: string }) {
  const [data, { mutate, refetch }] = createResource(() => `${props.club}/${props.evening}`, () => loadPage(() => clubsApi.evening(props.club, props.evening)));
  const set = (page: EveningData) => mutate({ page, error: null });
  // Someone else's withdrawal may have moved the viewer up: look again when the tab is back in view.
  const onVisible = () => document.visibilityState === "visible" && void refetch();
  document.addEventListener("visibilitychange", onVisible);
  // A player's page shows the table once it opens, without a reload (looked at again while in view).
  const poll = setInterval(() => document.visibilityState === "visible" && !data.loading && void refetch(), EVENING_POLL_MS);
  onCleanup(() => {
    document.removeEventListener("visibilitychange", onVisible);
    clearInterval(poll);
  });
  const dismiss = (id: number) => {
    const page = data()?.page;
    void clubsApi.readNotices([id]).then(() => page && set({ ...page, notices: page.notices.filter((n) => n.id !== id) }), () => undefined);
  };
  return (
    <>
      <Header />
      <main id="main" class="home evening-page">
        <PageOf data={data()} notFound={tc("evening.notFound")}>
          {(p) => (
            <>
              <Notices notices={p().notices} onDismiss={dismiss} />
              <section class="panel" aria-labelledby="evening-title" data-evening-page={p().evening.id}>
                <p class="small">
                  <a href={clubPath(p().club.id)} onClick={onLinkClick}>
                    ← {tc("evening.back", { club: p().club.name })}
                  </a>
                </p>
                <h1 id="evening-title">{tc("evening.title", { club: p().club.name })}</h1>
                <dl class="facts">
                  <dt>{tc("evening.when")}</dt>
                  <dd>
                    <When ms={p().evening.startsAt} zone={p().evening.timeZone} />
                    {p().evening.weekly ? ` · ${tc("evening.weekly")}` : ""}
                  </dd>
                  <dt>{tc("evening.place")}</dt>
                  <dd>{p().evening.online ? tc("evening.online") : p().evening.place}</dd>
                  <dt>{tc("evening.format")}</dt>
                  <dd>{tk("preset", p().evening.presetId)}</dd>
                  <dt>{tc("evening.seats")}</dt>
                  <dd>{seatsText(p().evening.seats)}</dd>
                  <Show when={p().evening.confirmBy}>
                    {(by) => (
                      <>
                        <dt>{tc("evening.confirmBy")}</dt>
                        <dd data-confirm-by={by()}>{whenText(by(), p().evening.timeZone)}</dd>
                      </>
                    )}
                  </Show>
                  <dt>{tc("evening.signup")}</dt>
                  <dd>
                    {signupLine(p().evening)}
                    {p().evening.signup.open ? ` · ${tc("evening.signup.until", { time: whenText(p().evening.signup.closesAt, p().evening.timeZone) })}` : ""}
                  </dd>
                </dl>
                <Show when={p().evening.status === "cancelled"}>
                  <p class="banner" data-evening-cancelled>
                    {tc("evening.cancelled")}
                  </p>
                </Show>
                <Show when={p().evening.ageCheck}>
                  <p class="small">
                    <span class="tag">{tc("club.adults")}</span> {tc("evening.adults")}
                  </p>
                </Show>
              </section>
              <EveningTable data={p()} />
              <NewcomersPanel club={props.club} evening={props.evening} />
              <ManageEvening data={p()} onChange={set} />
              <YourPlace data={p()} onChange={set} />
              <section class="panel" aria-labelledby="seated-title">
                <div class="row">
                  <h2 id="seated-title" class="grow">
                    {tc("seated.title", { n: p().seatedList.length, max: p().evening.seats.max })}
                  </h2>
                  <button type="button" class="btn small" onClick={() => void refetch()}>
                    {tc("refresh")}
                  </button>
                </div>
                <Show when={p().seatedList.length > 0} fallback={<p class="muted">{tc("seated.empty")}</p>}>
                  <ol class="names" data-seated>
                    <For each={p().seatedList}>
                      {(s) => (
                        <li data-name={s.nickname ?? ""} classList={{ me: s.nickname === me()?.nickname }}>
                          {s.nickname ?? tc("evening.hidden")}
                          <Show when={s.confirmed}>
                            <span class="tag">✓ {tc("seated.confirmed")}</span>
                          </Show>
                        </li>
                      )}
                    </For>
                  </ol>
                </Show>
              </section>
              <section class="panel" aria-labelledby="reserve-title">
                <h2 id="reserve-title">{tc("reserve.title", { n: p().reserveList.length })}</h2>
                <Show when={p().reserveList.length > 0} fallback={<p class="muted">{tc("reserve.empty")}</p>}>
                  <ol class="names" data-reserve>
                    <For each={p().reserveList}>
                      {(r) => (
                        <li value={r.position} data-name={r.nickname ?? ""} data-position={r.position} classList={{ me: r.nickname === me()?.nickname }}>
                          {r.nickname ?? tc("evening.hidden")}
                        </li>
                      )}
                    </For>
                  </ol>
                </Show>
              </section>
            </>
          )}
        </PageOf>
      </main>
    </>
  );
}
