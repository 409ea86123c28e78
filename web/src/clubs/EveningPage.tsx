/**
 * /c/:id/e/:evening — one club evening (issue 19, RULES.md §6.11 "one 'OK, let's play' and a confirmation
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
import { FormError, useSubmit } from "../home/forms.tsx";
import { ConfirmDialog, type Ask } from "../ui/ConfirmDialog.tsx";
import { Header } from "../ui/Header.tsx";
import { clubsApi } from "./api.ts";
import { tc } from "./messages.ts";
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
 * Issue 19 (RULES.md §6.11 "at the evening the host opens the table"): the evening's table — "Open the
 * table" for the owner and the hosts (they become its live host; only the seated sign-ups may sit
 * there, with their accounts), then "Go to the table" for everyone.
 */
function EveningTable(props: { data: EveningData }) {
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const opened = await clubsApi.openTable(props.data.club.id, props.data.evening.id);
      saveTable({ code: opened.code, playerId: "", nickname: "", token: opened.organizerToken, returnCode: null, kind: "host", organizerToken: null });
      navigate(tablePath(opened.code));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      setBusy(false);
    }
  };
  const code = () => props.data.evening.tableCode;
  const openable = () => props.data.canManage && !code() && (props.data.evening.status === "open" || props.data.evening.status === "closed");
  return (
    <Show when={code() || openable()}>
      <section class="panel" aria-labelledby="evening-table-title" data-evening-table={code() ?? ""}>
        <h2 id="evening-table-title">{tc("table.title")}</h2>
        <Show when={code()} fallback={<p class="small muted">{tc("table.about")}</p>}>
          {(c) => (
            <a class="btn primary wide" href={tablePath(c())} onClick={onLinkClick} data-evening-table-link>
              {tc("table.go", { code: c() })}
            </a>
          )}
        </Show>
        <Show when={openable()}>
          <button type="button" class="btn primary wide" disabled={busy()} data-evening-open onClick={() => void open()}>
            {tc("table.open")}
          </button>
        </Show>
        <Show when={error()}>{(m) => <p class="error" role="alert">{m()}</p>}</Show>
      </section>
    </Show>
  );
}

export function EveningPage(props: { club: string; evening: string }) {
  const [data, { mutate, refetch }] = createResource(() => `${props.club}/${props.evening}`, () => loadPage(() => clubsApi.evening(props.club, props.evening)));
  const set = (page: EveningData) => mutate({ page, error: null });
  // Someone else's withdrawal may have moved the viewer up: look again when the tab is back in view.
  const onVisible = () => document.visibilityState === "visible" && void refetch();
  document.addEventListener("visibilitychange", onVisible);
  onCleanup(() => document.removeEventListener("visibilitychange", onVisible));
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
                  <dt>{tc("evening.signup")}</dt>
                  <dd>
                    {signupLine(p().evening)}
                    {p().evening.signup.open ? ` · ${tc("evening.signup.until", { time: whenText(p().evening.signup.closesAt, p().evening.timeZone) })}` : ""}
                  </dd>
                </dl>
                <Show when={p().evening.ageCheck}>
                  <p class="small">
                    <span class="tag">{tc("club.adults")}</span> {tc("evening.adults")}
                  </p>
                </Show>
              </section>
              <EveningTable data={p()} />
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
