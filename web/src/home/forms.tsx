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

/** RULES.md §7.10: join as a seat's consigliere with the code its player shared, and remember it. */
export async function joinAsConsigliere(code: string, inviteCode: string, name: string): Promise<SavedTable> {
  const joined = await api.consigliereJoin(code, normalizeCode(inviteCode), name);
  const entry = { code, playerId: joined.playerId, nickname: name, token: joined.token, returnCode: joined.returnCode, kind: "consigliere" as const, organizerToken: null };
  saveTable(entry);
  return { ...entry, savedAt: Date.now() };
}

/**
 * One form for every way in by code — the table's code, and, if one has it, "your code": a
 * personal return code (back to one's seat on this device) or a consigliere code a player gave (RULES.md
 * §7.10). The two look alike (the same alphabet and length), so the form asks the table: with a name typed
 * it tries the code as a consigliere code first (refused at once, before any name check, when it is not
 * one), then as a return code (which needs no name). Without "your code" it sits a new player down.
 */
export function JoinForm() {
  const [code, setCode] = createSignal("");
  const [own, setOwn] = createSignal("");
  const { busy, error, setError, run } = useSubmit();
  const refusedAs = (e: unknown, code: string) => e instanceof ApiError && e.code === code;
  const submit: JSX.EventHandler<HTMLFormElement, SubmitEvent> = (e) => {
    e.preventDefault();
    const c = normalizeCode(code());
    if (!isTableCode(c)) return setError(errorText("not-found"));
    const mine = normalizeCode(own());
    if (!mine) {
      const name = needName(setError);
      if (!name) return;
      void run(async () => {
        await sitDown(c, name);
        navigate(tablePath(c));
      });
      return;
    }
    const name = nickname().trim();
    void run(async () => {
      // §7.10 a consigliere code: the advisor of the seat that shared it, not a new seat.
      if (name) {
        try {
          await joinAsConsigliere(c, mine, name);
          navigate(tablePath(c));
          return;
        } catch (err) {
          if (!refusedAs(err, "bad-consigliere-code")) throw err;
        }
      }
      try {
        await comeBack(c, mine);
        navigate(tablePath(c));
      } catch (err) {
        if (!refusedAs(err, "bad-return-code")) throw err;
        // Neither: as a consigliere code it needs the advisor's name first.
        setError(name ? t("join.own.bad") : t("join.own.needName"));
      }
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
        <label for="join-own">{t("join.own")}</label>
        <input id="join-own" name="ownCode" class="code-input" autocomplete="off" autocapitalize="characters" spellcheck={false} maxLength={32} value={own()} onInput={(e) => setOwn(e.currentTarget.value)} aria-describedby="join-own-about" />
        <small id="join-own-about" class="muted">{t("join.own.about")}</small>
      </div>
      <FormError error={error()} />
      <div class="row">
        <button class="btn primary grow" type="submit" disabled={busy()}>
          {busy() ? t("home.working") : own().trim() ? t("join.own.submit") : t("join.submit")}
        </button>
        <button class="btn" type="button" data-watch onClick={watch}>
          {t("join.watch")}
        </button>
      </div>
    </form>
  );
}

/** Back to one's seat with its return code: a fresh token for this device, remembered (a consigliere's code gives the advisor's). */
export async function comeBack(code: string, returnCode: string): Promise<SavedTable> {
  const seat = await api.comeBack(code, returnCode);
  const entry = { code, playerId: seat.playerId, nickname: "", token: seat.token, returnCode, kind: "player" as const };
  saveTable(entry);
  return { ...entry, organizerToken: null, savedAt: Date.now() };
}

/** Come back: on a table page whose saved key stopped working (the home page's JoinForm takes return codes too). */
export function ComeBackForm(props: { code?: string; onSeated?: (s: SavedTable) => void }) {
  const [code, setCode] = createSignal(props.code ?? "");
  const [returnCode, setReturnCode] = createSignal("");
  const { busy, error, setError, run } = useSubmit();
  const submit: JSX.EventHandler<HTMLFormElement, SubmitEvent> = (e) => {
    e.preventDefault();
    const c = normalizeCode(code());
    if (!isTableCode(c)) return setError(errorText("not-found"));
    void run(async () => {
      const entry = await comeBack(c, normalizeCode(returnCode()));
      if (props.onSeated) props.onSeated(entry);
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
