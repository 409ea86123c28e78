/**
 * One table's parts, wired together (docs/ARCHITECTURE.md "The table object"). The Durable Object
 * (TableObject.ts) only hands its hooks over to these; each part has one job and reaches the others
 * only through the members it declares (its `…Deps`: Picks of ports.ts and of the store, sockets and
 * clock) — `parts()` hands it an object holding just those (no part sees the whole table, and
 * no part imports this file):
 *
 *   frames      a socket frame's path: flood control, shape, schema, identity and rights (frames.ts)
 *   admission   creating the table, sitting down (admission.ts)
 *   returns     coming back with a return code, and the guessing limit (return-codes.ts)
 *   socketOpens which upgrades may open a socket, opens per address (socket-opens.ts)
 *   hostClaim   the club evening's named host takes the host screen (host-claim.ts)
 *   series      the series' next game: play again, next game of the evening (series.ts)
 *   organizer   the organizer's commands (organizer.ts)
 *   presence    who is connected, coalesced presence views, sockets per credential (presence.ts)
 *   match       the game: state cache, input log, versions, quiet changes (match.ts)
 *   fanout      every connection's view, acks (fanout.ts)
 *   afterChange after a change: the ordered list of named subscribers below (after-change.ts)
 *   spectators  delayed spectators' views (spectators.ts)
 *   alarm       the one alarm: the earliest of the items registered below, their failures (alarm.ts)
 *   deadline    the phase timer: the engine's deadline, ending a game that cannot go on (deadline.ts)
 *   away        a casual table's away seats handed to bots (away-takeover.ts)
 *   testClock   the end-to-end test clock (test-clock.ts)
 *   bots        bot seats' moves (bots.ts)
 *   listing     the public summary and the directory listing (listing.ts)
 *   report      the finished game's record to D1 (report.ts)
 *   media       WebRTC signalling between the game's connected players, ICE/TURN (media.ts)
 *   sfu         the SFU plane: sessions, and each listener's pulls kept to its floor (sfu.ts)
 *   consiglieri seats' consiglieri: invitations, joins, revocation, whispers (consigliere.ts)
 *   recordings  who may upload a game's audio recording, and its deletion after 72 h (recordings.ts)
 *   chat        the lobby's, after-game and spectators' chat (chat.ts)
 *
 * Nothing that matters lives only in memory: config, players (with presence), token digests, the
 * organizer's rights and options, state, version, the pause record and every pending clock are in
 * SQLite (storage.ts); a socket's identity, recent refs and rate-limit bucket are in its connection
 * state (connection.ts). The in-memory caches are rebuilt lazily after an eviction.
 */
import type { Env } from "../env.ts";
import { AfterChange } from "./after-change.ts";
import { Admission } from "./admission.ts";
import { AddressDigests } from "./address-digests.ts";
import { HostClaim } from "./host-claim.ts";
import { SeatReturns } from "./return-codes.ts";
import { Series } from "./series.ts";
import { SocketOpens } from "./socket-opens.ts";
import { ClubTakeover } from "./club-takeover.ts";
import { Consiglieri } from "./consigliere.ts";
import { AlarmFailures } from "./alarm-failures.ts";
import { TableAlarm } from "./alarm.ts";
import { AwayTakeover } from "./away-takeover.ts";
import { PhaseDeadline } from "./deadline.ts";
import { TestClock } from "./test-clock.ts";
import { BotSeats } from "./bots.ts";
import { TableChat } from "./chat.ts";
import { TableClock } from "./clock.ts";
import type { ConnectionIdentity, Sockets } from "./connection.ts";
import { Fanout } from "./fanout.ts";
import { Frames } from "./frames.ts";
import { Listing } from "./listing.ts";
import { Match } from "./match.ts";
import { Media } from "./media.ts";
import { Organizer } from "./organizer.ts";
import type { Ack } from "./ports.ts";
import { Presence } from "./presence.ts";
import { SfuPlane } from "./sfu.ts";
import { TableRecordings } from "./recordings.ts";
import { GameReporter, TableReport } from "./report.ts";
import { TablePublication } from "./publication.ts";
import { DelayedSpectators } from "./spectators.ts";
import { TableStore, type ConfigRow } from "./storage.ts";
import { alarmFailureRows } from "./repositories/alarm-failures.ts";
import { chatRows, type ChatRows } from "./repositories/chat.ts";
import { clockRows } from "./repositories/clock.ts";
import { consiglieriRows, type ConsiglieriRows } from "./repositories/consiglieri.ts";
import { hostLostAt, hostTakenBy, runtimeAlarm, sfuState, spectatorSeq, type Keyed, type RuntimeAlarm } from "./repositories/keyed.ts";
import { publicationRows, type PublicationRows } from "./repositories/publication.ts";
import { recordingsRows, type RecordingsRows } from "./repositories/recordings.ts";
import { reportRows } from "./repositories/report.ts";
import { tournamentLinkRows, type TournamentLinkRows } from "./repositories/tournament-link.ts";
import type { SfuState } from "./sfu.ts";

