/**
 * The SFU plane (docs/MEDIA.md §6): the table object is the only party that asks the
 * Cloudflare Realtime SFU to publish, pull or close tracks, so the floor is enforced by the server.
 *
 * Each seated person who joined the table's media has a publishing session (its tracks `audio` and
 * `video`, from the client's sendonly offer) and a receiving session. After every view the table sends
 * (Fanout.broadcast → reconcile), each listener's pulled tracks are brought to exactly what that
 * listener's own floor allows (shared/media/floor.ts playAudio / playVideo, the same rule as the
 * client's plan): what is no longer allowed is closed first (`tracks/close`, force), then what is newly
 * allowed is pulled (`tracks/new` remote → the SFU's offer → the client → its answer → `renegotiate`).
 * A camera is pulled at the simulcast layer the listener shows it at (shared/media/floor.ts videoLayer:
 * the spotlight — the view's speaker — at the high layer, a tile at the low) and moved between layers on
 * its own mid (`tracks/update`) when the spotlight moves.
 * One listener's work runs as one loop that always diffs against the newest floor; calls on one
 * session never overlap (SfuApi.exclusive), different listeners' run in parallel.
 *
 * A person who leaves the game or whose seat goes to a bot: their tracks are closed and their sessions
 * forgotten (and every pull of their tracks closed by the listeners' next diff). Session ids never
 * reach a client: a client learns only its own receiving mids with the seat and kind each carries.
 *
 * The floor is the one every view carries: the engine's, with the table option `deadHear` applied
 * (worker/table/view.ts withoutDeadListeners). RULES.md §8: every media peer
 * (shared/media/peers.ts) by its own view's floor: the live host publishes and pulls as peer 0 (its
 * view's floor: every channel but the whispers), a consigliere as 100 + N (the seat's view: its whisper,
 * and by day what its player hears; nothing at night), seats as their seat. Spectators (option
 * `spectatorsHear`; at a delayed table too: the page delays the audio) get a receiving session only,
 * keyed by their socket (its attachment's `sfuId`), and pulls of the public channels only; they never
 * publish. A pull's `seat` (SfuServerMessage) is the publisher's media peer.
 *
 * The sessions and pulls are kept in the object's storage (`sfu`), so a hibernated or evicted object
 * still knows them; a pull offer that waits for its answer lives in memory only (ANSWER_TIMEOUT_MS).
 */
import type { Seat } from "../../shared/engine/types.ts";
import { playAudio, videoLayer } from "../../shared/media/floor.ts";
import { consiglierePeer, HOST_PEER, type MediaPeer } from "../../shared/media/peers.ts";
import type { SfuMessage, SfuServerMessage } from "../../shared/protocol/messages.ts";
import type { Env } from "../env.ts";
import { SfuApi, apiBase, type Kind, type PullBatch, type SessionDescription, type TrackResult } from "../media/sfu-api.ts";
import type { Attachment, ConnectionIdentity } from "./connection.ts";
import { seatedPlayers, viewFor, type Viewer } from "./engine.ts";
import type { ConsiglieriPort, FanoutPort, MatchPort, Refused, TableCore } from "./ports.ts";
import type { Sockets } from "./connection.ts";
import type { TableStore } from "./storage.ts";
import type { Keyed } from "./repositories/keyed.ts";
import { withoutDeadListeners } from "./view.ts";

/** How long a pull offer waits for the client's answer; then its tracks are closed and the receiving session takes no more pulls. */
export const ANSWER_TIMEOUT_MS = 5000;

/** Whether the table uses the SFU: both secrets set (else the mesh). */
export function sfuConfigured(env: Pick<Env, "SFU_APP_ID" | "SFU_APP_SECRET">): boolean {
  return !!(env.SFU_APP_ID && env.SFU_APP_SECRET);
}

/**
 * A camera's simulcast layers as the page publishes them (web/src/media/sfu.ts simulcastEncodings): "h" the
 * 320×240 capture, "l" half of each side; a listener pulls "h" of the spotlight and "l" of every tile.
 */
