/** The forms that seat a person at a table: create, join by code, come back with a return code. */
import { createEffect, createRoot, createSignal, For, type JSX, lazy, Show, Suspense, untrack } from "solid-js";
import { has, t, tk } from "../i18n/index.ts";
import { api, ApiError, rateLimitMinutes } from "../lib/api.ts";
import { me } from "../lib/account.ts";
import { howPath, navigate, onLinkClick, tablePath } from "../lib/router.ts";
import { lastNickname, rememberNickname, saveTable, type SavedTable } from "../lib/seats-store.ts";
import { errorText } from "../ui/Notice.tsx";
import presetSettings from "virtual:preset-settings";
import { formOf, settingsToSend, type ProfileChoice, type SettingField } from "./presets.ts";
import { textFamily } from "../i18n/families.ts";

/** RULES.md §5.5 the profile screen: a lazy chunk (it reads the engine's compositions; the initial bundle must not). */
const ProfileScreen = lazy(() => import("./ProfileScreen.tsx"));

/** The formats the create form offers, from the engine's descriptors (made at build time: presets.ts). */
const PRESETS = presetSettings.map(formOf);
import { isTableCode, normalizeCode } from "../../../shared/protocol/codes.ts";
import { SEATS_PER_ADDRESS_MAX } from "../../../shared/protocol/http.ts";

const [nickname, setNicknameSignal] = createSignal(lastNickname());
export { nickname };
// A signed-in player without a remembered table name gets the account nickname (docs/ACCOUNTS.md).
createRoot(() =>
  createEffect(() => {
    const u = me();
    if (u && !untrack(nickname).trim()) setNicknameSignal(u.nickname);
  }),
);
export function setNickname(v: string): void {
  setNicknameSignal(v);
  rememberNickname(v.trim());
}

export { normalizeCode };

/** An API refusal through the catalogue (by its code), anything else as a generic failure. */
const describeError = (e: unknown): string => (e instanceof ApiError ? errorText(e.code, e.message) : errorText("generic"));

