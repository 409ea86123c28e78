/**
 * RULES.md §7.10 the consigliere on the table page: the player's "Invite a consigliere"
 * (the one-time code to share, revoke; in the lobby only, as the server binds none after the deal), the
 * player's consent to an invitation the organizer made for their seat, the consigliere's banner ("You advise seat N"), the whisper
 * panel of the pair (closed at night and during the player's own speech, saying why), and, for a
 * visitor who came by a `/t/CODE?consigliere` link, the form that joins with the code.
 */
import { createResource, createSignal, For, type JSX, Show } from "solid-js";
import { WHISPER_MAX } from "../../../shared/protocol/messages.ts";
import { whisperClosed } from "../../../shared/protocol/whisper.ts";
import { FormError, joinAsConsigliere, needName, NicknameField, useSubmit } from "../home/forms.tsx";
import { t } from "../i18n/index.ts";
import { api } from "../lib/api.ts";
import type { SavedTable } from "../lib/seats-store.ts";
import type { TableController } from "./controller.ts";
import { allowsConsigliere } from "./advisor.ts";
import { shownName } from "./names.ts";


/** Whether this page was opened by a consigliere's link (`/t/CODE?consigliere`). */
const byConsigliereLink = (): boolean => typeof location !== "undefined" && new URLSearchParams(location.search).has("consigliere");

export function ConsiglierePanel(props: { ctl: TableController; saved: SavedTable | null | undefined; onSeated?: ((s: SavedTable) => void) | undefined }) {
  const st = props.ctl.state;
  const view = () => st.view;
  const kind = () => st.identity?.kind;
  return (
    <Show when={view() && allowsConsigliere(view()!.presetId) ? view() : null}>
      {(v) => (
        <>
          <Show when={kind() === "consigliere" && v().advising}>
            {(a) => (
              <p class="banner advising" role="status" data-advising={a().seat ?? ""}>
                {a().seat !== null ? t("consigliere.advising", { seat: a().seat!, nick: shownName(a().nickname) }) : t("consigliere.advisingLobby", { nick: shownName(a().nickname) })}
              </p>
            )}
          </Show>
          <Show when={v().status === "lobby" && v().lobby.some((p) => p.needsConsigliere) ? v() : null}>
            {(lv) => (
              <NeedsConsigliere
                code={props.ctl.code}
                names={lv().lobby.filter((p) => p.needsConsigliere).map((p) => shownName(p.nickname, p.bot))}
                token={kind() === "player" && lv().lobby.some((p) => p.needsConsigliere && p.nickname === (st.identity as { nickname?: string }).nickname) ? (props.saved?.token ?? null) : null}
                organizerToken={lv().organizing || kind() === "host" ? (props.saved?.token ?? null) : null}
              />
            )}
          </Show>
          <Show when={kind() === "player" && props.saved?.token}>
            {(token) => {
              const mine = () => v().lobby.find((p) => p.nickname === (st.identity as { nickname?: string }).nickname);
              return (
                <Show when={v().status === "lobby" || mine()?.consigliere}>
                  <InviteBox code={props.ctl.code} token={token()} advisor={mine()?.consigliere ?? null} invited={mine()?.consigliereInvited === true} />
                </Show>
              );
            }}
          </Show>
          <Show when={(kind() === "player" && v().lobby.some((p) => p.nickname === (st.identity as { nickname?: string }).nickname && p.consigliere)) || kind() === "consigliere"}>
            <WhisperBox ctl={props.ctl} />
          </Show>
          <Show when={!props.saved && kind() === "spectator" && byConsigliereLink()}>
            <ConsigliereJoinForm code={props.ctl.code} onSeated={props.onSeated} />
          </Show>
        </>
      )}
    </Show>
  );
}

/**
 * RULES.md §7.10: a rating table waits for every newcomer's consigliere. Everyone (the organizer
 * and the host included) sees who needs one; the newcomer (`token`) also sees the club's advising members
 * and asks one — the member accepts on the evening's page — or invites someone with a code (InviteBox).
 */