/** A part's dependencies and the members it reaches before they are built: forwarders, written out (the cycles that remain). */
function withForwarders<D extends object, F extends object>(deps: D, forwarded: F): D & F {
  return Object.assign(deps, forwarded);
}

export class Table {
  readonly store: TableStore;
  readonly clock: TableClock;
  /** Reports the finished game to D1 (records, rating) — worker/table/report.ts. */
  readonly reporter: GameReporter;
  /** Failure counts of the alarm's items, for retry and give-up (worker/table/alarm-failures.ts). */
  readonly alarmFailures: AlarmFailures;
  readonly frames: Frames;
  readonly admission: Admission;
  readonly addressDigests: AddressDigests;
  readonly hostClaim: HostClaim;
  readonly returns: SeatReturns;
  readonly socketOpens: SocketOpens;
  readonly series: Series;
  readonly organizer: Organizer;
  readonly presence: Presence;
  readonly match: Match;
  readonly fanout: Fanout;
  readonly spectators: DelayedSpectators;
  readonly alarm: TableAlarm;
  readonly deadline: PhaseDeadline;
  readonly away: AwayTakeover;
  readonly testClock: TestClock;
  readonly bots: BotSeats;
  readonly listing: Listing;
  readonly report: TableReport;
  readonly media: Media;
  readonly sfu: SfuPlane;
  /** RULES.md §7.10: seats' consiglieri (consigliere.ts). */
  readonly consiglieri: Consiglieri;
  /** RULES.md §6.11: games' audio recordings — uploads allowed, deletion after 72 h (recordings.ts). */
  readonly recordings: TableRecordings;
  /** Who of a finished game opted out of publication (publication.ts). */
  readonly publication: TablePublication;
  /** The table's chat where the floor allows it (chat.ts). */
  readonly chat: TableChat;
  /** RULES.md §5.7: a club's owner or host covers for a live host who is away (club-takeover.ts). */
  readonly takeover: ClubTakeover;
  /** The subscribers that run after every change, in order (after-change.ts). */
  readonly changes: AfterChange;
  // Each part's own rows (repositories/): the only ways to the object's storage a part gets.
  readonly consiglieriRows: ConsiglieriRows;
  readonly chatRows: ChatRows;
  readonly recordingsRows: RecordingsRows;
  readonly publicationRows: PublicationRows;
  readonly tournamentLink: TournamentLinkRows;
  readonly hostLost: Keyed<number>;
  readonly hostTaken: Keyed<string>;
  readonly spectatorSeq: Keyed<number>;
  readonly sfuState: Keyed<SfuState>;
  readonly runtimeAlarm: RuntimeAlarm;
  /** Config changes after init only by the organizer's composition in a lobby: `forgetConfig`. */
  private configCache: ConfigRow | null = null;

