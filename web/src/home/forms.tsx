/**
 * The forms that seat a person at a table: join by code, come back with a return code, join here (the
 * table page uses these, so they stay out of the create form's chunk: create-form.tsx).
 */
import { createEffect, createRoot, createSignal, type JSX, Show, untrack } from "solid-js";
import { t } from "../i18n/index.ts";
import { api, ApiError } from "../lib/api.ts";
import { me } from "../lib/account.ts";
import { navigate, tablePath } from "../lib/router.ts";
import { lastNickname, rememberNickname, saveTable, type SavedTable } from "../lib/seats-store.ts";
import { errorText } from "../ui/Notice.tsx";
import { isTableCode, normalizeCode } from "../../../shared/protocol/codes.ts";

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
export const describeError = (e: unknown): string => (e instanceof ApiError ? errorText(e.code, e.message) : errorText("generic"));

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

export function FormError(props: { error: string | null }) {
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

export function needName(setError: (e: string) => void): string | null {
  const name = nickname().trim();
  if (!name) {
    setError(t("home.needName"));
    document.getElementById("nick")?.focus();
    return null;
  }
  return name;
}

/** Issue 17, RULES.md §7.10: join as a seat's consigliere with the code its player shared, and remember it. */
export async function joinAsConsigliere(code: string, inviteCode: string, name: string): Promise<SavedTable> {
  const joined = await api.consigliereJoin(code, normalizeCode(inviteCode), name);
  const entry = { code, playerId: joined.playerId, nickname: name, token: joined.token, returnCode: joined.returnCode, kind: "consigliere" as const, organizerToken: null };
  saveTable(entry);
  return { ...entry, savedAt: Date.now() };
}

export function JoinForm() {
  const [code, setCode] = createSignal("");
  const [advise, setAdvise] = createSignal("");
  const { busy, error, setError, run } = useSubmit();
  const submit: JSX.EventHandler<HTMLFormElement, SubmitEvent> = (e) => {
    e.preventDefault();
    const name = needName(setError);
    const c = normalizeCode(code());
    if (!name) return;
    if (!isTableCode(c)) return setError(errorText("not-found"));
    void run(async () => {
      // §7.10 with a consigliere code: the advisor of the seat that shared it, not a new seat.
      if (advise().trim()) await joinAsConsigliere(c, advise(), name);
      else await sitDown(c, name);
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
      <div class="field">
        <label for="join-consigliere">{t("consigliere.code")}</label>
        <input id="join-consigliere" name="consigliere" class="code-input" autocomplete="off" autocapitalize="characters" spellcheck={false} maxLength={32} value={advise()} onInput={(e) => setAdvise(e.currentTarget.value)} aria-describedby="join-consigliere-about" />
        <small id="join-consigliere-about" class="muted">{t("consigliere.code.about")}</small>
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