export type Rid = "h" | "l";

/** One pulled track in a listener's receiving session. */
export interface Pulled {
  mid: string;
  /** The publisher's session and track, and the seat it held when pulled. */
  from: string;
  trackName: Kind;
  seat: Seat;
  /** A camera's layer asked for (absent: audio, or a pull made before layers were asked for). */
  rid?: Rid;
}
export interface SfuPerson {
  /** The publishing session and its tracks (mid on that session, name = kind). */
  pub: { sessionId: string; tracks: Array<{ mid: string; kind: Kind }> } | null;
  /** The receiving session, its pulled tracks, and whether it is stalled (an offer never answered: no more pulls). */
  recv: { sessionId: string; pulled: Pulled[]; stalled?: boolean } | null;
}
export interface SfuState {
  people: Record<string, SfuPerson>;
  pullSeq: number;
}

/** A wanted track of a listener: the publisher's session and track name, the seat it plays at, a camera's layer. */
interface Want {
  from: string;
  trackName: Kind;
  seat: Seat;
  rid?: Rid;
}
const keyOf = (w: { from: string; trackName: Kind; seat: Seat }) => `${w.from}/${w.trackName}@${w.seat}`;

/** Whether spectators may be served the public channel: the option `spectatorsHear` (a delayed table too — the page delays). */
function spectatorsMayHear(t: { readonly store: Pick<TableStore, "control"> }): boolean {
  return t.store.control().spectatorsHear;
}

/** A spectator's key among the people (never a player id: those carry no "~"). */
const SPECTATOR = "~s:";
const isSpectator = (key: string) => key.startsWith(SPECTATOR);
/** The live host's key, and a consigliere's (by the advised player's id). */
const HOST = "~h";
const CONSIGLIERE = "~c:";
const isConsigliere = (key: string) => key.startsWith(CONSIGLIERE);

/** The key among the people of a greeted socket's media (null: none — the seatless organizer, a spectator that never joined). */
function keyOfSocket(att: Attachment): string | null {
  const id = att.identity;
  if (!id) return null;
  if (id.kind === "player") return id.playerId;
  if (id.kind === "host") return HOST;
  if (id.kind === "consigliere") return CONSIGLIERE + id.playerId;
  if (id.kind === "spectator" && att.sfuId) return SPECTATOR + att.sfuId;
  return null;
}

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface SfuDeps extends Pick<TableCore, "config" | "env" | "now"> {
  /** The sessions and pulls, stored (repositories/keyed.ts). */
  readonly sfuState: Keyed<SfuState>;
  readonly consiglieri: Pick<ConsiglieriPort, "bound">;
  readonly fanout: Pick<FanoutPort, "send" | "sendError">;
  readonly match: Pick<MatchPort, "state">;
  readonly sockets: Pick<Sockets, "all" | "attachmentOf">;
  readonly store: Pick<TableStore, "control">;
}

export class SfuPlane {
  private apiCache: SfuApi | null = null;
  private stateCache: SfuState | null = null;
  /** Listeners whose pulls must be brought to their floor again. */
  private readonly dirty = new Set<string>();
  /** Each listener's running loop. */
  private readonly loops = new Map<string, Promise<void>>();
  /** Other work in flight (joins, forgets), for idle(). */
  private readonly work = new Set<Promise<unknown>>();
  /** Per listener: the tracks of a pull whose offer waits for the answer (closed now if the floor closes). */
  private readonly inflight = new Map<string, Pulled[]>();
  /** Per listener: the closes running while its loop waits for an answer. */
  private readonly closing = new Map<string, Promise<void>>();
  /** Pull offers waiting for their answers, by pull number. */
  private readonly answers = new Map<number, { playerId: string; resolve: (d: SessionDescription | null) => void }>();

  /** How long a pull offer waits for its answer (ANSWER_TIMEOUT_MS; tests change it on one instance). */
  answerTimeoutMs = ANSWER_TIMEOUT_MS;

  constructor(private readonly t: SfuDeps) {}

  enabled(): boolean {
    return sfuConfigured(this.t.env);
  }

