/**
 * /c/:id — a club (RULES.md §6.11): its formats, time zone and 21+ rule; upcoming and past
 * evenings (each in the viewer's own time, the club's zone named); owner, hosts and members. The owner
 * names and removes hosts; the owner and hosts create evenings.
 */
import presets from "virtual:preset-settings";
import { createResource, createSignal, For, Show } from "solid-js";
import { wallTimeToUtc } from "../../../shared/clubs/time.ts";
import type { ClubPage as ClubData, CreateEveningRequest } from "../../../shared/protocol/clubs.ts";
import { t, tk } from "../i18n/index.ts";
import { eveningPath, leadersPath, navigate, onLinkClick } from "../lib/router.ts";
import { FormError, useSubmit } from "../home/forms.tsx";
import { Header } from "../ui/Header.tsx";
import { clubsApi } from "./api.ts";
import { tc } from "./messages.ts";
import { EveningItem, loadPage, PageOf, seatsText, whenText, zoneName } from "./parts.tsx";
import { ClubRulesTestSettings } from "./Newcomers.tsx";
import { ClubSeasonsSection } from "./Season.tsx";

const HOUR = 3600_000;
const CLOSES = { start: 0, hour: HOUR, day: 24 * HOUR } as const;
type Closes = keyof typeof CLOSES;

function Hosts(props: { data: ClubData; onChange: (d: ClubData) => void }) {
  const [name, setName] = createSignal("");
  const { busy, error, run } = useSubmit();
  const add = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      props.onChange(await clubsApi.addHost(props.data.club.id, name().trim()));
      setName("");
    });
  };
  return (
    <section class="panel" aria-labelledby="hosts-title">
      <h2 id="hosts-title">{tc("hosts.title")}</h2>
      <p class="muted small">{tc("hosts.about")}</p>
      <form class="form row" onSubmit={add}>
        <label class="field grow">
          <span>{tc("hosts.nickname")}</span>
          <input name="host" required maxLength={24} value={name()} onInput={(e) => setName(e.currentTarget.value)} autocomplete="off" />
        </label>
        <button type="submit" class="btn" disabled={busy()} data-add-host>
          {tc("hosts.add")}
        </button>
      </form>
      <FormError error={error()} />
      <ul class="list">
        {/* The owner sees every name (only others get masked rows). */}
        <For each={props.data.members.filter((m): m is typeof m & { nickname: string } => m.role === "host" && m.nickname !== null)}>
          {(m) => (
            <li class="row" data-host={m.nickname}>
              <span class="grow">{m.nickname}</span>
              <button type="button" class="btn small" disabled={busy()} aria-label={tc("hosts.remove.label", { nickname: m.nickname })} onClick={() => void run(async () => props.onChange(await clubsApi.removeHost(props.data.club.id, m.nickname)))}>
                {tc("hosts.remove")}
              </button>
            </li>
          )}
        </For>
      </ul>
    </section>
  );
}

