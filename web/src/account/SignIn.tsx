/**
 * /signin — sign up (nickname + passkey, or a password with a live strength hint) and sign in
 * (passkey, or nickname + password); signed in: sign out, sign out everywhere. A lazy chunk (with
 * @simplewebauthn/browser). The server decides everything; its refusals show through the catalogue.
 */
import { createSignal, type JSX, Match, Show, Switch } from "solid-js";
import { passwordRule } from "../../../shared/protocol/accounts.ts";
import { t } from "../i18n/index.ts";
import { me, meKnown } from "../lib/account.ts";
import { ApiError, rateLimitMinutes } from "../lib/api.ts";
import { navigate, onLinkClick, profilePath } from "../lib/router.ts";
import { Header } from "../ui/Header.tsx";
import { errorText } from "../ui/Notice.tsx";
import { nickname as homeNickname, useSubmit } from "../home/forms.tsx";
import { PasskeyError, passkeysSupported, signInWithPasskey, signInWithPassword, signOut, signUpWithPasskey, signUpWithPassword } from "./auth.ts";
import { ta } from "./messages.ts";

/** Sign-in errors: a cancelled or failed passkey prompt, a weak password with its rule, too many attempts, other refusals. */
function describeAuthError(e: unknown): string {
  const minutes = rateLimitMinutes(e);
  if (minutes !== null) return ta("rateLimited", { n: minutes });
  if (e instanceof PasskeyError) return e.cancelled ? ta("passkey.cancelled") : ta("passkey.failed", { reason: e.message });
  if (e instanceof ApiError) return e.code === "weak-password" ? `${errorText(e.code)} ${e.message}` : errorText(e.code, e.message);
  return errorText("generic");
}
const useRun = () => useSubmit(describeAuthError);

function FormError(props: { error: string | null }) {
  return (
    <p class="form-error" role="alert" data-auth-error>
      {props.error ?? ""}
    </p>
  );
}

/** The password rule a password breaks right now, said before sending (the server checks the same rule). */
function StrengthHint(props: { password: string; nickname: string }) {
  const rule = () => (props.password ? passwordRule(props.password, props.nickname.trim()) : null);
  return (
    <small id="pw-strength" class="strength muted" classList={{ ok: !!props.password && !rule(), bad: !!rule() }} aria-live="polite" data-strength={props.password ? (rule() ?? "ok") : ""}>
      {props.password ? (rule() ? ta(`rule.${rule()!}`) : ta("strength.ok")) : ta("strength.about")}
    </small>
  );
}

function done() {
  navigate("/");
}

function SignUp() {
  const [nick, setNick] = createSignal(homeNickname().trim());
  const [password, setPassword] = createSignal("");
  const { busy, error, setError, run } = useRun();
  const needNick = () => {
    const n = nick().trim();
    if (!n) {
      setError(t("home.needName"));
      document.getElementById("su-nick")?.focus();
    }
    return n;
  };
  const passkey = () => {
    const n = needNick();
    if (!n) return;
    if (!passkeysSupported()) return setError(ta("passkey.unsupported"));
    void run(async () => {
      await signUpWithPasskey(n);
      done();
    });
  };
  const withPassword: JSX.EventHandler<HTMLFormElement, SubmitEvent> = (e) => {
    e.preventDefault();
    const n = needNick();
    if (!n) return;
    const rule = passwordRule(password(), n);
    if (rule) return setError(ta(`rule.${rule}`));
    void run(async () => {
      await signUpWithPassword(n, password());
      done();
    });
  };
  return (
    <section class="panel form" aria-labelledby="su-title" data-form="signup">
      <h2 id="su-title">{ta("title.signup")}</h2>
      <div class="field">
        <label for="su-nick">{ta("nickname")}</label>
        <input id="su-nick" name="nickname" autocomplete="username" maxLength={24} required value={nick()} onInput={(e) => setNick(e.currentTarget.value)} aria-describedby="su-nick-about" />
        <small id="su-nick-about" class="muted">
          {ta("nickname.about")}
        </small>
      </div>
      <button type="button" class="btn primary wide" data-auth="passkey-signup" disabled={busy()} onClick={passkey} aria-describedby="su-pk-about">
        {busy() ? ta("working") : ta("passkey.signup")}
      </button>
      <small id="su-pk-about" class="muted">
        {ta("passkey.signup.about")}
      </small>
      <details class="or-password">
        <summary>{ta("or.password")}</summary>
        <form onSubmit={withPassword} data-form="signup-password">
          <div class="field">
            <label for="su-pw">{ta("password")}</label>
            <input id="su-pw" name="password" type="password" autocomplete="new-password" maxLength={200} value={password()} onInput={(e) => setPassword(e.currentTarget.value)} aria-describedby="pw-strength" />
            <StrengthHint password={password()} nickname={nick()} />
          </div>
          <button class="btn wide" type="submit" data-auth="password-signup" disabled={busy()}>
            {ta("password.signup")}
          </button>
        </form>
      </details>
      <FormError error={error()} />
    </section>
  );
}