  private get api(): SfuApi {
    const env = this.t.env;
    return (this.apiCache ??= new SfuApi(env.SFU_APP_ID!, env.SFU_APP_SECRET!, apiBase(env.SFU_API_BASE)));
  }

  /** The sessions and pulls (tests read them; never sent to a client). */
  state(): SfuState {
    if (!this.stateCache) {
      const raw = this.t.sfuState.get();
      this.stateCache = raw ?? { people: {}, pullSeq: 0 };
    }
    return this.stateCache;
  }

  private save(): void {
    this.t.sfuState.put(this.state());
  }

  /** Resolves once no SFU work is left (tests wait on it). */
  async idle(): Promise<void> {
    while (this.loops.size || this.work.size) await Promise.allSettled([...this.loops.values(), ...this.work]);
    if (this.apiCache) await this.apiCache.idle();
  }

  /* ------------------------------------------------------------------------------------ frames */

  /**
   * An `sfu` frame (validated by its schema) from a seated player, or from a spectator where the table
   * lets spectators hear (a receiving session only). The caller saves `att` afterwards.
   */
  frame(ws: WebSocket, identity: ConnectionIdentity, att: Attachment, msg: SfuMessage): Refused | null {
    const game = this.t.match.state();
    // Who first (a spectator or the organizer has no media at a mesh table either), then the plane.
    const listening = identity.kind === "spectator" && this.enabled() && game !== null && spectatorsMayHear(this.t);
    const refused = { code: "not-seated" as const, message: "Only the people at the table take part in its media (spectators only where the table lets them listen)." };
    if (identity.kind === "organizer" || (identity.kind === "spectator" && !listening)) return refused;
    if (!this.enabled()) return { code: "media-mode", message: "This table's media run on the mesh: send signal frames." };
    let playerId: string;
    if (identity.kind === "player" || identity.kind === "consigliere") {
      const me = game ? seatedPlayers(game).find((p) => p.playerId === identity.playerId && !p.bot) : undefined;
      if (!game || !me || (identity.kind === "consigliere" && !this.t.consiglieri.bound(identity.playerId))) return { code: "not-seated", message: "The table's media are for the seated players of the running game (and their consiglieri)." };
      playerId = identity.kind === "player" ? identity.playerId : CONSIGLIERE + identity.playerId;
    } else if (identity.kind === "host") {
      if (!game || this.t.config().host !== "live") return { code: "not-seated", message: "The table's media start with the game." };
      playerId = HOST;
    } else if (identity.kind === "spectator" && game && spectatorsMayHear(this.t)) {
      if (msg.op === "join" && msg.tracks.length) return { code: "not-seated", message: "Spectators listen; they are never heard." };
      playerId = SPECTATOR + (att.sfuId ??= crypto.randomUUID());
    } else {
      return refused;
    }
    if (msg.op === "answer") {
      const waiting = this.answers.get(msg.pull);
      if (!waiting || waiting.playerId !== playerId) return { code: "bad-message", message: `No pull offer ${msg.pull} waits for your answer.` };
      this.answers.delete(msg.pull);
      waiting.resolve(msg.answer);
      return null;
    }
    if (msg.op === "leave") {
      this.track(this.forget(playerId));
      return null;
    }
    this.track(this.join(ws, playerId, msg.offer ?? null, msg.tracks, msg.ref ?? null));
    return null;
  }

  /* ------------------------------------------------------------------------------------ reconcile */