  constructor(
    readonly ctx: DurableObjectState,
    /** The object's env, read at each use (the test clock's test swaps it on the instance). */
    private readonly envOf: () => Env,
    /** The table's sockets and their connection state (connection.ts). */
    readonly sockets: Sockets,
  ) {
    this.store = new TableStore(ctx.storage);
    // The tables below exist once the table is initialised (migrations.ts); before, they read as empty.
    const schema = () => this.store.initialized();
    const sql = ctx.storage.sql;
    this.clock = new TableClock(clockRows(sql), schema);
    this.reporter = new GameReporter(reportRows(sql), schema);
    this.alarmFailures = new AlarmFailures(alarmFailureRows(sql), schema);
    this.consiglieriRows = consiglieriRows(sql);
    this.chatRows = chatRows(sql);
    this.recordingsRows = recordingsRows(sql);
    this.publicationRows = publicationRows(sql);
    this.tournamentLink = tournamentLinkRows(sql);
    this.hostLost = hostLostAt(ctx.storage.kv);
    this.hostTaken = hostTakenBy(ctx.storage.kv);
    this.spectatorSeq = spectatorSeq(ctx.storage.kv);
    this.sfuState = sfuState<SfuState>(ctx.storage.kv);
    this.runtimeAlarm = runtimeAlarm(ctx.storage);
    const p = this.parts.bind(this);
    // Each part is built after the parts it names, so it holds them, not a way to find them later. The
    // cycles that remain are the forwarders below: a part reaching one built after it, by name.
    this.publication = new TablePublication(p("env", "publicationRows", "store"));
    this.addressDigests = new AddressDigests(p("config"));
    this.hostClaim = new HostClaim(p("config", "tx", "tournamentLink", "hostTaken", "store"));
    this.socketOpens = new SocketOpens(p("now", "config", "store"));
    this.alarm = new TableAlarm(p("now", "config", "env", "runtimeAlarm", "forgetCaches", "store", "clock", "alarmFailures"));
    this.match = new Match(withForwarders(p("config", "tournamentLink", "tx", "store", "reporter"), {
      // A new game's log starts again for every socket; whether a newcomer still waits for a consigliere.
      fanout: { forgetLogs: () => this.fanout.forgetLogs() },
      consiglieri: { missing: () => this.consiglieri.missing() },
    }));
    this.report = new TableReport(p("config", "tournamentLink", "env", "store", "alarm", "reporter", "match"));
    this.fanout = new Fanout(withForwarders(p("now", "config", "store", "sockets", "match", "publication"), {
      // What every view is built from: the parts that send through the fan-out, read when a view is built.
      presence: { hostConnected: (except?: WebSocket) => this.presence.hostConnected(except), carried: () => this.presence.carried() },
      spectators: { delayMs: () => this.spectators.delayMs(), sendCurrent: (ws: WebSocket, now: number) => this.spectators.sendCurrent(ws, now) },
      organizer: { isOrganizer: (identity: ConnectionIdentity) => this.organizer.isOrganizer(identity) },
      consiglieri: { invited: () => this.consiglieri.invited(), missing: () => this.consiglieri.missing(), names: () => this.consiglieri.names() },
      media: { peers: (except?: WebSocket) => this.media.peers(except) },
      sfu: { reconcile: () => this.sfu.reconcile() },
      chat: { access: (identity: ConnectionIdentity) => this.chat.access(identity) },
    }));
    this.presence = new Presence(withForwarders(p("now", "config", "hostLost", "tx", "afterChange", "store", "sockets", "match", "fanout", "alarm"), {
      // A player back from an absence ends the pause the organizer's rules made for it.
      organizer: { resumeIfAbsenceOf: (playerId: string, now: number) => this.organizer.resumeIfAbsenceOf(playerId, now) },
    }));
    this.spectators = new DelayedSpectators(p("now", "config", "store", "sockets", "alarm", "match", "fanout", "presence", "publication"));
    this.media = new Media(withForwarders(p("now", "config", "env", "spectatorSeq", "store", "sockets", "match", "fanout", "presence"), {
      // A consigliere's socket is a media peer of the seat it is bound to.
      consiglieri: { bound: (playerId: string) => this.consiglieri.bound(playerId) },
    }));
    this.listing = new Listing(p("now", "config", "env", "store", "match", "spectators"));
    this.series = new Series(p("config", "env", "tx", "afterChange", "store", "sockets", "alarmFailures", "match", "fanout", "listing", "report"));
    this.consiglieri = new Consiglieri(withForwarders(p("now", "config", "consiglieriRows", "tx", "afterChange", "store", "sockets", "match", "fanout", "listing", "series", "addressDigests", "media"), {
      // The organizer may invite a seat's consigliere.
      organizer: { isOrganizer: (identity: ConnectionIdentity) => this.organizer.isOrganizer(identity) },
    }));
    this.organizer = new Organizer(p("config", "forgetConfig", "tx", "afterChange", "store", "sockets", "match", "fanout", "listing", "series", "consiglieri", "media"));
    this.sfu = new SfuPlane(p("now", "config", "env", "sfuState", "store", "sockets", "match", "fanout", "consiglieri"));
    this.chat = new TableChat(p("now", "chatRows", "tx", "config", "store", "sockets", "match", "fanout", "organizer", "consiglieri"));
    this.takeover = new ClubTakeover(p("now", "config", "tx", "afterChange", "hostTaken", "store", "sockets", "match", "fanout", "organizer", "presence"));
    this.bots = new BotSeats(p("config", "env", "afterChange", "store", "match"));
    this.deadline = new PhaseDeadline(p("config", "tx", "forgetCaches", "afterChange", "store", "alarm", "match"));
    this.away = new AwayTakeover(p("config", "afterChange", "store", "organizer"));
    this.testClock = new TestClock(p("now", "env", "clock", "alarm", "deadline", "match"));
    this.recordings = new TableRecordings(p("now", "config", "env", "recordingsRows", "store", "alarm", "organizer"));
    this.returns = new SeatReturns(p("now", "config", "tx", "store", "addressDigests", "consiglieri"));
    this.admission = new Admission(p("now", "config", "tournamentLink", "env", "tx", "afterChange", "store", "addressDigests", "match", "listing", "spectators", "organizer", "series"));
    this.frames = new Frames(p("now", "config", "afterChange", "store", "sockets", "match", "fanout", "series", "organizer", "presence", "publication", "consiglieri", "media", "sfu", "chat"));
    // What the one alarm waits for: each part's own items (ties go in schedule.ts's order, not this one).
    this.alarm.register([
      this.deadline.alarmItem,
      this.away.alarmItem,
      this.bots.alarmItem,
      this.spectators.alarmItem,
      this.report.alarmItem,
      this.presence.helloItem,
      this.presence.alarmItem,
      this.presence.hostAwayItem,
      this.recordings.alarmItem,
    ]);
    // What follows every change, in order — each subscriber one job, all of them here.
    const ended = () => this.store.game().status === "ended";
    this.changes = new AfterChange(
      [
        // A game that just ended learns who opted out of publication before its views go out.
        { name: "publication", run: () => (ended() ? this.publication.refresh() : undefined) },
        // One transaction: the bots' next move and the delayed spectators' view of this version.
        { name: "bots", inTransaction: true, run: (c) => this.bots.schedule(c.now, c.botsIdle) },
        { name: "spectators", inTransaction: true, run: (c) => this.spectators.record(c.now) },
        // Every connection its view, the sender's last with its ack; a sender without a view frame gets the ack alone.
        { name: "fanout", run: (c) => {
          const carried = this.fanout.broadcast(c.closing, c.ack);
          if (c.ack && !carried) this.fanout.send(c.ack.ws, { type: "ack", ref: c.ack.ref, version: this.store.game().version });
        } },
        // A connection whose chat channel changed (a game started or ended, a player died) gets its history.
        { name: "chat", run: (c) => this.chat.refresh(c.now) },
        // The finished game's record (and ratings) to D1, once.
        { name: "records", run: (c) => (ended() ? this.report.reportGame(c.now) : undefined) },
        { name: "alarm", run: () => this.alarm.sync() },
        // The directory: a finished game leaves it; otherwise whether a live host is hosting.
        { name: "listing", run: () => (ended() ? this.listing.endedChange() : this.listing.hostingChange()) },
      ],
      (fn) => this.tx(fn),
    );
  }

