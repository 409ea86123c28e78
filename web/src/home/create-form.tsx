/** The create form (with the profile screen inside it, lazily): a chunk of the home page only. */
import { createSignal, For, type JSX, lazy, Show, Suspense } from "solid-js";
import { has, lang, t, tk } from "../i18n/index.ts";
import { api, rateLimitMinutes } from "../lib/api.ts";
import { me } from "../lib/account.ts";
import { howPath, navigate, onLinkClick, tablePath } from "../lib/router.ts";
import { saveTable } from "../lib/seats-store.ts";
import presetSettings from "virtual:preset-settings";
import { formOf, settingsToSend, type ProfileChoice, type SettingField } from "./presets.ts";
import { textFamily } from "../i18n/families.ts";
import { SEATS_PER_ADDRESS_MAX } from "../../../shared/protocol/http.ts";
import { describeError, FormError, needName, normalizeCode, sitDown, useSubmit } from "./forms.tsx";
import type { BotLevel } from "../../../shared/bots/levels.ts";
import type { botLevelText } from "../lib/bot-levels.ts";
import { withParts } from "../routes.ts";

/** RULES.md §5.5 the profile screen: a lazy chunk (it reads the engine's compositions; the initial bundle must not). */
const ProfileScreen = lazy(() => withParts(import("./ProfileScreen.tsx"), "table", "roles"));
/** RULES.md §6 club: the creator's role counts with the engine's checks (a lazy chunk too). */
const RoleCounts = lazy(() => import("./RoleCounts.tsx"));

/** The formats the create form offers, from the engine's descriptors (made at build time: presets.ts). */
const PRESETS = presetSettings.map(formOf);


/** Spectator delays offered on the create form (seconds; the server accepts 0–900). */
const DELAYS = [0, 30, 60, 120, 300];

