/**
 * "Table parts get what they use": the ports through which the table's parts reach each
 * other. Each part declares its own dependencies (its `…Deps` type) as `Pick`s of these ports and of the
 * leaf helpers (the store, the sockets, the clock), and table.ts hands it an object holding only those
 * members. This file imports no part, so the parts' import graph has no cycle
 * (test/unit/architecture-worker.test.ts checks it); the parts' classes are checked against these
 * ports structurally where table.ts wires them.
 */
import type { BotLevel } from "../../shared/bots/levels.ts";
import type { MediaPeer } from "../../shared/media/peers.ts";
import type { ChatAccess, ChatMessage, ChatMuteMessage, ControlRequest, ErrorCode, ServerMessage, SfuMessage, SignalMessage, TableAction, TableView, WelcomeMedia, WhisperMessage } from "../../shared/protocol/messages.ts";
import type { Env } from "../env.ts";
import type { Ack } from "./after-change.ts";
import type { Attachment, ConnectionIdentity } from "./connection.ts";
import type { GameState, Input } from "./engine.ts";
import type { Due, DueKind } from "./schedule.ts";
import type { ConfigRow, GameRow, PlayerRow } from "./storage.ts";
import type { TableFacts } from "./view.ts";

export type { Ack } from "./after-change.ts";

/** A frame refused: the error the sender gets. */
export type Refused = { code: ErrorCode; message: string };

/**
 * What the table itself offers every part: its time, config, env, one SQLite transaction. No part
 * gets the object's storage: each gets its own repository (repositories/).
 */
export interface TableCore {
  /** The table's clock (real time unless the test clock has moved it). */
  now(): number;
  config(): ConfigRow;
  /** The config row changed (the organizer's composition): read it again on next use. */
  forgetConfig(): void;
  readonly env: Env;
  /** One SQLite transaction; the caches are dropped if it throws. */
  tx<T>(fn: () => T): T;
  /** Drop every row cache and the parsed state (read again on next use). */
  forgetCaches(): void;
  /**
   * After every change of the table (version bumped): the subscribers registered in table.ts run in
   * their order (after-change.ts). `closing`: a socket that is going away and gets nothing.
   */
  afterChange(now: number, ack?: Ack, closing?: WebSocket, botsIdle?: boolean): Promise<void>;
}

export interface MatchPort {
  forget(): void;
  quietKeys(version: number): Set<string> | null;
  clearChanges(): void;
  state(): GameState | null;
  gameSeed(): string;
  currentPlayers(): PlayerRow[];
  lastState(): GameState | null;
  startIfFull(config: ConfigRow, now: number): string[] | null;
  startGame(config: ConfigRow, players: readonly PlayerRow[], row: GameRow, now: number): string[];
  persist(next: GameState, inputs: Input[], at: number): number;
  commit(next: GameState, inputs: Input[], at: number): number;
}

export interface FanoutPort {
  forgetLogs(): void;
  forgetLog(ws: WebSocket): void;
  broadcast(except?: WebSocket): void;
  facts(except?: WebSocket): TableFacts;
  tableViewFor(identity: ConnectionIdentity, facts: TableFacts, delayMs?: number, logAfter?: number | null): TableView;
  sendCurrentView(ws: WebSocket, identity: ConnectionIdentity, now: number): void;
  send(ws: WebSocket, msg: ServerMessage): void;
  sendRaw(ws: WebSocket, frame: string): void;
  sendError(ws: WebSocket, code: ErrorCode, message: string, ref: string | null): void;
  closeSocket(ws: WebSocket, code: number, reason: string): void;
}

export interface ListingPort {
  hostingChange(): Promise<void>;
  endedChange(): Promise<void>;
  push(): Promise<void>;
}

export interface ReportPort {
  reportGame(now: number): Promise<void>;
}

export interface SpectatorsPort {
  delayMs(): number;
  record(now: number): void;
  sendCurrent(ws: WebSocket, now: number): void;
}

export interface OrganizerPort {
  isOrganizer(identity: ConnectionIdentity): boolean;
  command(identity: ConnectionIdentity, action: ControlRequest, now: number, ack: Ack): Promise<Refused | null>;
  handToBot(target: PlayerRow, now: number, level?: BotLevel | null): Refused | null;
  resumeIfAbsenceOf(playerId: string, now: number): boolean;
  closeSeatlessOrganizer(): void;
}