  /**
   * After every view the table sent: people no longer seated (left, seat to a bot, not in this game)
   * are forgotten, and every listener's pulls are brought to its floor.
   */
  reconcile(): void {
    if (!this.enabled()) return;
    const people = this.state().people;
    if (!Object.keys(people).length) return;
    const game = this.t.match.state();
    const humans = new Set(game ? seatedPlayers(game).filter((p) => !p.bot).map((p) => p.playerId) : []);
    // The live host's sessions stay while the game does (as a player's, for its return); a
    // consigliere's while its seat is a person's and the binding holds.
    if (game && this.t.config().host === "live") humans.add(HOST);
    for (const id of [...humans]) if (!id.startsWith("~") && this.t.consiglieri.bound(id)) humans.add(CONSIGLIERE + id);
    const watching = new Set<string>();
    if (game && spectatorsMayHear(this.t)) {
      for (const ws of this.t.sockets.all()) {
        const att = this.t.sockets.attachmentOf(ws, this.t.now());
        if (att.sfuId && att.identity?.kind === "spectator" && ws.readyState === WebSocket.OPEN) watching.add(SPECTATOR + att.sfuId);
      }
    }
    for (const playerId of Object.keys(people)) if (isSpectator(playerId) ? !watching.has(playerId) : !humans.has(playerId)) this.track(this.forget(playerId));
    for (const playerId of Object.keys(this.state().people)) this.kick(playerId);
  }

  /**
   * What `playerId`'s floor lets it receive now, from the people who published: the floor of its own
   * view (the engine's, with `deadHear` applied as in every view); a spectator's: the public channel.
   */
  wanted(playerId: string): Want[] {
    const game = this.t.match.state();
    if (!game) return [];
    const seats = new Map(seatedPlayers(game).filter((p) => !p.bot).map((p) => [p.playerId, p.seat]));
    const spectator = isSpectator(playerId);
    if (spectator && !spectatorsMayHear(this.t)) return [];
    const mine = spectator ? null : this.peerOf(playerId, seats);
    if (mine === undefined) return [];
    const viewer: Viewer = spectator
      ? { kind: "spectator" }
      : playerId === HOST
        ? { kind: "host" }
        : { kind: "player", playerId: isConsigliere(playerId) ? playerId.slice(CONSIGLIERE.length) : playerId };
    const view = viewFor(game, viewer);
    const floor = (this.t.store.control().deadHear ? view : withoutDeadListeners(view)).floor;
    const out: Want[] = [];
    for (const [other, person] of Object.entries(this.state().people)) {
      const peer = this.peerOf(other, seats);
      if (other === playerId || peer === undefined || !person.pub) continue;
      for (const tr of person.pub.tracks) {
        if (tr.kind === "audio") {
          if (playAudio(floor, mine, peer)) out.push({ from: person.pub.sessionId, trackName: tr.kind, seat: peer });
          continue;
        }
        // A camera at the size this listener shows it: the spotlight (the view's speaker) large, a tile small.
        const layer = videoLayer(floor, mine, peer, view.speaker);
        if (layer) out.push({ from: person.pub.sessionId, trackName: tr.kind, seat: peer, rid: layer === "large" ? "h" : "l" });
      }
    }
    return out;
  }

  /** The media peer of a person's key (shared/media/peers.ts): a seat, the host 0, a consigliere 100 + N; undefined: none now. */
  private peerOf(key: string, seats: ReadonlyMap<string, Seat>): MediaPeer | undefined {
    if (key === HOST) return this.t.config().host === "live" ? HOST_PEER : undefined;
    if (isConsigliere(key)) {
      const seat = seats.get(key.slice(CONSIGLIERE.length));
      return seat === undefined ? undefined : consiglierePeer(seat);
    }
    return isSpectator(key) ? undefined : seats.get(key);
  }

  private kick(playerId: string): void {
    this.dirty.add(playerId);
    if (this.loops.has(playerId)) {
      // The loop may be waiting for the listener's answer to a pull offer: what the floor no longer
      // allows is closed now all the same (a forced close needs no answer), so a listener who does not
      // answer cannot keep what it was pulled.
      if (this.inflight.has(playerId)) this.closeNow(playerId);
      return;
    }
    const loop = this.sync(playerId)
      .catch((err) => console.error("sfu: pulls of a listener failed", err))
      .finally(() => {
        this.loops.delete(playerId);
        if (this.dirty.has(playerId) && this.state().people[playerId]?.recv) this.kick(playerId);
      });
    this.loops.set(playerId, loop);
  }