/** Runs a request, shows its error through the catalogue (`describe`), disables the form meanwhile. */
export function useSubmit(describe: (e: unknown) => string = describeError) {
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  const run = async (fn: () => Promise<unknown>) => {
    if (busy()) return;
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

function FormError(props: { error: string | null }) {
  return (
    <p class="form-error" role="alert">
      {props.error ?? ""}
    </p>
  );
}

export function NicknameField(props: { id: string }) {
  return (
    <div class="field">
      <label for={props.id}>{t("home.nickname")}</label>
      <input id={props.id} name="nickname" autocomplete="nickname" maxLength={24} required value={nickname()} onInput={(e) => setNickname(e.currentTarget.value)} aria-describedby={`${props.id}-about`} />
      <small id={`${props.id}-about`} class="muted">
        {t("home.nickname.about")}
      </small>
    </div>
  );
}

/** Join (by code, from the lobby list, or on the table page) and remember the seat. With the
 *  creator's organizer token the seat holds the organizer rights (the token is spent). */
export async function sitDown(code: string, name: string, organizerToken?: string | null): Promise<SavedTable> {
  const seat = await api.join(code, name, organizerToken);
  const entry = { code, playerId: seat.playerId, nickname: name, token: seat.token, returnCode: seat.returnCode, kind: "player" as const, organizerToken: null };
  saveTable(entry);
  return { ...entry, savedAt: Date.now() };
}

/** Spectator delays offered on the create form (seconds; the server accepts 0–900). */
const DELAYS = [0, 30, 60, 120, 300];

function needName(setError: (e: string) => void): string | null {
  const name = nickname().trim();
  if (!name) {
    setError(t("home.needName"));
    document.getElementById("nick")?.focus();
    return null;
  }
  return name;
}

export function CreateForm() {
  const preset = PRESETS[0]!;
  const [presetId, setPresetId] = createSignal(preset.id);
  const [values, setValues] = createSignal<Record<string, unknown>>(Object.fromEntries(preset.settings.map((s) => [s.key, s.default])));
  const [isPublic, setPublic] = createSignal(true);
  const [live, setLive] = createSignal(false);
  const [sit, setSit] = createSignal(true);
  const [botAfter, setBotAfter] = createSignal(false);
  const [botMinutes, setBotMinutes] = createSignal(5);
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
  /** §5.5 Fast: the organizer plays and takes a seat — no live host, no seatless organizer. */
  const plays = () => current().organizerPlays;
  const isLive = () => live() && !plays();
  /** Switching formats starts from the new format's defaults. */
  const choosePreset = (id: string) => {
    const next = PRESETS.find((p) => p.id === id) ?? preset;
    setPresetId(next.id);
    setValues(Object.fromEntries(next.settings.map((s) => [s.key, s.default])));
    setProfile(null);
  };
  /** The table may not be created yet: a profile screen still loading, or a Custom composition that cannot start (§5.5). */
  const blocked = () => current().profile && !profile()?.ok;
  // Signed out while a city form was open (e.g. "sign out everywhere" elsewhere): back to a format a guest may create.
  createEffect(() => {
    if (!me() && current().needsAccount) choosePreset(preset.id);
  });

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
        // §5.5 Custom: the role counts go with the day rules (Civilians fill the other seats).
        settings: { ...settingsToSend(current(), values()), ...chosen?.counts },
        // §5.5 the profile screen's size: a table of exactly this many seats.
        ...(chosen ? { seats: chosen.seats } : {}),
        public: isPublic(),
        host: isLive() ? "live" : "server",
        botAfterMinutesAway: botAfter() ? minutes : null,
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
              <option value={p.id} disabled={p.needsAccount && !me()} data-needs-account={p.needsAccount ? "yes" : undefined}>
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
        <Show when={!me() && PRESETS.some((p) => p.needsAccount)}>
          <small id="preset-account" class="muted" data-city-locked>
            {t("create.city.needAccount")}{" "}
            <a href="/signin" onClick={onLinkClick}>
              {t("create.city.signinLink")}
            </a>
          </small>
        </Show>
      </div>
      <Show when={current().profile && current()} keyed>
        {(f) => (
          <Suspense fallback={<p class="muted small">{t("home.working")}</p>}>
            <ProfileScreen form={f} dayRules={settingsToSend(f, values())} onChange={setProfile} />
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
          <Check name="liveHost" checked={live()} onChange={setLive} label={t("create.live")} about={t("create.live.about")} />
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
        {s.key === "mafia" ? " " + t("create.mafia.limit") : ""}
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
      <small id={`about-${props.name}`} class="muted">
        {props.about}
      </small>
    </div>
  );
}

export function JoinForm() {
  const [code, setCode] = createSignal("");
  const { busy, error, setError, run } = useSubmit();
  const submit: JSX.EventHandler<HTMLFormElement, SubmitEvent> = (e) => {
    e.preventDefault();
    const name = needName(setError);
    const c = normalizeCode(code());
    if (!name) return;
    if (!isTableCode(c)) return setError(errorText("not-found"));
    void run(async () => {
      await sitDown(c, name);
      navigate(tablePath(c));
    });
  };
  /** Watch as a spectator: the table page without a seat (public view only). */
  const watch = () => {
    const c = normalizeCode(code());
    if (!isTableCode(c)) return setError(errorText("not-found"));
    navigate(tablePath(c));
  };
  return (
    <form class="panel form" onSubmit={submit} aria-labelledby="join-title" data-form="join">
      <h2 id="join-title">{t("join.title")}</h2>
      <div class="field">
        <label for="join-code">{t("join.code")}</label>
        <input id="join-code" name="code" class="code-input" autocomplete="off" autocapitalize="characters" spellcheck={false} required maxLength={16} value={code()} onInput={(e) => setCode(e.currentTarget.value)} />
      </div>
      <FormError error={error()} />
      <div class="row">
        <button class="btn primary grow" type="submit" disabled={busy()}>
          {busy() ? t("home.working") : t("join.submit")}
        </button>
        <button class="btn" type="button" data-watch onClick={watch}>
          {t("join.watch")}
        </button>
      </div>
    </form>
  );
}

/** Come back: on the home page (code typed) or on a table page whose saved key stopped working. */
export function ComeBackForm(props: { code?: string; onSeated?: (s: SavedTable) => void }) {
  const [code, setCode] = createSignal(props.code ?? "");
  const [returnCode, setReturnCode] = createSignal("");
  const { busy, error, setError, run } = useSubmit();
  const submit: JSX.EventHandler<HTMLFormElement, SubmitEvent> = (e) => {
    e.preventDefault();
    const c = normalizeCode(code());
    if (!isTableCode(c)) return setError(errorText("not-found"));
    void run(async () => {
      const rc = normalizeCode(returnCode());
      const seat = await api.comeBack(c, rc);
      const entry = { code: c, playerId: seat.playerId, nickname: "", token: seat.token, returnCode: rc, kind: "player" as const };
      saveTable(entry);
      if (props.onSeated) props.onSeated({ ...entry, savedAt: Date.now() });
      else navigate(tablePath(c));
    });
  };
  return (
    <form class="panel form" onSubmit={submit} aria-labelledby="return-title" data-form="return">
      <h2 id="return-title">{t("return.title")}</h2>
      <p class="muted small">{t("return.about")}</p>
      <Show when={!props.code}>
        <div class="field">
          <label for="ret-table">{t("join.code")}</label>
          <input id="ret-table" name="code" class="code-input" autocomplete="off" autocapitalize="characters" spellcheck={false} required maxLength={16} value={code()} onInput={(e) => setCode(e.currentTarget.value)} />
        </div>
      </Show>
      <div class="field">
        <label for="ret-code">{t("return.code")}</label>
        <input id="ret-code" name="returnCode" class="code-input" autocomplete="off" spellcheck={false} required maxLength={32} value={returnCode()} onInput={(e) => setReturnCode(e.currentTarget.value)} />
      </div>
      <FormError error={error()} />
      <button class="btn wide" type="submit" disabled={busy()}>
        {busy() ? t("home.working") : t("return.submit")}
      </button>
    </form>
  );
}

/** On a table page in the lobby, for a visitor without a seat. */
export function JoinHereForm(props: { code: string; organizerToken?: string | null; onSeated?: (s: SavedTable) => void }) {
  const { busy, error, setError, run } = useSubmit();
  const submit: JSX.EventHandler<HTMLFormElement, SubmitEvent> = (e) => {
    e.preventDefault();
    const name = needName(setError);
    if (!name) return;
    void run(async () => {
      const entry = await sitDown(props.code, name, props.organizerToken);
      props.onSeated?.(entry);
    });
  };
  return (
    <form class="panel form" onSubmit={submit} aria-labelledby="joinhere-title" data-form="join-here">
      <h2 id="joinhere-title">{t("wait.joinHere")}</h2>
      <NicknameField id="nick" />
      <FormError error={error()} />
      <button class="btn primary wide" type="submit" disabled={busy()}>
        {busy() ? t("home.working") : t("join.submit")}
      </button>
    </form>
  );
}