function NewEvening(props: { data: ClubData }) {
  const club = () => props.data.club;
  const [when, setWhen] = createSignal("");
  const [online, setOnline] = createSignal(false);
  const [place, setPlace] = createSignal("");
  const [format, setFormat] = createSignal(props.data.club.formats[0] ?? "");
  const [min, setMin] = createSignal("");
  const [max, setMax] = createSignal("");
  const [ageCheck, setAgeCheck] = createSignal(props.data.club.adultsOnly);
  const [weekly, setWeekly] = createSignal(false);
  const [confirmHours, setConfirmHours] = createSignal("");
  const [closes, setCloses] = createSignal<Closes>("start");
  const { busy, error, run } = useSubmit();
  const range = () => presets.find((p) => p.id === format())?.seats ?? null;
  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      const body: CreateEveningRequest = { startsLocal: when(), presetId: format(), online: online(), ageCheck: ageCheck(), weekly: weekly() };
      if (!online()) body.place = place();
      // The confirmation deadline, hours before the start (empty: none).
      if (confirmHours().trim() !== "") body.confirmHours = Number(confirmHours());
      if (min() || max()) body.seats = { min: Number(min() || range()?.min), max: Number(max() || range()?.max) };
      // The window closes at the start or before it: the start in UTC by the same rule the server uses.
      const starts = wallTimeToUtc(when(), club().timeZone);
      if (closes() !== "start" && starts !== null) body.signupClosesAt = Math.max(Date.now() + 60_000, starts - CLOSES[closes()]);
      const page = await clubsApi.createEvening(club().id, body);
      navigate(eveningPath(club().id, page.evening.id));
    });
  };
  return (
    <section class="panel" aria-labelledby="new-evening-title">
      <h2 id="new-evening-title">{tc("new.evening")}</h2>
      <form class="form" onSubmit={submit} data-new-evening>
        <label class="field">
          <span>{tc("new.evening.when", { zone: zoneName(club().timeZone) })}</span>
          <input type="datetime-local" name="startsLocal" required value={when()} onInput={(e) => setWhen(e.currentTarget.value)} />
        </label>
        <label class="check field">
          <input type="checkbox" checked={online()} onChange={(e) => setOnline(e.currentTarget.checked)} />
          <span>{tc("new.evening.online")}</span>
        </label>
        <Show when={!online()}>
          <label class="field">
            <span>{tc("new.evening.place")}</span>
            <input name="place" required maxLength={120} value={place()} onInput={(e) => setPlace(e.currentTarget.value)} />
          </label>
        </Show>
        <label class="field">
          <span>{tc("new.evening.format")}</span>
          <select name="presetId" value={format()} onChange={(e) => setFormat(e.currentTarget.value)}>
            <For each={club().formats}>{(f) => <option value={f}>{tk("preset", f)}</option>}</For>
          </select>
        </label>
        <Show when={range()}>
          {(r) => (
            <fieldset class="choice">
              <legend>{tc("evening.seats")}</legend>
              <p class="muted small" id="seats-about">{tc("new.evening.seats.about", { seats: seatsText(r()) })}</p>
              <label class="field">
                <span>{tc("new.evening.seatsMin")}</span>
                <input type="number" name="seatsMin" inputmode="numeric" min={r().min} max={r().max} placeholder={String(r().min)} value={min()} onInput={(e) => setMin(e.currentTarget.value)} aria-describedby="seats-about" />
              </label>
              <label class="field">
                <span>{tc("new.evening.seatsMax")}</span>
                <input type="number" name="seatsMax" inputmode="numeric" min={r().min} max={r().max} placeholder={String(r().max)} value={max()} onInput={(e) => setMax(e.currentTarget.value)} aria-describedby="seats-about" />
              </label>
            </fieldset>
          )}
        </Show>
        <label class="field">
          <span>{tc("new.evening.closes")}</span>
          <select name="closes" value={closes()} onChange={(e) => setCloses(e.currentTarget.value as Closes)}>
            <option value="start">{tc("new.evening.closes.start")}</option>
            <option value="hour">{tc("new.evening.closes.hour")}</option>
            <option value="day">{tc("new.evening.closes.day")}</option>
          </select>
        </label>
        <label class="check field">
          <input type="checkbox" checked={ageCheck() || club().adultsOnly} disabled={club().adultsOnly} onChange={(e) => setAgeCheck(e.currentTarget.checked)} />
          <span>{tc("new.evening.ageCheck")}</span>
        </label>
        <label class="check field">
          <input type="checkbox" checked={weekly()} onChange={(e) => setWeekly(e.currentTarget.checked)} />
          <span>{tc("new.evening.weekly")}</span>
        </label>
        <label class="field">
          <span>{tc("manage.confirmHours")}</span>
          <input type="number" name="confirmHours" min={1} max={168} inputMode="numeric" value={confirmHours()} onInput={(e) => setConfirmHours(e.currentTarget.value)} data-confirm-hours />
        </label>
        <FormError error={error()} />
        <button type="submit" class="btn primary wide" disabled={busy()}>
          {tc("new.evening.submit")}
        </button>
      </form>
    </section>
  );
}

/**
 * RULES.md §7.10 (2026-12-06): the owner or a host marks members "experienced in tatar" from the member
 * list — one switch a member, with who marked it and when (the server logs every change).
 */
function Experience(props: { data: ClubData; onChange: (d: ClubData) => void }) {
  const { busy, error, run } = useSubmit();
  const toggle = (nickname: string, experienced: boolean) => void run(async () => props.onChange(await clubsApi.markExperience(props.data.club.id, nickname, experienced)));
  return (
    <section class="panel" aria-labelledby="experience-title" data-experience>
      <h2 id="experience-title">{t("newcomers.experienced")}</h2>
      <p class="muted small">{t("newcomers.experienced.about")}</p>
      <ul class="list">
        <For each={props.data.members.filter((m): m is typeof m & { nickname: string } => m.nickname !== null)}>
          {(m) => (
            <li>
              <label class="check">
                <input
                  type="checkbox"
                  checked={m.experienced !== undefined}
                  disabled={busy()}
                  onChange={(e) => toggle(m.nickname, e.currentTarget.checked)}
                  aria-label={t("newcomers.experienced.label", { nick: m.nickname })}
                  data-experienced-toggle={m.nickname}
                />
                <span>{m.nickname}</span>
              </label>
              <Show when={m.experienced?.by}>
                {(by) => <span class="muted small"> · {t("newcomers.experienced.by", { by: by(), when: whenText(m.experienced!.at, props.data.club.timeZone) })}</span>}
              </Show>
            </li>
          )}
        </For>
      </ul>
      <FormError error={error()} />
    </section>
  );
}