function NeedsConsigliere(props: { code: string; names: string[]; token: string | null; organizerToken: string | null }) {
  const [candidates] = createResource(() => (props.token ? props.code : null), (code) => api.advisors(code).then((r) => r.candidates, () => [] as string[]));
  const [asked, setAsked] = createSignal<string | null>(null);
  const { busy, error, run } = useSubmit();
  // The organizer's (or live host's) invitation for a newcomer's consigliere: the code to pass on.
  const [issued, setIssued] = createSignal<{ nick: string; code: string } | null>(null);
  const link = () => `${location.origin}/t/${props.code}?consigliere`;
  return (
    <section class="panel consigliere needs" aria-labelledby="needs-title" data-needs-consigliere={props.names.join(",")}>
      <h2 id="needs-title">{t("needsConsigliere.title")}</h2>
      <p class="muted small">{t("needsConsigliere.about")}</p>
      <p role="status">
        <strong>{t("needsConsigliere.who", { names: props.names.join(", ") })}</strong>
      </p>
      <Show when={props.token}>
        {(token) => (
          <>
            <p>{t("needsConsigliere.you")}</p>
            <Show when={(candidates() ?? []).length > 0} fallback={<Show when={candidates.state === "ready"}><p class="muted small">{t("needsConsigliere.none")}</p></Show>}>
              <ul class="names" data-advisors>
                <For each={candidates()}>
                  {(nick) => (
                    <li>
                      <button type="button" class="btn" disabled={busy()} data-ask-advisor={nick} onClick={() => run(async () => { await api.consigliereAsk(props.code, token(), nick); setAsked(nick); })}>
                        {t("needsConsigliere.ask", { nick })}
                      </button>
                    </li>
                  )}
                </For>
              </ul>
            </Show>
            <Show when={asked()}>{(nick) => <p role="status" data-asked={nick()}>{t("needsConsigliere.asked", { nick: nick() })}</p>}</Show>
          </>
        )}
      </Show>
      <Show when={props.organizerToken}>
        {(token) => (
          <>
            <ul class="names" data-invite-for-list>
              <For each={props.names}>
                {(nick) => (
                  <li>
                    <button type="button" class="btn" disabled={busy()} data-invite-for={nick} onClick={() => run(async () => setIssued({ nick, code: (await api.consigliereInviteFor(props.code, token(), nick)).code }))}>
                      {t("needsConsigliere.inviteFor", { nick })}
                    </button>
                  </li>
                )}
              </For>
            </ul>
            <Show when={issued()}>
              {(i) => (
                <p role="status" data-invite-for-code={i().code} data-invite-for-nick={i().nick}>
                  {t("needsConsigliere.shareFor", { nick: i().nick })} <code class="code-input">{i().code}</code> — <span class="muted small">{link()}</span>
                </p>
              )}
            </Show>
          </>
        )}
      </Show>
      <FormError error={error()} />
    </section>
  );
}

/**
 * The player: invite (shows the code to share), or the consigliere's name and "Revoke". When the organizer
 * invited a consigliere for this seat, its code binds only once the player accepts here (RULES.md §7.10).
 */