export interface ConsiglieriPort {
  forget(): void;
  bound(playerId: string): { readonly nickname: string | null } | null;
  names(): ReadonlyMap<string, string>;
  /** §7.10: the seated newcomers of a rating table who have no bound consigliere yet. */
  missing(): string[];
  /** §7.10: the typed refusal of a start while a newcomer waits for a consigliere who counts, or null. */
  startRefusal(): { code: "advisor-not-experienced" | "consigliere-required"; message: string } | null;
  /** §7.10: the seats whose organizer's invitation waits for their player's consent (lobby only). */
  invited(): ReadonlySet<string>;
  tokenOwner(tokenHash: Uint8Array): string | null;
  returnTo(candidate: Uint8Array, tokenHash: Uint8Array, now: number): string | null;
  whisper(identity: ConnectionIdentity, msg: WhisperMessage, now: number): { code: ErrorCode; message: string } | null;
}

export interface AlarmPort {
  sync(): Promise<void>;
}

/**
 * One clock the table's alarm waits for (schedule.ts), offered by the part whose clock it is and
 * registered in table.ts, as after-change subscribers are. The alarm knows no part: it asks each
 * item when it is due, runs the earliest, and counts its failures (alarm-failures.ts).
 */
export interface AlarmItem {
  readonly kind: DueKind;
  /** When this item is next due, or null. `skipped`: whether the alarm gave up on that instance (an item with several candidates passes over it). */
  due(skipped: (due: Due) => boolean): Due | null;
  /**
   * Handle it. `at`: its due time, or the table's clock if later; `now`: the table's clock. The item
   * leaves the alarm armed for what comes next (`sync`, or a change, whose subscribers sync it).
   */
  run(due: Due, at: number, now: number): Promise<void>;
  /**
   * After ALARM_MAX_FAILURES failures in a row: what keeps the table alive without it (the kind's count
   * is cleared first). Without it, that instance alone is left out of the schedule for good.
   */
  giveUp?(due: Due, at: number): void | Promise<void>;
}

export interface PresencePort {
  greeted(ws: WebSocket, identity: ConnectionIdentity, credential: string | undefined, hostWasConnected: boolean, now: number): Promise<void>;
  mediaChanged(now: number, closing?: WebSocket): Promise<void>;
  expectHost(now: number): Promise<void>;
  carried(): void;
  openSockets(match: (identity: ConnectionIdentity) => boolean, except?: WebSocket): number;
  hostConnected(except?: WebSocket): boolean;
}

export interface MediaPort {
  welcome(peer?: MediaPeer | null): Promise<WelcomeMedia>;
  spectatorPeer(att: Attachment): MediaPeer;
  peerOf(identity: ConnectionIdentity, att: Attachment, state: GameState | null): MediaPeer | null;
  peers(except?: WebSocket): MediaPeer[];
  spectatorsMayListen(): boolean;
  spectatorsSwitched(): Promise<void>;
  relay(ws: WebSocket, att: Attachment, identity: ConnectionIdentity, msg: SignalMessage): Refused | null;
  afterRelay(now: number): Promise<void>;
}

export interface SfuPort {
  frame(ws: WebSocket, identity: ConnectionIdentity, att: Attachment, msg: SfuMessage): Refused | null;
  reconcile(): void;
}

export interface PublicationPort {
  refresh(): Promise<void>;
  beforeRead(identity: ConnectionIdentity): Promise<void>;
  hiddenNicks(game: number, identity: ConnectionIdentity): Set<string>;
  forget(): void;
}

/** The series' next game (series.ts). */
export interface SeriesPort {
  playAgain(playerId: string, action: TableAction, now: number, ack: Ack): Promise<Refused | null>;
  nextGame(now: number, ack: Ack): Promise<Refused | null>;
  leaveTable(playerIds: readonly string[], now: number): void;
  addressDigest(bucket: string): Promise<Uint8Array>;
}

/** The table's chat (chat.ts). */
export interface ChatPort {
  access(identity: ConnectionIdentity): ChatAccess | null;
  send(ws: WebSocket, att: Attachment, identity: ConnectionIdentity, msg: ChatMessage, now: number): Refused | null;
  mute(msg: ChatMuteMessage, now: number): void;
  refresh(now: number, only?: WebSocket, force?: boolean): void;
}
