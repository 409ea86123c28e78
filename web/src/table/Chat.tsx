/**
 * "Chat where the floor allows it": the table's chat panel — the lobby's and the after-game
 * chat for everyone, the spectators' chat during a game (the view's `chat` says whether this page has one
 * and may write in it, as the table decides; the server sends nothing to a page that has none). Lines are plain text: nothing is linkified or
 * parsed. A line is one line (RULES.md §8 Chat): the table sends no line break, and its text is a
 * bidi isolate after the name the table gave it, so nothing in it can move or mimic a name. The organizer (or live host) has a mute button on each line of another sender. The lines are a
 * `role="log"` region (polite): a screen reader reads each new line once.
 */
import { createEffect, createSignal, For, on, Show, type JSX } from "solid-js";
import { CHAT_MAX, chatLine } from "../../../shared/protocol/chat.ts";
import type { ChatEntry } from "../../../shared/protocol/messages.ts";
import { t } from "../i18n/index.ts";
import { chatKeyKind } from "./chat.ts";
import type { TableController } from "./controller.ts";

function nameOf(e: ChatEntry): string {
  const k = chatKeyKind(e.key);
  if (k.kind === "spectator") return t("chat.spectator", { n: k.n ?? 0 });
  if (k.kind === "host") return t("chat.host");
  if (k.kind === "organizer") return t("chat.organizer");
  return e.name;
}

export function ChatPanel(props: { ctl: TableController }) {
  const st = props.ctl.state;
  const shown = () => st.view?.chat ?? null;
  const [text, setText] = createSignal("");
  let list: HTMLDivElement | undefined;
  // Keep the newest line in view as lines arrive.
  createEffect(on(() => st.chat.entries.length, () => list && (list.scrollTop = list.scrollHeight)));
  const submit: JSX.EventHandler<HTMLFormElement, SubmitEvent> = (e) => {
    e.preventDefault();
    const s = chatLine(text());
    if (!s || !shown()?.write) return;
    props.ctl.chat(s);
    setText("");
  };
  const organizing = () => !!st.view?.organizing;
  /** This page's own line (no mute button on it): the organizer's or host's key, or this player's nickname (unique at a table). */
  const own = (e: ChatEntry) => e.key === "o" || e.key === "h" || (st.identity?.kind === "player" && e.key.startsWith("p") && e.name === st.identity.nickname);
  return (
    <Show when={shown()}>
      {(c) => (
        <section class="panel chat" aria-labelledby="chat-title" data-chat={c().channel}>
          <h2 id="chat-title">{c().channel === "table" ? t("chat.title.table") : t("chat.title.spectators")}</h2>
          <p class="muted small">{c().channel === "table" ? t("chat.about.table") : t("chat.about.spectators")}</p>
          <div class="chat-log" role="log" aria-live="polite" aria-labelledby="chat-title" ref={list} tabIndex={0} data-chat-list>
          <ol class="chat-list">
            <For each={st.chat.channel === c().channel ? st.chat.entries : []} fallback={<li class="muted small" data-chat-empty>{t("chat.empty")}</li>}>
              {(e) => {
                const muted = () => st.chat.muted.includes(e.key);
                return (
                  <li data-chat-entry={e.id} data-chat-key={e.key}>
                    <strong class="chat-name"><bdi>{nameOf(e)}</bdi></strong>
                    <Show when={organizing() && muted()}>
                      <span class="muted small" data-chat-muted> ({t("chat.muted")})</span>
                    </Show>
                    {": "}
                    <bdi class="chat-text">{e.text}</bdi>
                    <Show when={organizing() && !own(e)}>
                      <button
                        type="button"
                        class="btn small chat-mute"
                        aria-label={muted() ? t("chat.unmute.label", { name: nameOf(e) }) : t("chat.mute.label", { name: nameOf(e) })}
                        data-chat-mute={e.key}
                        onClick={() => props.ctl.chatMute(e.key, !muted())}
                      >
                        {muted() ? t("chat.unmute") : t("chat.mute")}
                      </button>
                    </Show>
                  </li>
                );
              }}
            </For>
          </ol>
          </div>
          <Show when={c().write} fallback={<p class="muted small" role="status" data-chat-readonly>{t("chat.readOnly")}</p>}>
            <form class="row" onSubmit={submit} data-chat-form>
              <label class="sr-only" for="chat-text">{t("chat.label")}</label>
              <input id="chat-text" class="grow" maxLength={CHAT_MAX} autocomplete="off" enterkeyhint="send" value={text()} onInput={(e) => setText(e.currentTarget.value)} />
              <button class="btn" type="submit" disabled={!chatLine(text()) || st.conn !== "open"}>
                {t("chat.send")}
              </button>
            </form>
          </Show>
        </section>
      )}
    </Show>
  );
}