export function CreateForm() {
  const preset = PRESETS[0]!;
  const [presetId, setPresetId] = createSignal(preset.id);
  const [values, setValues] = createSignal<Record<string, unknown>>(Object.fromEntries(preset.settings.map((s) => [s.key, s.default])));
  // A new table is private (only people with its code) unless its creator lists it.
  const [isPublic, setPublic] = createSignal(false);
  /** Longer vote and night windows — on by default where the format is not rated (the server's default too). */
  const [longWindows, setLongWindows] = createSignal(true);
  const [live, setLive] = createSignal(false);
  const [sit, setSit] = createSignal(true);
  const [botAfter, setBotAfter] = createSignal(false);
  const [botMinutes, setBotMinutes] = createSignal(5);
  /** How the table's bots play (the server's default is "strong"). */
  const [botLevel, setBotLevel] = createSignal<BotLevel>("strong");
  /** The bot levels' lines, a chunk of their own loaded here (web/src/lib/bot-levels.ts) — in no page's first JS. */
  const [levels, setLevels] = createSignal<typeof import("../lib/bot-levels.ts")>();
  void import("../lib/bot-levels.ts").then((m) => setLevels(() => m), () => undefined);
  const lv = (key: Parameters<typeof botLevelText>[1]) => levels()?.botLevelText(lang(), key) ?? "";
  const [delay, setDelay] = createSignal(0);
  const [sameDevice, setSameDevice] = createSignal(false);
  const [sameRoom, setSameRoom] = createSignal(false);
  // Creating, then sitting down: a 429 from the creation is the per-address table limit (docs/PERFORMANCE.md).
  let creating = false;
  const { busy, error, setError, run } = useSubmit((e) => {
    const minutes = creating ? rateLimitMinutes(e) : null;
    return minutes !== null ? t("create.rateLimited", { n: minutes }) : describeError(e);
  });
  const current = () => PRESETS.find((p) => p.id === presetId()) ?? preset;
  const set = (key: string, v: unknown) => setValues({ ...values(), [key]: v });
  /** §5.5 a profile's seats and Custom's counts, from the profile screen; null until it is shown. */
  const [profile, setProfile] = createSignal<ProfileChoice | null>(null);
  /** §6 club: the role counts of each game (a format with `roleCounts` that is not a §5 profile); null until shown. */
  const [counts, setCounts] = createSignal<{ counts: Record<string, number>; ok: boolean } | null>(null);
  const countsEditor = () => !current().profile && current().roles.length > 0;
  /** §5.5 Fast: the organizer plays and takes a seat — no live host, no seatless organizer. */
  const plays = () => current().organizerPlays;
  const isLive = () => live() && !plays();
  /** Switching formats starts from the new format's defaults. */
  const choosePreset = (id: string) => {
    const next = PRESETS.find((p) => p.id === id) ?? preset;
    setPresetId(next.id);
    // A format a live host leads (the preset's `hostLed`, RULES.md §4, §6, §7) starts on "Me" (its creator hosts).
    setLive(next.hostLed);
    setValues(Object.fromEntries(next.settings.map((s) => [s.key, s.default])));
    setProfile(null);
    setCounts(null);
  };
  /**
   * The table may not be created yet: a profile screen still loading, or a Custom composition that cannot
   * start (§5.5); the club's role counts still loading, or counts that start at no table size (§6).
   */
  /** A format only a signed-in creator may open (city, §8), chosen while signed out: the line says so and Create waits. */
  const needsSignIn = () => current().needsAccount && !me();
  const blocked = () => needsSignIn() || (current().profile && !profile()?.ok) || (countsEditor() && !counts()?.ok);

  const submit: JSX.EventHandler<HTMLFormElement, SubmitEvent> = (e) => {
    e.preventDefault();
    if (blocked()) return;
    const seated = plays() || (sit() && !live());
    const chosen = current().profile ? profile() : null;
    const name = seated ? needName(setError) : "";
    if (name === null) return;
    void run(async () => {
      const minutes = Math.min(120, Math.max(1, Math.round(botMinutes()) || 5));
      creating = true;
      const created = await api.createTable({
        presetId: presetId(),
        // §5.5 Custom, §6 club: the role counts go with the other settings (Civilians fill the other seats).
        settings: { ...settingsToSend(current(), values()), ...chosen?.counts, ...(countsEditor() ? counts()?.counts : {}) },
        // §5.5 the profile screen's size: a table of exactly this many seats.
        ...(chosen ? { seats: chosen.seats } : {}),
        public: isPublic(),
        // A rated format keeps the rules' windows (the server's default there; `true` would be refused).
        ...(current().rated ? {} : { longWindows: longWindows() }),
        host: isLive() ? "live" : "server",
        botAfterMinutesAway: botAfter() ? minutes : null,
        botLevel: botLevel(),
        spectatorDelaySeconds: delay(),
        allowSameDevice: sameDevice(),
        // One room behind one address (a club, a venue's Wi-Fi): the whole table may sit from it.
        ...(sameRoom() ? { seatsPerAddress: SEATS_PER_ADDRESS_MAX } : {}),
      });
      creating = false;
      const code = normalizeCode(created.code);
      // The organizer token is kept with the table (like a seat token): it opens the host screen, the
      // seatless organizer's controls, or sits the creator down later.
      const kind = isLive() ? "host" : "organizer";
      saveTable({ code, playerId: "", nickname: "", token: created.organizerToken, returnCode: null, kind, organizerToken: isLive() ? null : created.organizerToken });
      if (seated) await sitDown(code, name, created.organizerToken);
      navigate(tablePath(code));
    });
  };

  return (
    <form class="panel form" onSubmit={submit} aria-labelledby="create-title" data-form="create">
      <h2 id="create-title" tabindex="-1">{t("create.title")}</h2>
      <div class="field">
        <label for="preset">{t("create.preset")}</label>
        <select id="preset" value={presetId()} onChange={(e) => choosePreset(e.currentTarget.value)} aria-describedby="preset-about preset-account">
          <For each={PRESETS}>
            {(p) => (
              <option value={p.id} data-needs-account={p.needsAccount ? "yes" : undefined}>
                {tk("preset", p.id)}
              </option>
            )}
          </For>
        </select>
        <small id="preset-about" class="muted">
          {tk("preset", `${presetId()}.about`, undefined, "")}{" "}
          {/* A new tab: the half-filled form stays as it is. */}
          <a href={howPath(textFamily(presetId()))} target="_blank" rel="noopener" data-how-format={presetId()} aria-label={t("how.newTab")}>
            {t("how.title")}
          </a>
        </small>
        <Show when={needsSignIn()}>
          <small id="preset-account" class="account-needed" role="status" data-city-locked>
            {t("create.city.needAccount")}{" "}
            <a href="/signin" onClick={onLinkClick}>
              {t("create.city.signinLink")}
            </a>
          </small>
        </Show>
      </div>
      {/* Who hosts — asked at the top for every format a live host may lead (not Fast, where the organizer plays). */}
      <Show when={!plays()}>
        <fieldset class="field host-question" data-host-question>
          <legend>{t("create.who")}</legend>
          <label class="check">
            <input type="radio" name="host" value="me" checked={live()} onChange={() => setLive(true)} aria-describedby="about-host-me" />
            <span>{t("create.who.me")}</span>
          </label>
          <small id="about-host-me" class="muted">
            {t("create.live.about")}
          </small>
          <label class="check">
            <input type="radio" name="host" value="server" checked={!live()} onChange={() => setLive(false)} aria-describedby="about-host-server" />
            <span>{t("create.who.server")}</span>
          </label>
          <small id="about-host-server" class="muted">
            {t("create.who.server.about")}
          </small>
        </fieldset>
      </Show>
      <Show when={current().profile && current()} keyed>
        {(f) => (
          <Suspense fallback={<p class="muted small">{t("home.working")}</p>}>
            <ProfileScreen form={f} dayRules={settingsToSend(f, values())} onChange={setProfile} />
          </Suspense>
        )}
      </Show>
      <Show when={countsEditor() && current()} keyed>
        {(f) => (
          <Suspense fallback={<p class="muted small">{t("home.working")}</p>}>
            <RoleCounts form={f} onChange={setCounts} />
          </Suspense>
        )}
      </Show>
      <For each={current().settings.filter((x) => !x.advanced)}>{(x) => <SettingView s={x} value={values()[x.key]} set={set} />}</For>
      <Show when={current().settings.some((x) => x.advanced)}>
        <details class="more" data-more="settings">
          <summary>{t("create.more")}</summary>
          <p class="muted small">{t("create.more.about")}</p>
          <For each={current().settings.filter((x) => x.advanced)}>{(x) => <SettingView s={x} value={values()[x.key]} set={set} />}</For>
        </details>
      </Show>
      {/* One plain line; at a rated format the box is off, looks off, and its line starts with why. */}
      <Check
        name="longWindows"
        checked={!current().rated && longWindows()}
        disabled={current().rated}
        onChange={setLongWindows}
        label={t("create.longWindows")}
        about={current().rated ? `${t("create.longWindows.rated")} ${t("create.longWindows.about")}` : t("create.longWindows.about")}
      />
      <div class="field setting">
        <label class="check">
          <input type="checkbox" name="public" checked={isPublic()} onChange={(e) => setPublic(e.currentTarget.checked)} aria-describedby="about-public" />
          <span>{t("create.public")}</span>
        </label>
        <small id="about-public" class="muted">
          {t("create.public.about")}
        </small>
      </div>
      <details class="more" data-more="options">
        <summary>{t("create.options")}</summary>
        <fieldset class="options">
        <legend class="sr-only">{t("create.options")}</legend>
        <Show
          when={!plays()}
          fallback={<Check name="sit" checked disabled onChange={() => undefined} label={t("create.sit")} about={t("create.sit.plays")} />}
        >
          <Show when={!live()}>
            <Check name="sit" checked={sit()} onChange={setSit} label={t("create.sit")} about={t("create.sit.about")} />
          </Show>
        </Show>
        <div class="field setting">
          <label class="check">
            <input type="checkbox" name="botAfter" checked={botAfter()} onChange={(e) => setBotAfter(e.currentTarget.checked)} aria-describedby="about-botAfter" />
            <span>{t("create.botAfter")}</span>
          </label>
          <Show when={botAfter()}>
            <label class="inline">
              <input type="number" name="botAfterMinutes" min={1} max={120} value={botMinutes()} onInput={(e) => setBotMinutes(e.currentTarget.valueAsNumber)} />
              <span>{t("create.minutes")}</span>
            </label>
          </Show>
          <small id="about-botAfter" class="muted">
            {t("create.botAfter.about")}
          </small>
        </div>
        <div class="field setting">
          <label for="botLevel">{lv("label")}</label>
          <select id="botLevel" name="botLevel" onChange={(e) => setBotLevel(e.currentTarget.value as BotLevel)} aria-describedby="about-botLevel">
            <For each={levels()?.LEVELS}>{(l) => <option value={l} selected={l === botLevel()}>{lv(l)}</option>}</For>
          </select>
          <small id="about-botLevel" class="muted">
            {lv("about")}
          </small>
        </div>
        <div class="field setting">
          <label for="spectatorDelay">{t("create.delay")}</label>
          <select id="spectatorDelay" name="spectatorDelay" value={String(delay())} onChange={(e) => setDelay(Number(e.currentTarget.value))} aria-describedby="about-delay">
            <For each={DELAYS}>{(d) => <option value={String(d)}>{d === 0 ? t("create.delay.none") : t("create.delay.s", { n: d })}</option>}</For>
          </select>
          <small id="about-delay" class="muted">
            {t("create.delay.about")}
          </small>
        </div>
        <Check name="allowSameDevice" checked={sameDevice()} onChange={setSameDevice} label={t("create.sameDevice")} about={t("create.sameDevice.about")} />
        <Check name="sameRoom" checked={sameRoom()} onChange={setSameRoom} label={t("create.sameRoom")} about={t("create.sameRoom.about")} />
        </fieldset>
      </details>
      <FormError error={error()} />
      <button class="btn primary wide" type="submit" disabled={busy() || blocked()} data-create-submit>
        {busy() ? t("home.working") : isLive() ? t("create.submit.host") : plays() || sit() ? t("create.submit") : t("create.submit.organize")}
      </button>
    </form>
  );
}