export function ClubPage(props: { id: string }) {
  const [data, { mutate }] = createResource(() => props.id, (id) => loadPage(() => clubsApi.club(id)));
  const set = (page: ClubData) => mutate({ page, error: null });
  const staff = (d: ClubData) => d.you?.role === "owner" || d.you?.role === "host";
  return (
    <>
      <Header />
      <main id="main" class="home club-page">
        <PageOf data={data()} notFound={tc("club.notFound")}>
          {(p) => (
            <>
              <section class="panel" aria-labelledby="club-title" data-club={p().club.id}>
                <h1 id="club-title">
                  {p().club.name}
                  <Show when={p().club.adultsOnly}>
                    <span class="tag" title={tc("club.adults.about")}>{tc("club.adults")}</span>
                  </Show>
                </h1>
                <p>
                  {p().club.city} · {t(`lang.${p().club.language}`)}
                </p>
                <p>{tc("club.plays", { formats: p().club.formats.map((f) => tk("preset", f)).join(", ") })}</p>
                <p class="muted small">{tc("club.zone", { zone: zoneName(p().club.timeZone) })}</p>
                <Show when={p().club.adultsOnly}>
                  <p class="muted small">{tc("club.adults.about")}</p>
                </Show>
                <Show when={p().club.recordGames}>
                  <p class="muted small" data-club-records>{tc("club.recordGames.about")}</p>
                </Show>
                <Show when={p().you}>{(y) => <p class="small">{tc("club.you", { role: tc(`role.${y().role}`) })}</p>}</Show>
                {/* RULES.md §7.11: the club's rating is its season table (the reviews' points, below on this page);
                    the leaderboard is the sport rating (§2.14) gained in the club's rated games. */}
                <p class="small">
                  <a href="#season-title" data-club-rating>
                    {tc("club.rating")}
                  </a>
                  {" · "}
                  <a href={leadersPath(`club:${p().club.id}`)} onClick={onLinkClick} data-club-leaders>
                    {tc("lb.link.club")}
                  </a>
                </p>
              </section>
              <section class="panel" aria-labelledby="upcoming-title">
                <h2 id="upcoming-title">{tc("club.upcoming")}</h2>
                <Show when={p().upcoming.length > 0} fallback={<p class="muted">{tc("club.noUpcoming")}</p>}>
                  <ul class="list" data-upcoming>
                    <For each={p().upcoming}>{(e) => <EveningItem e={e} />}</For>
                  </ul>
                </Show>
              </section>
              <Show when={p().you?.role === "owner"}>
                <ClubRulesTestSettings club={p().club.id} />
              </Show>
              <ClubSeasonsSection clubId={p().club.id} owner={p().you?.role === "owner"} formats={p().club.formats} timeZone={p().club.timeZone} />
              <Show when={staff(p())}>
                <NewEvening data={p()} />
              </Show>
              <Show when={p().past.length > 0}>
                <section class="panel" aria-labelledby="past-title">
                  <h2 id="past-title">{tc("club.past")}</h2>
                  <ul class="list" data-past>
                    <For each={p().past}>{(e) => <EveningItem e={e} />}</For>
                  </ul>
                </section>
              </Show>
              <section class="panel" aria-labelledby="members-title">
                <h2 id="members-title">{tc("club.members")}</h2>
                <ul class="inline-list" data-members>
                  <For each={p().members}>
                    {(m) => (
                      <li data-member={m.nickname ?? ""} data-role={m.role} data-experienced={m.experienced ? "yes" : "no"}>
                        {m.nickname ?? tc("evening.hidden")}
                        <Show when={m.role !== "member"}>
                          <span class="tag">{tc(`role.${m.role}`)}</span>
                        </Show>
                        <Show when={m.experienced}>
                          <span class="tag">{t("newcomers.experienced")}</span>
                        </Show>
                      </li>
                    )}
                  </For>
                </ul>
              </section>
              <Show when={staff(p()) && p().club.formats.some((f) => presets.find((x) => x.id === f)?.consigliere)}>
                <Experience data={p()} onChange={set} />
              </Show>
              <Show when={p().you?.role === "owner"}>
                <Hosts data={p()} onChange={set} />
              </Show>
            </>
          )}
        </PageOf>
      </main>
    </>
  );
}