  /** Close the listener's tracks its floor no longer allows, now, one such close after another. */
  private closeNow(playerId: string): void {
    const before = this.closing.get(playerId) ?? Promise.resolve();
    const next = before.then(() => this.closeDisallowed(playerId)).catch((err) => console.error("sfu: closing a listener's tracks failed", err));
    this.closing.set(playerId, next);
    this.track(next.finally(() => this.closing.get(playerId) === next && this.closing.delete(playerId)));
  }

  /** Close what `playerId`'s floor no longer allows: its pulled tracks and those waiting for its answer. */
  private async closeDisallowed(playerId: string): Promise<void> {
    const recv = this.state().people[playerId]?.recv;
    if (!recv) return;
    const wantKeys = new Set(this.wanted(playerId).map(keyOf));
    const pending = this.inflight.get(playerId) ?? [];
    const gone = [...recv.pulled, ...pending].filter((p) => !wantKeys.has(keyOf(p)));
    if (!gone.length) return;
    const mids = new Set(gone.map((p) => p.mid));
    const failed = await this.api.close(recv.sessionId, [...mids]);
    if (failed.length) console.error("sfu: tracks not closed", failed);
    recv.pulled = recv.pulled.filter((p) => !mids.has(p.mid));
    const still = this.inflight.get(playerId);
    if (still) this.inflight.set(playerId, still.filter((p) => !mids.has(p.mid)));
    this.save();
    this.sendTo(playerId, { type: "sfu", op: "closed", mids: [...mids] });
  }

  /** One listener's loop: close what its floor no longer allows, then pull what it newly allows. */
  private async sync(playerId: string): Promise<void> {
    while (this.dirty.delete(playerId)) {
      const recv = this.state().people[playerId]?.recv;
      if (!recv) return;
      await (this.closing.get(playerId) ?? Promise.resolve());
      await this.closeDisallowed(playerId);
      if (this.state().people[playerId]?.recv !== recv) return; // rejoined or forgotten meanwhile
      if (recv.stalled) continue; // an offer never answered: closes only, until the person joins again
      await this.relayer(playerId, recv);
      if (this.state().people[playerId]?.recv !== recv || recv.stalled) continue;
      const held = new Set(recv.pulled.map(keyOf));
      const add = this.wanted(playerId).filter((w) => !held.has(keyOf(w)));
      if (!add.length) continue;
      this.inflight.set(playerId, []);
      let results;
      try {
        results = await this.api.pull(
          recv.sessionId,
          add.map((w) => ({ sessionId: w.from, trackName: w.trackName, ...(w.rid ? { preferredRid: w.rid } : {}) })),
          (batch) => this.exchange(playerId, add, batch),
        );
      } finally {
        await (this.closing.get(playerId) ?? Promise.resolve());
      }
      // What was closed while the answer was awaited is not held.
      const waiting = new Set((this.inflight.get(playerId) ?? []).map((p) => p.mid));
      this.inflight.delete(playerId);
      const unanswered: string[] = [];
      results.forEach((r, i) => {
        const w = add[i]!;
        if (!r.errorCode && r.mid) {
          if (waiting.has(r.mid)) recv.pulled.push({ mid: r.mid, ...w });
        } else if (r.errorCode === "no-answer") {
          if (r.mid && waiting.has(r.mid)) unanswered.push(r.mid);
        } else console.error("sfu: track not pulled", r.errorCode, r.errorDescription);
      });
      if (this.state().people[playerId]?.recv !== recv) {
        // Left or joined again while the offer waited: this session is being forgotten.
        if (unanswered.length) await this.api.close(recv.sessionId, unanswered);
        return;
      }
      if (results.some((r) => r.errorCode === "no-answer")) {
        // The session's offer stays unanswered: it takes no more pulls; the page may join again.
        recv.stalled = true;
        console.error("sfu: a listener did not answer a pull offer; its receiving session takes closes only");
        this.sendError(playerId, "media-unavailable", "Your page did not answer the media server; join voice again.");
      }
      this.save();
      if (unanswered.length) {
        await this.api.close(recv.sessionId, unanswered);
        this.sendTo(playerId, { type: "sfu", op: "closed", mids: unanswered });
      }
    }
  }

