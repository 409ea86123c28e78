/**
 * One table's parts, wired together (docs/ARCHITECTURE.md "The table object"). The Durable Object
 * (TableObject.ts) only hands its hooks over to these; each part has one job and reaches the others
 * through this object:
 *
 *   frames      a socket frame's path: flood control, shape, schema, identity and rights (frames.ts)
 *   admission   creating the table, sitting down, coming back, socket opens, play again (admission.ts)
 *   organizer   the organizer's commands (organizer.ts)
 *   presence    who is connected, coalesced presence views, sockets per credential (presence.ts)
 *   match       the game: state cache, input log, versions, quiet changes (match.ts)
 *   fanout      after a change: every connection's view, acks (fanout.ts)
 *   spectators  delayed spectators' views (spectators.ts)
 *   alarm       the one alarm and its items, the test clock (alarm.ts)
 *   bots        bot seats' moves (bots.ts)
 *   listing     the public summary and the directory listing (listing.ts)
 *   report      the finished game's record to D1 (report.ts)
 *   media       WebRTC signalling between the game's connected players, ICE/TURN (media.ts, issue 15)
 *   sfu         the SFU plane: sessions, and each listener's pulls kept to its floor (sfu.ts, issue 15)
 *   consiglieri seats' consiglieri: invitations, joins, revocation, whispers (consigliere.ts, issue 17)
 *   recordings  who may upload a game's audio recording, and its deletion after 72 h (recordings.ts, issue 19)
 *
 * Nothing that matters lives only in memory: config, players (with presence), token digests, the
 * organizer's rights and options, state, version, the pause record and every pending clock are in
 * SQLite (storage.ts); a socket's identity, recent refs and rate-limit bucket are in its connection
 * state (connection.ts). The in-memory caches are rebuilt lazily after an eviction.
 */
import type { Env } from "../env.ts";
import { Admission } from "./admission.ts";
import { Consiglieri } from "./consigliere.ts";
import { AlarmFailures } from "./alarm-failures.ts";
import { TableAlarm } from "./alarm.ts";
import { BotSeats } from "./bots.ts";
import { TableClock } from "./clock.ts";
import type { Sockets } from "./connection.ts";
import { Fanout } from "./fanout.ts";
import { Frames } from "./frames.ts";
import { Listing } from "./listing.ts";
import { Match } from "./match.ts";
import { Media } from "./media.ts";
import { Organizer } from "./organizer.ts";
import { Presence } from "./presence.ts";
import { SfuPlane } from "./sfu.ts";
import { TableRecordings } from "./recordings.ts";
import { GameReporter, TableReport } from "./report.ts";
import { TablePublication } from "./publication.ts";
import { DelayedSpectators } from "./spectators.ts";
import { TableStore, type ConfigRow } from "./storage.ts";

export class Table {
  readonly store: TableStore;
  readonly clock: TableClock;
  /** Reports the finished game to D1 (records, rating) — worker/table/report.ts. */
  readonly reporter: GameReporter;
  /** Failure counts of the alarm's items, for retry and give-up (worker/table/alarm-failures.ts). */
  readonly alarmFailures: AlarmFailures;
  readonly frames: Frames;
  readonly admission: Admission;
  readonly organizer: Organizer;
  readonly presence: Presence;
  readonly match: Match;
  readonly fanout: Fanout;
  readonly spectators: DelayedSpectators;
  readonly alarm: TableAlarm;
  readonly bots: BotSeats;
  readonly listing: Listing;
  readonly report: TableReport;
  readonly media: Media;
  readonly sfu: SfuPlane;
  /** Issue 17, RULES.md §7.10: seats' consiglieri (consigliere.ts). */
  readonly consiglieri: Consiglieri;
  /** Issue 19, RULES.md §6.11: games' audio recordings — uploads allowed, deletion after 72 h (recordings.ts). */
  readonly recordings: TableRecordings;
  /** Issue 32, finding 1: who of a finished game opted out of publication (publication.ts). */
  readonly publication: TablePublication;
  /** Config changes after init only by the organizer's composition in a lobby (issue 18): `forgetConfig`. */
  private configCache: ConfigRow | null = null;

  constructor(
    readonly ctx: DurableObjectState,
    /** The object's env, read at each use (the test clock's test swaps it on the instance). */
    private readonly envOf: () => Env,
    /** The table's sockets and their connection state (connection.ts). */
    readonly sockets: Sockets,
  ) {
    this.store = new TableStore(ctx.storage.sql);
    this.clock = new TableClock(ctx.storage.sql, envOf());
    this.reporter = new GameReporter(ctx.storage.sql);
    this.alarmFailures = new AlarmFailures(ctx.storage.sql);
    this.frames = new Frames(this);
    this.admission = new Admission(this);
    this.organizer = new Organizer(this);
    this.presence = new Presence(this);
    this.match = new Match(this);
    this.fanout = new Fanout(this);
    this.spectators = new DelayedSpectators(this);
    this.alarm = new TableAlarm(this);
    this.bots = new BotSeats(this);
    this.listing = new Listing(this);
    this.report = new TableReport(this);
    this.media = new Media(this);
    this.sfu = new SfuPlane(this);
    this.consiglieri = new Consiglieri(this);
    this.recordings = new TableRecordings(this);
    this.publication = new TablePublication(this);
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

  /** The config row changed (the organizer's composition, issue 18): read it again on next use. */
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

  forgetCaches(): void {
    this.store.invalidate();
    this.match.forget();
    this.consiglieri.forget();
    this.recordings.forget();
    this.publication.forget();
  }
}