/** One preset setting with its one-line explanation (city's Mafia count also says its bound, RULES.md §3). */
function SettingView(props: { s: SettingField; value: unknown; set: (key: string, v: unknown) => void }) {
  const s = props.s;
  const line = (key: string, fallback: string) => (has(key) ? t(key) : fallback);
  return (
    <div class="field setting">
      <Show
        when={s.kind === "choice" && s}
        fallback={
          s.kind === "integer" ? (
            <label class="num">
              <span>{line(s.label, s.key)}</span>
              <input type="number" name={s.key} min={s.min} max={s.max} step={1} value={String(props.value ?? s.default)} onInput={(e) => props.set(s.key, e.currentTarget.valueAsNumber)} aria-describedby={`about-${s.key}`} />
            </label>
          ) : (
            <label class="check">
              <input type="checkbox" name={s.key} checked={Boolean(props.value)} onChange={(e) => props.set(s.key, e.currentTarget.checked)} aria-describedby={`about-${s.key}`} />
              <span>{line(s.label, s.key)}</span>
            </label>
          )
        }
      >
        {(c) => (
          <fieldset class="choice" aria-describedby={`about-${s.key}`}>
            <legend>{line(s.label, s.key)}</legend>
            <For each={c().options}>
              {(o) => (
                <label class="radio">
                  <input type="radio" name={s.key} value={String(o)} checked={props.value === o} onChange={() => props.set(s.key, o)} />
                  <span>{line(`${s.label}.${o}`, String(o))}</span>
                </label>
              )}
            </For>
          </fieldset>
        )}
      </Show>
      <small id={`about-${s.key}`} class="muted">
        {line(`${s.label}.about`, "")}
        {/* A setting's bound on the composition, where the catalogue states one (RULES.md §3 city's Mafia). */}
        {line(`${s.label}.limit`, "") ? " " + line(`${s.label}.limit`, "") : ""}
      </small>
    </div>
  );
}

function Check(props: { name: string; checked: boolean; disabled?: boolean; onChange: (v: boolean) => void; label: string; about: string }) {
  return (
    <div class="field setting">
      <label class="check">
        <input type="checkbox" name={props.name} checked={props.checked} disabled={props.disabled} onChange={(e) => props.onChange(e.currentTarget.checked)} aria-describedby={`about-${props.name}`} />
        <span>{props.label}</span>
      </label>
      <small id={`about-${props.name}`} class="muted" data-disabled-why={props.disabled ? "yes" : undefined}>
        {props.about}
      </small>
    </div>
  );
}