function InviteBox(props: { code: string; token: string; advisor: string | null; invited: boolean }) {
  const [invite, setInvite] = createSignal<string | null>(null);
  const { busy, error, run } = useSubmit();
  const link = () => `${location.origin}/t/${props.code}?consigliere`;
  return (
    <section class="panel consigliere" aria-labelledby="consigliere-title" data-consigliere-box>
      <h2 id="consigliere-title">{t("consigliere.title")}</h2>
      <Show
        when={props.advisor}
        fallback={
          <>
            <p class="muted small">{t("consigliere.about")}</p>
            <Show when={props.invited}>
              <p role="status" data-consigliere-invited>
                {t("consigliere.invited")}{" "}
                <button class="btn primary" type="button" disabled={busy()} data-consent="accept" onClick={() => run(() => api.consigliereConsent(props.code, props.token, true))}>
                  {t("consigliere.consent")}
                </button>{" "}
                <button class="btn" type="button" disabled={busy()} data-consent="decline" onClick={() => run(() => api.consigliereConsent(props.code, props.token, false))}>
                  {t("consigliere.decline")}
                </button>
              </p>
            </Show>
            <Show when={invite()}>
              {(code) => (
                <p role="status" data-invite-code={code()}>
                  {t("consigliere.share", { code: code() })} <code class="code-input">{code()}</code> — <span class="muted small">{link()}</span>
                </p>
              )}
            </Show>
            <button class="btn" type="button" disabled={busy()} data-invite onClick={() => run(async () => setInvite((await api.consigliereInvite(props.code, props.token)).code))}>
              {invite() ? t("consigliere.inviteAgain") : t("consigliere.invite")}
            </button>
          </>
        }
      >
        {(nick) => (
          <p>
            {t("consigliere.yours", { nick: nick() })}{" "}
            <button class="btn" type="button" disabled={busy()} data-revoke onClick={() => run(async () => { await api.consigliereRevoke(props.code, props.token); setInvite(null); })}>
              {t("consigliere.revoke")}
            </button>
          </p>
        )}
      </Show>
      <FormError error={error()} />
    </section>
  );
}

/** The pair's whispers: closed at night and during the player's own speech (the reason shown). */
function WhisperBox(props: { ctl: TableController }) {
  const [text, setText] = createSignal("");
  const closed = () => whisperClosed(props.ctl.state.view?.game ?? null);
  const submit: JSX.EventHandler<HTMLFormElement, SubmitEvent> = (e) => {
    e.preventDefault();
    const s = text().trim();
    if (!s || closed()) return;
    props.ctl.whisper(s);
    setText("");
  };
  return (
    <section class="panel whispers" aria-labelledby="whisper-title" data-whispers>
      <h2 id="whisper-title">{t("whisper.title")}</h2>
      <ul class="whisper-list" aria-live="polite">
        <For each={props.ctl.state.whispers}>
          {(w) => (
            <li data-whisper-from={w.from} classList={{ mine: w.mine }}>
              <strong>{w.mine ? t("whisper.you") : w.from === "consigliere" ? t("whisper.fromConsigliere") : t("whisper.fromPlayer")}:</strong> {w.text}
            </li>
          )}
        </For>
      </ul>
      <Show when={closed()}>{(why) => <p class="muted small" role="status" data-whisper-closed={why()}>{t(`whisper.closed.${why()}`)}</p>}</Show>
      <form class="row" onSubmit={submit}>
        <label class="sr-only" for="whisper-text">{t("whisper.label")}</label>
        <input id="whisper-text" class="grow" maxLength={WHISPER_MAX} autocomplete="off" value={text()} disabled={!!closed()} onInput={(e) => setText(e.currentTarget.value)} />
        <button class="btn" type="submit" disabled={!!closed() || !text().trim()}>
          {t("whisper.send")}
        </button>
      </form>
    </section>
  );
}

/** A visitor by the consigliere link: the code the player shared and a nickname. */
function ConsigliereJoinForm(props: { code: string; onSeated?: ((s: SavedTable) => void) | undefined }) {
  const [code, setCode] = createSignal("");
  const { busy, error, setError, run } = useSubmit();
  const submit: JSX.EventHandler<HTMLFormElement, SubmitEvent> = (e) => {
    e.preventDefault();
    const name = needName(setError);
    if (!name) return;
    void run(async () => props.onSeated?.(await joinAsConsigliere(props.code, code(), name)));
  };
  return (
    <form class="panel form" onSubmit={submit} aria-labelledby="advise-title" data-form="consigliere">
      <h2 id="advise-title">{t("consigliere.joinTitle")}</h2>
      <div class="field">
        <label for="advise-code">{t("consigliere.code")}</label>
        <input id="advise-code" class="code-input" autocomplete="off" autocapitalize="characters" spellcheck={false} required maxLength={32} value={code()} onInput={(e) => setCode(e.currentTarget.value)} />
      </div>
      <NicknameField id="nick" />
      <FormError error={error()} />
      <button class="btn primary wide" type="submit" disabled={busy()}>
        {busy() ? t("home.working") : t("consigliere.join")}
      </button>
    </form>
  );
}