  get env(): Env {
    return this.envOf();
  }

  /** The table's clock (real time unless the test clock has moved it). */
  now(): number {
    return this.clock.now();
  }

  config(): ConfigRow {
    return (this.configCache ??= this.store.config());
  }

  /** The config row changed (the organizer's composition): read it again on next use. */
  forgetConfig(): void {
    this.configCache = null;
  }

  /**
   * One SQLite transaction. If it throws, SQLite rolled it back: the row caches and the parsed state
   * may hold what was never committed, so they are dropped and read again on next use.
   */
  tx<T>(fn: () => T): T {
    try {
      return this.ctx.storage.transactionSync(fn);
    } catch (err) {
      this.forgetCaches();
      throw err;
    }
  }

  /** After every change of the table (version bumped): each subscriber of `changes`, in order. */
  afterChange(now: number, ack?: Ack, closing?: WebSocket, botsIdle = false): Promise<void> {
    return this.changes.run(now, ack, closing, botsIdle);
  }

  /**
   * A part's dependencies: an object holding only the named members of this table as they are when the
   * part is built (a member not built yet is a wiring error); methods come bound. `env` alone is read at
   * each use: it is not a part, and the test clock's test swaps it on the object. The part's constructor
   * type (its `…Deps`) checks that these are what it declares.
   */
  private parts<K extends keyof this>(...keys: K[]): Pick<this, K> {
    const deps = {} as Pick<this, K>;
    for (const k of keys) {
      if (k === "env") {
        Object.defineProperty(deps, "env", { enumerable: true, get: this.envOf }); // env: read at each use
        continue;
      }
      const v = this[k];
      if (v === undefined) throw new Error(`table wiring: "${String(k)}" is named before it is built`);
      deps[k] = (typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(this) : v) as this[K];
    }
    return deps;
  }

  forgetCaches(): void {
    this.store.invalidate();
    this.match.forget();
    this.consiglieri.forget();
    this.recordings.forget();
    this.publication.forget();
    this.reporter.forget();
  }
}
