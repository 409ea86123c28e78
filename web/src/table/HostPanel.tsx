/**
 * The live host's screen (RULES.md §5.7): the Confirm button for night, voting and revoting (when the
 * server says `game.host.canConfirm`; highlighted when everyone required has acted), who still has to
 * act, who is connected, and what was confirmed in this stage (the host's view carries every event).
 * The roles are on the oval. Never to be shown to the table.
 * §7.9: where the host's view says `host.fouls`, a Foul and a Remark button per living seat
 * with the seat's foul count; the foul that removes (the view's `foulsToRemove`) is asked first.
 * §6.9: where the preset lets the host remove without warning (`fouls.hostRemoval`, from the
 * build-time preset list), a Remove button per living seat: the host picks the offence, then confirms.
 */
import { createMemo, createSignal, For, Show } from "solid-js";
import { type AnyLogEntry, type GameView, type HostAction, type HostPanel as HostInfo, type LogType, REMOVAL_REASONS, type RemovalReason } from "../../../shared/engine/types.ts";
import type { TableView } from "../../../shared/protocol/messages.ts";
import { has, t, tk } from "../i18n/index.ts";
import { type Ask, ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { formatEntry } from "./GameLog.tsx";
import { rolesFrom } from "./logText.ts";
import { type FoulRow, hostFouls } from "./turns.ts";
import { allowsHostRemoval } from "./advisor.ts";
import { isSeatPeer } from "../../../shared/media/peers.ts";
import type { ServerClock } from "../lib/clock.ts";
import { createNow } from "./presence.ts";
import { shownName } from "./names.ts";

/** Events that open a stage: what comes after them is "this stage". */
const OPENERS = new Set<LogType>(["day-started", "night-fell", "checks-started", "voting-started", "lift-vote-started", "speech-started", "dealing-started"]);

export type { HostInfo };

/** The live host's panel of this view (only the host's view carries one). */
export function hostInfo(g: GameView | null | undefined): HostInfo | null {
  return g?.host ?? null;
}

/** §7.9 a foul and a remark per living seat; the removing foul asks first (the card is shown, no farewell). */
function HostFouls(props: { game: GameView; busy: boolean; onHost: (a: Exclude<HostAction, { type: "confirm" }>) => void }) {
  const fouls = createMemo(() => hostFouls(props.game));
  const [ask, setAsk] = createSignal<Ask | null>(null);
  const foul = (r: FoulRow) => {
    const send = () => props.onHost({ type: "foul", seat: r.seat });
    if (!r.removes) return send();
    setAsk({ title: t("host.foul.removeTitle", { seat: r.seat }), text: t("host.foul.removeText", { seat: r.seat, nickname: shownName(r.nickname), n: r.fouls + 1 }), confirm: t("host.foul.removeConfirm"), run: send });
  };
  // §6.9 removal without warning: the offence is chosen in the dialog (public: the table hears it), then confirmed.
  const removal = () => allowsHostRemoval(props.game.presetId);
  const [offence, setOffence] = createSignal<RemovalReason | null>(null);
  const remove = (r: FoulRow) => {
    setOffence(null);
    setAsk({
      title: t("host.remove.title", { seat: r.seat }),
      text: t("host.remove.text", { seat: r.seat, nickname: shownName(r.nickname) }),
      confirm: t("host.remove.confirm"),
      ready: () => offence() !== null,
      body: () => (
        <fieldset class="choice offences" data-host-remove-offences={r.seat}>
          <legend>{t("host.remove.offence")}</legend>
          <For each={REMOVAL_REASONS}>
            {(o) => (
              <label class="radio">
                <input type="radio" name="host-remove-offence" value={o} checked={offence() === o} onChange={() => setOffence(o)} data-host-remove-offence={o} />
                <span>{tk("offence", o)}</span>
              </label>
            )}
          </For>
        </fieldset>
      ),
      run: () => {
        const o = offence();
        if (o) props.onHost({ type: "remove", seat: r.seat, offence: o });
      },
    });
  };
  return (
    <Show when={fouls()}>
      {(f) => (
        <section class="host-fouls" classList={{ removal: removal() }} aria-labelledby="host-fouls-title" data-host-fouls={f().open ? "open" : "closed"}>
          <h3 id="host-fouls-title">{t("host.fouls.title")}</h3>
          <Show when={!f().open}>
            <p class="muted small">{t("host.fouls.closed")}</p>
          </Show>
          <ul class="foul-rows">
            <For each={f().rows}>
              {(r) => (
                <li data-foul-seat={r.seat} data-fouls={r.fouls}>
                  <span class="who">
                    <strong>{r.seat}</strong> {shownName(r.nickname)}
                  </span>
                  <span class="count" classList={{ hot: r.removes }}>{r.fouls > 0 ? t("seat.fouls", { n: r.fouls }) : ""}</span>
                  <button type="button" class="btn small" classList={{ danger: r.removes }} data-host-foul={r.seat} aria-label={t("host.foul.label", { seat: r.seat })} disabled={props.busy || !f().open} onClick={() => foul(r)}>
                    {t("host.foul")}
                  </button>
                  <button type="button" class="btn small ghost" data-host-remark={r.seat} aria-label={t("host.remark.label", { seat: r.seat })} disabled={props.busy || !f().open} onClick={() => props.onHost({ type: "remark", seat: r.seat })}>
                    {t("host.remark")}
                  </button>
                  <Show when={removal()}>
                    <button type="button" class="btn small danger" data-host-remove={r.seat} aria-label={t("host.remove.label", { seat: r.seat })} title={t("host.remove.label", { seat: r.seat })} disabled={props.busy || !f().open} onClick={() => remove(r)}>
                      {t("host.remove")}
                    </button>
                  </Show>
                </li>
              )}
            </For>
          </ul>
          <ConfirmDialog ask={ask()} onClose={() => setAsk(null)} />
        </section>
      )}
    </Show>
  );
}

/**
 * RULES.md §8 the host's mute: each seat whose microphone the floor opens now (a speaker, a
 * shouter, the black team at night…) with "Mute"; a muted seat stays muted for the rest of the speech or
 * stage (the view's floor says which). A discipline tool: the table's log shows it as a remark.
 */
function HostMutes(props: { game: GameView; busy: boolean; onHost: (a: Exclude<HostAction, { type: "confirm" }>) => void }) {
  const rows = createMemo(() => {
    const live = new Set<number>();
    for (const c of props.game.floor.channels) for (const x of c.speakers) if (isSeatPeer(x)) live.add(x);
    const muted = props.game.floor.muted ?? [];
    return [...new Set([...live, ...muted])].sort((a, b) => a - b).map((seat) => ({ seat, muted: muted.includes(seat), nickname: shownName(props.game.seats[seat - 1]?.nickname) }));
  });
  return (
    <Show when={!props.game.result}>
      <section class="host-mutes" aria-labelledby="host-mutes-title" data-host-mutes>
        <h3 id="host-mutes-title">{t("host.mute.title")}</h3>
        <Show when={rows().length} fallback={<p class="muted small">{t("host.mute.none")}</p>}>
          <ul class="foul-rows">
            <For each={rows()}>
              {(r) => (
                <li data-mute-seat={r.seat}>
                  <span class="who">
                    <strong>{r.seat}</strong> {shownName(r.nickname)}
                  </span>
                  <button type="button" class="btn small" data-host-mute={r.seat} aria-label={t("host.mute.label", { seat: r.seat })} aria-pressed={r.muted} disabled={props.busy || r.muted} onClick={() => props.onHost({ type: "mute", seat: r.seat })}>
                    {r.muted ? t("host.mute.done") : t("host.mute")}
                  </button>
                </li>
              )}
            </For>
          </ul>
        </Show>
      </section>
    </Show>
  );
}

/**
 * §5.7: "Undo" for the host's last foul or remark, shown until the server's `undo.until`
 * (10 s after it; `now`: the server clock, ticking).
 */
function HostUndo(props: { info: HostInfo; now: number; busy: boolean; onHost: (a: Exclude<HostAction, { type: "confirm" }>) => void }) {
  const undo = () => {
    const u = props.info.undo;
    return u && props.now < u.until ? u : null;
  };
  return (
    <Show when={undo()}>
      {(u) => (
        <p class="row host-undo" data-host-undo={u().seat} data-undo-kind={u().kind}>
          <span>{u().kind === "foul" ? t("host.undo.foul", { seat: u().seat }) : t("host.undo.remark", { seat: u().seat })}</span>
          <button type="button" class="btn small" data-host-undo-button disabled={props.busy} onClick={() => props.onHost({ type: "undo" })}>
            ↶ {t("host.undo")} ({Math.max(1, Math.ceil((u().until - props.now) / 1000))})
          </button>
        </p>
      )}
    </Show>
  );
}

/**
 * The script line for a phase: its own (the catalogue has `host.script.<phase>`), a night
 * step's (the view says it is night), or the general one. No list of phase ids here.
 */
export function scriptKey(game: Pick<GameView, "phase" | "night">): string {
  if (has(`host.script.${game.phase}`)) return game.phase;
  if (game.night) return "night";
  return "other";
}

export function HostPanel(props: { view: TableView; game: GameView; busy: boolean; clock: ServerClock; onConfirm: () => void; onHost: (a: Exclude<HostAction, { type: "confirm" }>) => void }) {
  const info = () => hostInfo(props.game);
  // The undo's 10 s, counted down every second on the server's clock.
  const now = createNow(props.clock, 1000);
  // §5.7 a confirm while players still have to act is "end it now": asked first, naming how many.
  const [ask, setAsk] = createSignal<Ask | null>(null);
  const confirm = () => {
    const i = info();
    if (!i || i.waiting || i.remaining === 0) return props.onConfirm();
    const vote = props.game.ballot !== null;
    setAsk({
      title: vote ? t("host.endNow.vote", { n: i.remaining }) : t("host.endNow.act", { n: i.remaining }),
      text: t("host.endNow.text"),
      confirm: t("host.endNow.confirm"),
      run: () => props.onHost({ type: "end-now" }),
    });
  };
  const stage = createMemo<AnyLogEntry[]>(() => {
    const log = props.game.log;
    let i = log.length - 1;
    while (i >= 0 && !OPENERS.has(log[i]!.type)) i--;
    return log.slice(Math.max(0, i));
  });
  const people = () => props.view.lobby.filter((p) => !p.bot);
  const online = () => people().filter((p) => p.connected).length;
  return (
    <section class="panel host-panel" aria-labelledby="host-title" data-host-panel>
      <h2 id="host-title">{t("host.title")}</h2>
      {/* What the host says now — a short script for the stage (RULES.md §5.7), in the page's language. */}
      <p class="host-script" data-host-script={scriptKey(props.game)} aria-live="polite">
        <span class="muted small">{t("host.script.say")} </span>
        {tk("host.script", scriptKey(props.game), { seat: props.game.speaker ?? "" })}
      </p>
      <p class="muted small">{t("host.private")}</p>
      <Show when={info()?.canConfirm}>
        <button type="button" class="btn wide" classList={{ primary: info()!.waiting, ready: info()!.waiting }} data-host-confirm={info()!.waiting ? "ready" : "early"} data-remaining={info()!.remaining} disabled={props.busy} onClick={confirm}>
          ✔ {info()!.waiting ? t("host.confirmReady") : t("host.confirm")}
        </button>
        <Show when={info()!.remaining > 0}>
          <p class="muted small" data-host-remaining={info()!.remaining}>{t("host.remaining", { n: info()!.remaining })}</p>
        </Show>
        <Show when={info()!.endingAfter}>{(s) => <p class="small" data-host-ending-after={s()}>{t("host.endingAfter", { seat: s() })}</p>}</Show>
      </Show>
      <ConfirmDialog ask={ask()} onClose={() => setAsk(null)} />
      <Show when={info()}>{(i) => <HostUndo info={i()} now={now()} busy={props.busy} onHost={props.onHost} />}</Show>
      <p data-pending={(info()?.pending ?? []).join(",")}>
        <strong>{t("host.pending")}</strong> {(info()?.pending ?? []).length ? (info()?.pending ?? []).join(", ") : t("host.nobody")}
      </p>
      <p>
        <strong>{t("host.connected")}</strong> {t("host.online", { n: online(), total: people().length })}
      </p>
      <HostMutes game={props.game} busy={props.busy} onHost={props.onHost} />
      <HostFouls game={props.game} busy={props.busy} onHost={props.onHost} />
      <h3>{t("host.stage")}</h3>
      <ol class="entries stage">
        <For each={stage()}>{(e) => <li data-event={e.type}>{formatEntry(e, { seat: null, roles: rolesFrom(props.game.seats) })}</li>}</For>
      </ol>
    </section>
  );
}
