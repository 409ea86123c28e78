/**
 * The organizer's controls (RULES.md §5.1), shown only while `view.organizing` is true: pause and
 * resume, pause to wait for an absent player, hand an absent seat to a bot (irrevocable — asked in a
 * dialog), give the organizer rights to another player, and the table options the organizer may change.
 * Every button is a `control` frame; the server decides (refusals come back as notices).
 */
import { createMemo, createSignal, For, Show } from "solid-js";
import type { LobbySeatView, TableView } from "../../../shared/protocol/messages.ts";
import type { BotLevel } from "../../../shared/bots/levels.ts";
import { lang, t } from "../i18n/index.ts";
import type { botLevelText } from "../lib/bot-levels.ts";
import { type Ask, ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import type { TableController } from "./controller.ts";
import { shownName } from "./names.ts";
import { awayText } from "./presence.ts";

export function OrganizerPanel(props: { view: TableView; ctl: TableController; now: () => number; busy: boolean; start?: string | null }) {
  const [ask, setAsk] = createSignal<Ask | null>(null);
  const game = () => props.view.game;
  const running = () => !!game() && !game()!.result;
  // In seat order once seats are drawn (join order in the lobby).
  const people = createMemo(() => props.view.lobby.filter((p) => !p.organizer).sort((a, b) => (a.seat ?? a.place) - (b.seat ?? b.place)));
  const humans = createMemo(() => people().filter((p) => !p.bot));
  const [transferTo, setTransferTo] = createSignal<number | null>(null);
  const [minutes, setMinutes] = createSignal(props.view.options.botAfterMinutesAway ?? 5);
  /** The bot levels' lines, a chunk of their own loaded here (web/src/lib/bot-levels.ts) — in no page's first JS. */
  const [levels, setLevels] = createSignal<typeof import("../lib/bot-levels.ts")>();
  void import("../lib/bot-levels.ts").then((m) => setLevels(() => m), () => undefined);
  const lv = (key: Parameters<typeof botLevelText>[1]) => levels()?.botLevelText(lang(), key) ?? "";

  const label = (p: LobbySeatView) => (p.seat != null ? t("seat.n", { seat: p.seat }) : t("wait.place", { place: p.place })) + " · " + shownName(p.nickname, p.bot);

  const toBot = (p: LobbySeatView) =>
    setAsk({
      title: t("org.bot.title", { seat: p.seat ?? p.place, nickname: shownName(p.nickname, p.bot) }),
      text: t("org.bot.text"),
      confirm: t("org.bot.confirm"),
      run: () => props.ctl.control({ type: "seat-to-bot", seat: p.seat! }),
    });
  const transfer = () => {
    const p = humans().find((x) => x.place === transferTo());
    if (!p) return;
    setAsk({
      title: t("org.transfer.title", { nickname: shownName(p.nickname, p.bot) }),
      text: t("org.transfer.text"),
      confirm: t("org.transfer.confirm"),
      run: () => props.ctl.control({ type: "transfer-organizer", place: p.place }),
    });
  };
  const setBotAfter = (on: boolean, m = minutes()) => {
    const n = Math.min(120, Math.max(1, Math.round(m) || 5));
    setMinutes(n);
    props.ctl.control({ type: "options", botAfterMinutesAway: on ? n : null });
  };

  return (
    <section class="panel organizer" aria-labelledby="org-title" data-organizer>
      <h2 id="org-title">{t("org.title")}</h2>
      {/* The Start button of a table started by the organizer's command is in the waiting room, next to "Fill with bots" (StartRow). */}
      <Show when={running()}>
        <div class="row">
          <Show
            when={props.view.pause || game()?.paused}
            fallback={
              <button type="button" class="btn grow" data-control="pause" disabled={props.busy} onClick={() => props.ctl.control({ type: "pause" })}>
                ❚❚ {t("org.pause")}
              </button>
            }
          >
            <button type="button" class="btn primary grow" data-control="resume" disabled={props.busy} onClick={() => props.ctl.control({ type: "resume" })}>
              ▶ {t("org.resume")}
            </button>
          </Show>
        </div>
      </Show>
      <h3>{t("org.people")}</h3>
      <ul class="list org-people">
        <For each={people()}>
          {(p) => (
            <li class="row" data-org-seat={p.seat ?? ""} data-connected={p.connected ? "yes" : "no"} classList={{ away: !p.connected }}>
              <div class="grow">
                <strong>{label(p)}</strong>
                <br />
                <small class="muted">{p.bot ? "⚙ " + t("seat.bot") + (p.botLevel ? " · " + lv(p.botLevel) : "") : (p.connected ? "● " : "◌ ") + awayText(p.awaySince, props.now(), undefined, p.neverConnected)}</small>
              </div>
              <Show when={running() && !p.bot && !p.connected && p.seat != null}>
                <Show when={!props.view.pause && !game()?.paused}>
                  <button type="button" class="btn small" data-control="pause-for" disabled={props.busy} onClick={() => props.ctl.control({ type: "pause", absentSeat: p.seat! })}>
                    {t("org.wait")}
                  </button>
                </Show>
                <button type="button" class="btn small danger" data-control="to-bot" disabled={props.busy} onClick={() => toBot(p)}>
                  ⚙ {t("org.bot")}
                </button>
              </Show>
            </li>
          )}
        </For>
      </ul>
      <Show when={props.view.host === "server" && humans().length > 0}>
        <div class="field">
          <label for="org-transfer">{t("org.transfer")}</label>
          <div class="row">
            <select id="org-transfer" class="grow" onChange={(e) => setTransferTo(Number(e.currentTarget.value) || null)}>
              <option value="">—</option>
              <For each={humans()}>{(p) => <option value={p.place}>{label(p)}</option>}</For>
            </select>
            <button type="button" class="btn small" data-control="transfer" disabled={props.busy || transferTo() == null} onClick={transfer}>
              {t("org.transfer.go")}
            </button>
          </div>
        </div>
      </Show>
      <details class="org-options">
        <summary>{t("org.options")}</summary>
        <div class="field setting">
          <label class="check">
            <input type="checkbox" name="org-same-device" checked={props.view.options.allowSameDevice} onChange={(e) => props.ctl.control({ type: "options", allowSameDevice: e.currentTarget.checked })} />
            <span>{t("create.sameDevice")}</span>
          </label>
        </div>
        <div class="field setting">
          <label class="check">
            <input type="checkbox" name="org-bot-after" checked={props.view.options.botAfterMinutesAway != null} onChange={(e) => setBotAfter(e.currentTarget.checked)} />
            <span>{t("create.botAfter")}</span>
          </label>
          <label class="inline">
            <input type="number" min={1} max={120} value={props.view.options.botAfterMinutesAway ?? minutes()} disabled={props.view.options.botAfterMinutesAway == null} onChange={(e) => setBotAfter(true, e.currentTarget.valueAsNumber)} />
            <span>{t("create.minutes")}</span>
          </label>
        </div>
        {/* The bots' level — every bot without a level of its own plays at it from its next move. */}
        <div class="field setting">
          <label for="org-bot-level">{lv("label")}</label>
          <select id="org-bot-level" name="org-bot-level" onChange={(e) => props.ctl.control({ type: "options", botLevel: e.currentTarget.value as BotLevel })}>
            <For each={levels()?.LEVELS}>{(l) => <option value={l} selected={l === props.view.options.botLevel}>{lv(l)}</option>}</For>
          </select>
        </div>
        {/* The media options (docs/MEDIA.md "Table options"). */}
        <div class="field setting">
          <label class="check">
            <input type="checkbox" name="org-recording" checked={props.view.options.recording} onChange={(e) => props.ctl.control({ type: "options", recording: e.currentTarget.checked })} />
            <span>{t("org.recording")}</span>
          </label>
        </div>
        <div class="field setting">
          <label class="check">
            <input type="checkbox" name="org-dead-hear" checked={props.view.options.deadHear} onChange={(e) => props.ctl.control({ type: "options", deadHear: e.currentTarget.checked })} />
            <span>{t("org.deadHear")}</span>
          </label>
        </div>
        <div class="field setting">
          <label class="check">
            <input type="checkbox" name="org-spectators-hear" checked={props.view.options.spectatorsHear} onChange={(e) => props.ctl.control({ type: "options", spectatorsHear: e.currentTarget.checked })} />
            <span>{t("org.spectatorsHear")}</span>
          </label>
        </div>
        <p class="muted small">{t("org.delay", { n: props.view.options.spectatorDelaySeconds })}</p>
      </details>
      <ConfirmDialog ask={ask()} onClose={() => setAsk(null)} />
    </section>
  );
}
