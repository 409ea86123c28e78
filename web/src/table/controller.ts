/**
 * The table screen's one store and its socket. Every `view` message replaces the store's view with
 * `reconcile`, so only what changed re-renders. The client decides no rule: it shows the view and
 * sends the intents the view offers (`view.game.you.actions`); the server accepts or rejects them.
 *
 * Reconnection: partysocket's ReconnectingWebSocket with nothing queued while closed (the `hello`
 * must be the first frame of every connection, and an action typed while offline should not fire
 * minutes later); the screen says "reconnecting…" whenever the socket is not open.
 */
import ReconnectingWebSocket from "partysocket/ws";
import { batch } from "solid-js";
import { createStore, reconcile } from "solid-js/store";
import type { HostAction, PlayerAction } from "../../../shared/engine/types.ts";
import { CHAT_KEPT } from "../../../shared/protocol/chat.ts";
import type { ChatChannel, ChatEntry, ControlRequest, Identity, ServerMessage, TableAction, TableView } from "../../../shared/protocol/messages.ts";
import { applyViewFrame } from "../../../shared/protocol/view-patch.ts";
import { socketUrl } from "../lib/api.ts";
import { createServerClock, type ServerClock } from "../lib/clock.ts";
import { t } from "../i18n/index.ts";
import { asAdvisor } from "./advisor.ts";
import { intentFrame } from "./frame.ts";
import { labelHidden } from "./hidden.ts";
import { storeTarget } from "./store-view.ts";

export type ConnState = "connecting" | "open" | "reconnecting" | "closed";

export interface Notice {
  /** Error code from the server (or the client's own: "network"). */
  code: string;
  /** The server's message, shown when the catalogue has no entry for the code. */
  message: string;
  at: number;
}

export interface TableState {
  conn: ConnState;
  identity: Identity | null;
  version: number;
  view: TableView | null;
  /** Ref of the action waiting for its ack or error. */
  pending: string | null;
  notice: Notice | null;
  /** The server's final close code (≥ 4000): 4001 seat handed to a bot, 4002 organizer rights moved, … */
  closeCode: number | null;
  /** RULES.md §7.10: the whispers between this player and their consigliere (this page's, newest last). */
  whispers: Whisper[];
  /** The table's chat as the server sends it to this connection (worker/table/chat.ts); `muted`: the organizer's list. */
  chat: { channel: ChatChannel | null; entries: ChatEntry[]; muted: string[] };
}

/** One whisper: from the player or from the consigliere; `mine`: sent from this page. */
export interface Whisper {
  from: "player" | "consigliere";
  text: string;
  at: number;
  mine: boolean;
}

/** Whispers kept on the page (they are never stored by the table). */
const WHISPERS_KEPT = 50;

export interface TableController {
  readonly code: string;
  readonly state: TableState;
  readonly clock: ServerClock;
  act(action: PlayerAction): void;
  /** An organizer's command (pause, resume, seat-to-bot, transfer-organizer, options). */
  control(action: ControlRequest): void;
  /** The live host confirms the transition (RULES.md §5.7). */
  confirm(): void;
  /** The live host's foul or remark to a seat (RULES.md §7.9). */
  host(action: Exclude<HostAction, { type: "confirm" }>): void;
  /** A seated player's request to the table (play again after the end). */
  table(action: TableAction): void;
  /** A whisper to the other of the pair (player ↔ consigliere, RULES.md §7.10). */
  whisper(text: string): void;
  /** A line to this connection's chat channel. */
  chat(text: string): void;
  /** The organizer mutes or unmutes a chat sender by their public key. */
  chatMute(key: string, muted: boolean): void;
  /** Sends one signal frame (already JSON, starting with `{"type":"signal"`) when the socket is open. */
  signal(text: string): void;
  /** Hands every incoming `signal` frame to `fn`; returns the unsubscribe. */
  onSignal(fn: (msg: Extract<ServerMessage, { type: "signal" }>) => void): () => void;
  /** Calls `fn` with every new view as it arrives, before the page renders it (the media's floor). */
  onViewFrame(fn: (view: TableView) => void): () => void;
  /** Calls `fn` when the table refuses this page's media (`media-closed`, `media-full`). */
  onMediaRefused(fn: (code: "media-closed" | "media-full") => void): () => void;
  /** Calls `fn` when the table says this player's media are on another tab or device (`media-elsewhere`). */
  onMediaElsewhere(fn: () => void): () => void;
  /** performance.now() when the newest view arrived (floor change → media switched). */
  readonly viewAt: number;
  /** The ICE servers of the table's media, from a seated player's welcome (none: one machine or a LAN). */
  readonly iceServers: RTCIceServer[];
  /** The table's media plane from a seated player's welcome: the mesh, or the SFU (docs/MEDIA.md §6). */
  readonly mediaMode: "mesh" | "sfu";
  /** This connection's media peer from the welcome (shared/media/peers.ts), when the server names it. */
  readonly mediaPeer: number | null;
  /** The SFU plane: hands every incoming `sfu` frame to `fn`; returns the unsubscribe. */
  onSfu(fn: (msg: Extract<ServerMessage, { type: "sfu" }>) => void): () => void;
  dismiss(): void;
  dispose(): void;
}