  /**
   * The pulled cameras whose layer the listener's floor now wants otherwise (the spotlight moved to
   * another seat, or away) are switched on their own transceivers (SfuApi.update): no close, no new pull,
   * the page keeps its track and its tile.
   */
  private async relayer(playerId: string, recv: NonNullable<SfuPerson["recv"]>): Promise<void> {
    const want = new Map(this.wanted(playerId).map((w) => [keyOf(w), w.rid]));
    const moved = recv.pulled.filter((p) => {
      const rid = want.get(keyOf(p));
      return rid !== undefined && rid !== p.rid;
    });
    if (!moved.length) return;
    const changes = moved.map((p) => ({ mid: p.mid, sessionId: p.from, trackName: p.trackName, preferredRid: want.get(keyOf(p))! }));
    const results: TrackResult[] = await this.api.update(recv.sessionId, changes, (batch) =>
      this.ask(playerId, batch, moved.map((p) => ({ mid: p.mid, seat: p.seat, kind: p.trackName }))),
    );
    results.forEach((r, i) => {
      if (!r.errorCode) moved[i]!.rid = changes[i]!.preferredRid;
      else if (r.errorCode !== "no-answer") console.error("sfu: layer not changed", r.errorCode, r.errorDescription);
    });
    if (results.some((r) => r.errorCode === "no-answer")) {
      recv.stalled = true;
      this.sendError(playerId, "media-unavailable", "Your page did not answer the media server; join voice again.");
    }
    this.save();
  }

  /** A pull batch's offer to the listener's sockets; resolves with its answer (null: none in time). */
  private exchange(playerId: string, add: Want[], batch: PullBatch): Promise<SessionDescription | null> {
    if (!batch.offer) return Promise.resolve(null);
    const tracks: Array<{ mid: string; seat: Seat; kind: Kind }> = [];
    const waiting = this.inflight.get(playerId) ?? [];
    batch.tracks.forEach((r, i) => {
      const req = batch.requested[i]!;
      const w = add.find((x) => x.from === req.sessionId && x.trackName === req.trackName);
      if (w && r.mid && !r.errorCode) {
        tracks.push({ mid: r.mid, seat: w.seat, kind: w.trackName });
        waiting.push({ mid: r.mid, ...w });
      }
    });
    this.inflight.set(playerId, waiting);
    return this.ask(playerId, batch, tracks);
  }