function SignInForms() {
  const [nick, setNick] = createSignal("");
  const [password, setPassword] = createSignal("");
  const { busy, error, setError, run } = useRun();
  const passkey = () => {
    if (!passkeysSupported()) return setError(ta("passkey.unsupported"));
    void run(async () => {
      await signInWithPasskey();
      done();
    });
  };
  const withPassword: JSX.EventHandler<HTMLFormElement, SubmitEvent> = (e) => {
    e.preventDefault();
    void run(async () => {
      await signInWithPassword(nick().trim(), password());
      done();
    });
  };
  return (
    <section class="panel form" aria-labelledby="si-title" data-form="signin">
      <h2 id="si-title">{ta("title.signin")}</h2>
      <button type="button" class="btn primary wide" data-auth="passkey-signin" disabled={busy()} onClick={passkey} aria-describedby="si-pk-about">
        {busy() ? ta("working") : ta("passkey.signin")}
      </button>
      <small id="si-pk-about" class="muted">
        {ta("passkey.signin.about")}
      </small>
      <details class="or-password">
        <summary>{ta("or.password")}</summary>
        <form onSubmit={withPassword} data-form="signin-password">
          <div class="field">
            <label for="si-nick">{ta("nickname")}</label>
            <input id="si-nick" name="nickname" autocomplete="username" maxLength={24} required value={nick()} onInput={(e) => setNick(e.currentTarget.value)} />
          </div>
          <div class="field">
            <label for="si-pw">{ta("password")}</label>
            <input id="si-pw" name="password" type="password" autocomplete="current-password" maxLength={200} required value={password()} onInput={(e) => setPassword(e.currentTarget.value)} />
          </div>
          <button class="btn wide" type="submit" data-auth="password-signin" disabled={busy()}>
            {ta("password.signin")}
          </button>
        </form>
      </details>
      <FormError error={error()} />
    </section>
  );
}

/** Signed in: who, the profile link, sign out here or everywhere. Also used on one's own profile. */
export function SignOutPanel(props: { compact?: boolean }) {
  const { busy, error, run } = useRun();
  return (
    <Show when={me()}>
      {(u) => (
        <section class="panel form" aria-labelledby="so-title" data-signed-in={u().nickname}>
          <h2 id="so-title">{ta("signedIn", { nickname: u().nickname })}</h2>
          <Show when={!props.compact}>
            <a class="btn wide" href={profilePath(u().nickname)} onClick={onLinkClick}>
              {ta("toProfile")}
            </a>
          </Show>
          <div class="row">
            <button type="button" class="btn grow" data-auth="signout" disabled={busy()} onClick={() => void run(() => signOut(false))}>
              {ta("signout")}
            </button>
            <button type="button" class="btn danger grow" data-auth="signout-all" disabled={busy()} onClick={() => void run(() => signOut(true))} aria-describedby="so-all-about">
              {ta("signoutAll")}
            </button>
          </div>
          <small id="so-all-about" class="muted">
            {ta("signoutAll.about")}
          </small>
          <FormError error={error()} />
        </section>
      )}
    </Show>
  );
}

export default function SignIn() {
  const [tab, setTab] = createSignal<"signin" | "signup">("signin");
  return (
    <>
      <Header />
      <main id="main" class="home account">
        <Show when={meKnown()} fallback={<p class="muted center-text" role="status">{t("account.loading")}</p>}>
          <Switch>
            <Match when={me()}>
              <SignOutPanel />
            </Match>
            <Match when={!me()}>
              <p class="tagline">{ta("why")}</p>
              <div class="tabs" role="group" aria-label={ta("title.signin")}>
                <button type="button" class="btn" classList={{ primary: tab() === "signin" }} aria-pressed={tab() === "signin"} data-tab="signin" onClick={() => setTab("signin")}>
                  {ta("tab.signin")}
                </button>
                <button type="button" class="btn" classList={{ primary: tab() === "signup" }} aria-pressed={tab() === "signup"} data-tab="signup" onClick={() => setTab("signup")}>
                  {ta("tab.signup")}
                </button>
              </div>
              <Show when={tab() === "signup"} fallback={<SignInForms />}>
                <SignUp />
              </Show>
            </Match>
          </Switch>
        </Show>
      </main>
    </>
  );
}