/** Close codes at or above 4000 are the server's final word (bad token, seat handed to a bot …). */
const FINAL_CLOSE = 4000;

export function connectTable(code: string, token: string | null): TableController {
  const [state, setState] = createStore<TableState>({
    conn: "connecting",
    identity: null,
    version: -1,
    view: null,
    pending: null,
    notice: null,
    closeCode: null,
    whispers: [],
    chat: { channel: null, entries: [], muted: [] },
  });
  const addWhisper = (w: Whisper) => setState("whispers", (list) => [...list, w].slice(-WHISPERS_KEPT));
  const clock = createServerClock();
  let refSeq = 0;
  /** The last full view (plain data, outside the store) that log deltas are merged into and patches applied to, and its version. */
  let full: TableView | null = null;
  let fullVersion = -1;
  /** The view the store was last given (plain data, before the store's copy): what the next one is compared with. */
  let given: TableView | null = null;
  /** A `sync` was sent after a frame that did not follow; patches wait for the full view it brings. */
  let resyncing = false;
  let syncAt = 0;
  const sendSync = () => {
    resyncing = true;
    syncAt = performance.now();
    ws.send(JSON.stringify({ type: "sync" }));
  };
  let noticeTimer: ReturnType<typeof setTimeout> | undefined;
  const signalListeners = new Set<(msg: Extract<ServerMessage, { type: "signal" }>) => void>();
  const viewListeners = new Set<(view: TableView) => void>();
  const elsewhereListeners = new Set<() => void>();
  const refusedListeners = new Set<(code: "media-closed" | "media-full") => void>();
  let viewAt = 0;
  let iceServers: RTCIceServer[] = [];
  let mediaMode: "mesh" | "sfu" = "mesh";
  let mediaPeer: number | null = null;
  const sfuListeners = new Set<(msg: Extract<ServerMessage, { type: "sfu" }>) => void>();

  const notify = (notice: Notice | null) => {
    clearTimeout(noticeTimer);
    setState("notice", notice);
    if (notice) noticeTimer = setTimeout(() => setState("notice", null), 8000);
  };

  const ws = new ReconnectingWebSocket(() => socketUrl(code), undefined, {
    maxEnqueuedMessages: 0,
    minReconnectionDelay: 400,
    maxReconnectionDelay: 5000,
    reconnectionDelayGrowFactor: 1.6,
    connectionTimeout: 5000,
    shouldReconnectOnClose: (e) => e.code < FINAL_CLOSE,
  });

  ws.addEventListener("open", () => {
    clock.reset();
    ws.send(JSON.stringify(token ? { type: "hello", token } : { type: "hello" }));
  });

  /** A close this page decided on (bad-token): the code the browser reports for a socket the page
   *  closed itself is whatever the server echoed (workerd: not always ours), so remember our own. */
  let ownClose: { code: number; reason: string } | null = null;
  ws.addEventListener("close", (ev) => {
    const e = ownClose ?? { code: ev.code, reason: ev.reason };
    const final = e.code >= FINAL_CLOSE;
    batch(() => {
      setState("pending", null);
      setState("conn", final ? "closed" : state.view ? "reconnecting" : "connecting");
      if (final) setState("closeCode", e.code);
      // 4001/4002/4003 come right after their own error frame (already shown); other final closes say why.
      if (final && e.code !== 4001 && e.code !== 4002 && e.code !== 4003 && e.reason !== "bad-token") notify({ code: e.reason || "generic", message: e.reason, at: Date.now() });
    });
  });

  ws.addEventListener("message", (e: MessageEvent) => {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(String(e.data)) as ServerMessage;
    } catch {
      return;
    }
    switch (msg.type) {
      case "welcome":
        clock.sample(msg.serverNow);
        iceServers = msg.media?.iceServers ?? [];
        mediaMode = msg.media?.mode ?? "mesh";
        mediaPeer = msg.media?.peer ?? null;
        batch(() => {
          setState("identity", msg.identity);
          setState("conn", "open");
          // A new connection restarts the version sequence only if the server says so; accept any.
          setState("version", -1);
        });
        return;
      case "view":
      case "patch": {
        clock.sample(msg.serverNow);
        // This page's own input is acked inside its view frame (docs/PROTOCOL.md "Acks"): the input is
        // settled even when the frame itself is not applied below (stale, or a patch awaiting a sync).
        const acked = msg.ack !== undefined && msg.ack === state.pending;
        const settle = () => acked && setState("pending", null);
        // Equal versions are welcome: after a quiet change (a night action, a closed ballot) the
        // server sends the new view only to those it concerns, under the same version. Frames on one
        // socket arrive in order, so only an older version is stale.
        if (msg.version < state.version) return void settle();
        if (msg.type === "patch" && resyncing) {
          // The sync may have been refused (a busy socket's budget) or lost with a reconnect: ask again,
          // at most once a second, so a page never stays behind its table.
          if (performance.now() - syncAt > 1000) sendSync();
          return void settle();
        }
        // Log deltas and patches (docs/PROTOCOL.md "View patches"): rebuild the whole view from the one
        // we hold; if a frame was missed (the patch's base is not our version), ask for the whole view
        // once (the version is not advanced meanwhile).
        const next = applyViewFrame(full ? { version: fullVersion, view: full } : null, msg);
        if (next === null) {
          if (!resyncing) sendSync();
          return void settle();
        }
        if (msg.type === "view") resyncing = false;
        const merged = next.view;
        // The table's status changed (a game started or ended): the chat's lines of before are not
        // this channel's; the server sends the new channel's history right after the view, if this page has one.
        if (full && full.status !== merged.status) setState("chat", { channel: null, entries: [] });
        full = merged;
        fullVersion = next.version;
        viewAt = performance.now();
        // The media take the new floor before the page renders it (a first word is not kept
        // waiting for the board's re-render on a busy phone).
        for (const fn of viewListeners) fn(merged);
        batch(() => {
          settle();
          setState("conn", "open");
          setState("version", msg.version);
          // §7.10 a consigliere's page offers the seat's vote or night action (you.advice) as its actions.
          // A finished game's opted-out seat comes without a nick; it is "Player {seat}" here.
          const shown = labelHidden(merged, (seat) => t("seat.hidden", { seat }));
          const view = state.identity?.kind === "consigliere" ? asAdvisor(shown) : shown;
          // The store gets its own copy of what changed (store-view.ts): reconcile adopts and later mutates
          // the objects it is given, and a patched view shares its unchanged parts with the view the next
          // patch applies to; what did not change stays the store's own node, where reconcile stops.
          setState("view", reconcile(storeTarget(view, given, state.view) as TableView));
          given = view;
        });
        return;
      }
      case "signal":
        for (const fn of signalListeners) fn(msg);
        return;
      case "sfu":
        for (const fn of sfuListeners) fn(msg);
        return;
      case "ack":
        if (msg.ref === state.pending) setState("pending", null);
        return;
      case "whisper":
        addWhisper({ from: msg.from, text: msg.text, at: msg.at, mine: false });
        return;
      case "chat":
        batch(() => {
          if (msg.reset || state.chat.channel !== msg.channel) setState("chat", { channel: msg.channel, entries: msg.entries });
          else if (msg.entries.length) setState("chat", "entries", (list) => [...list, ...msg.entries.filter((e) => !list.some((x) => x.id === e.id))].slice(-CHAT_KEPT));
          if (msg.muted) setState("chat", "muted", msg.muted);
        });
        return;
      case "error":
        // A signal to a peer whose page is closed: the mesh retries when that peer greets.
        if (msg.code === "no-peer") return;
        // Two tabs of one player: the voice bar says it, with "Use voice here".
        if (msg.code === "media-elsewhere") {
          for (const fn of elsewhereListeners) fn();
          return;
        }
        // The table keeps this page's media closed (a consigliere at night) or full (listeners):
        // the voice bar says why; no notice pops up for each refused signal.
        if (msg.code === "media-closed" || msg.code === "media-full") {
          for (const fn of refusedListeners) fn(msg.code);
          return;
        }
        batch(() => {
          if (msg.ref && msg.ref === state.pending) setState("pending", null);
          notify({ code: msg.code, message: msg.message, at: Date.now() });
        });
        // The seat's key was refused (revoked, or the seat went to a bot): stop retrying with it and
        // offer the return-code form instead.
        if (msg.code === "bad-token") {
          ownClose = { code: FINAL_CLOSE, reason: "bad-token" };
          ws.close(FINAL_CLOSE, "bad-token");
        }
        return;
    }
  });

  const send = (type: "act" | "control" | "host" | "table", action: unknown) => {
    if (state.conn !== "open") {
      notify({ code: "network", message: "", at: Date.now() });
      return;
    }
    const ref = `a${++refSeq}-${Date.now().toString(36)}`;
    // An act or host input names the stage of the view it was made on (a stale one is refused); with no
    // game in view there is none, and nothing to act on.
    const frame = intentFrame(type, ref, action, state.view?.game?.phaseSeq);
    if (frame === null) return;
    setState("pending", ref);
    ws.send(frame);
    // Never leave the bar disabled if an ack is lost with a dropped connection.
    setTimeout(() => state.pending === ref && setState("pending", null), 5000);
  };

  return {
    code,
    state,
    clock,
    act: (action) => send("act", action),
    control: (action) => send("control", action),
    confirm: () => send("host", { type: "confirm" }),
    host: (action) => send("host", action),
    table: (action) => send("table", action),
    whisper: (text) => {
      const kind = state.identity?.kind;
      if (state.conn !== "open" || (kind !== "player" && kind !== "consigliere")) return notify({ code: "network", message: "", at: Date.now() });
      ws.send(JSON.stringify({ type: "whisper", ref: `w${++refSeq}-${Date.now().toString(36)}`, text }));
      addWhisper({ from: kind, text, at: clock.now(), mine: true });
    },
    chat: (text) => {
      if (state.conn !== "open") return notify({ code: "network", message: "", at: Date.now() });
      ws.send(JSON.stringify({ type: "chat", ref: `c${++refSeq}-${Date.now().toString(36)}`, text }));
    },
    chatMute: (key, muted) => {
      if (state.conn !== "open") return notify({ code: "network", message: "", at: Date.now() });
      ws.send(JSON.stringify({ type: "chat-mute", ref: `m${++refSeq}-${Date.now().toString(36)}`, key, muted }));
    },
    signal: (text) => {
      if (state.conn === "open") ws.send(text);
    },
    onSignal(fn) {
      signalListeners.add(fn);
      return () => signalListeners.delete(fn);
    },
    onMediaElsewhere(fn) {
      elsewhereListeners.add(fn);
      return () => elsewhereListeners.delete(fn);
    },
    onViewFrame(fn) {
      viewListeners.add(fn);
      return () => viewListeners.delete(fn);
    },
    onMediaRefused(fn) {
      refusedListeners.add(fn);
      return () => refusedListeners.delete(fn);
    },
    get viewAt() {
      return viewAt;
    },
    get iceServers() {
      return iceServers;
    },
    get mediaMode() {
      return mediaMode;
    },
    get mediaPeer() {
      return mediaPeer;
    },
    onSfu(fn) {
      sfuListeners.add(fn);
      return () => sfuListeners.delete(fn);
    },
    dismiss: () => notify(null),
    dispose() {
      clearTimeout(noticeTimer);
      signalListeners.clear();
      elsewhereListeners.clear();
      refusedListeners.clear();
      viewListeners.clear();
      sfuListeners.clear();
      ws.close(1000, "leaving");
    },
  };
}