  /** An SFU offer to the listener's sockets, with the mids it carries; resolves with its answer (null: none in time). */
  private ask(playerId: string, batch: PullBatch, tracks: Array<{ mid: string; seat: Seat; kind: Kind }>): Promise<SessionDescription | null> {
    if (!batch.offer) return Promise.resolve(null);
    const st = this.state();
    const pull = ++st.pullSeq;
    this.save();
    if (!this.sendTo(playerId, { type: "sfu", op: "pull", pull, offer: batch.offer, tracks })) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        if (this.answers.get(pull)?.resolve !== done) return;
        this.answers.delete(pull);
        resolve(null);
      }, this.answerTimeoutMs);
      const done = (d: SessionDescription | null) => {
        clearTimeout(timer);
        resolve(d);
      };
      this.answers.set(pull, { playerId, resolve: done });
    });
  }

  /* ------------------------------------------------------------------------------------ join, forget */

  /** (Re)start a person's media: new sessions, the client's tracks published, then every listener's pulls. */
  private async join(ws: WebSocket, playerId: string, offer: SessionDescription | null, tracks: Array<{ mid: string; kind: Kind }>, ref: string | null): Promise<void> {
    await this.forget(playerId);
    const person: SfuPerson = { pub: null, recv: null };
    this.state().people[playerId] = person;
    this.save();
    try {
      const [recvId, pubId] = await Promise.all([this.api.newSession(), tracks.length ? this.api.newSession() : Promise.resolve(null)]);
      let answer: SessionDescription | undefined;
      if (pubId && offer) {
        const published = await this.api.publish(pubId, offer, tracks.map((t) => ({ mid: t.mid, trackName: t.kind })));
        answer = published.answer;
        const ok = tracks.filter((t) => {
          const r = published.tracks.find((x) => x.mid === t.mid || x.trackName === t.kind);
          if (r?.errorCode) console.error("sfu: track not published", r.errorCode, r.errorDescription);
          return r !== undefined && !r.errorCode;
        });
        person.pub = { sessionId: pubId, tracks: ok };
      }
      if (this.state().people[playerId] !== person) {
        // Left or rejoined meanwhile: what this join published goes (a repeated close counts as closed).
        if (person.pub?.tracks.length) await this.api.close(person.pub.sessionId, person.pub.tracks.map((x) => x.mid));
        return;
      }
      person.recv = { sessionId: recvId, pulled: [] };
      this.save();
      if (ws.readyState === WebSocket.OPEN) this.t.fanout.send(ws, { type: "sfu", op: "joined", ...(answer ? { answer } : {}) });
      for (const id of Object.keys(this.state().people)) this.kick(id);
    } catch (err) {
      console.error("sfu: join failed", err);
      if (this.state().people[playerId] === person) {
        delete this.state().people[playerId];
        this.save();
      }
      if (ws.readyState === WebSocket.OPEN) this.t.fanout.sendError(ws, "media-unavailable", "The media server did not answer; join voice again.", ref);
    }
  }

  /** Close a person's published and pulled tracks and forget their sessions (listeners' pulls of them follow). */
  private async forget(playerId: string): Promise<void> {
    const person = this.state().people[playerId];
    if (!person) return;
    delete this.state().people[playerId];
    this.save();
    this.dirty.delete(playerId);
    for (const [n, a] of this.answers) if (a.playerId === playerId) a.resolve(null), this.answers.delete(n);
    if (person.recv?.pulled.length) this.sendTo(playerId, { type: "sfu", op: "closed", mids: person.recv.pulled.map((x) => x.mid) });
    const closing: Array<Promise<unknown>> = [];
    if (person.pub?.tracks.length) closing.push(this.api.close(person.pub.sessionId, person.pub.tracks.map((x) => x.mid)));
    if (person.recv?.pulled.length) closing.push(this.api.close(person.recv.sessionId, person.recv.pulled.map((x) => x.mid)));
    const settled = await Promise.allSettled(closing);
    for (const s of settled) if (s.status === "rejected") console.error("sfu: closing a person's tracks failed", s.reason);
    if (person.pub) for (const id of Object.keys(this.state().people)) this.kick(id);
  }

  private track(p: Promise<unknown>): void {
    const w = p.catch((err) => console.error("sfu:", err)).finally(() => this.work.delete(w));
    this.work.add(w);
  }

  /** A socket closed: a spectator's sessions go with it (a player's stay for the player's other sockets or return). */
  socketClosed(ws: WebSocket): void {
    const att = this.t.sockets.attachmentOf(ws, this.t.now());
    if (this.enabled() && att.sfuId && this.state().people[SPECTATOR + att.sfuId]) this.track(this.forget(SPECTATOR + att.sfuId));
  }

  private sendError(playerId: string, code: "media-unavailable", message: string): void {
    const now = this.t.now();
    for (const ws of this.t.sockets.all()) {
      const att = this.t.sockets.attachmentOf(ws, now);
      if (keyOfSocket(att) === playerId && ws.readyState === WebSocket.OPEN) this.t.fanout.sendError(ws, code, message, null);
    }
  }

  /** Send to every open socket of one person (a spectator: its one socket); whether any got it. */
  private sendTo(playerId: string, msg: SfuServerMessage): boolean {
    const now = this.t.now();
    let sent = false;
    for (const ws of this.t.sockets.all()) {
      const att = this.t.sockets.attachmentOf(ws, now);
      if (keyOfSocket(att) !== playerId || ws.readyState !== WebSocket.OPEN) continue;
      this.t.fanout.send(ws, msg);
      sent = true;
    }
    return sent;
  }
}
