/**
 * Announcements: the large timed banners every screen shows for a public event, and the
 * player's own confirmations. Pure: derived from the log entries this viewer already receives (no
 * new secret travels for them) and timed on the server clock. No i18n here: each announcement names
 * its catalogue key (`ann.*`) and parameters; Announcements.tsx renders and narrates them.
 *
 * A reload or a reconnect replays no old banner: an entry is announced only while it is younger than
 * its own display time by server time (`at` is the table's clock, like `serverNow`).
 */
import type { AnyLogEntry, GameView, QuestionName, Seat, SeatView } from "../../../shared/engine/types.ts";
import { OWN_QUESTIONS, SAVERS, ownQuestion } from "./logText.ts";

export type Tone = "out" | "news" | "calm" | "count" | "mine";

export interface Announcement {
  /** Stable id (the entry's time, type and seat numbers — not its place in the log, which changes at
   *  the end when the whole protocol is revealed): dismissal, dedupe, narrated once. */
  id: string;
  /** Server epoch ms of the event. */
  at: number;
  /** How long it stays (ms). */
  ttl: number;
  /** Catalogue key of its line (also the narration line). */
  key: string;
  params: Record<string, string | number>;
  tone: Tone;
  /** Only this viewer's own action (never narrated aloud, never shown to anyone else). */
  mine: boolean;
  /** The count: who voted for whom (public at the count, RULES.md §2.6), auto = the unused vote. */
  ballots?: Array<{ voter: Seat; target: Seat; auto: boolean }>;
  tally?: Array<{ seat: Seat; votes: number }>;
  /** The vote to lift everyone tied: how each living player voted (public at the count, RULES.md §2.9;
   *  not voting counts against). */
  lifts?: Array<{ voter: Seat; lift: boolean }>;
  /** §6.6–§6.7: the yes/no question with lines of its own (logText.ts OWN_QUESTIONS): each vote reads "yes"/"no". */
  question?: QuestionName;
}

/**
 * One's own yes/no vote as the question asked it: §6.6 "expel anyone today?" answered no means nobody
 * leaves today (no tie is involved); the §2.9 lift vote keeps its own words.
 */
function liftEcho(yes: boolean, q: QuestionName | null): string {
  return `ann.mine.lift.${yes ? "yes" : "no"}${q ? `.${q}` : ""}`;
}

export const TTL = { out: 7000, news: 7000, calm: 6000, count: 9000, mine: 5000 } as const;

/**
 * One entry → at most one announcement. `you` is the viewer's seat (null: spectator or host): own
 * confirmations are made only from the viewer's own entries and only about the viewer's own acts.
 * Entries are narrowed by their type (EventData), so every field read here is typed.
 */
export function announcementOf(e: AnyLogEntry, you: Seat | null, nick: (seat: Seat) => string = () => ""): Announcement | null {
  // The id names numbers only (seats, counts): a check's result never reaches the DOM through it.
  const nums = Object.entries(e.data).filter(([, v]) => typeof v === "number").map(([k, v]) => `${k}${v}`).join(",");
  const base = { id: `${e.at}:${e.type}:${nums}`, at: e.at, mine: false };
  const pub = (key: string, tone: Tone, params: Record<string, string | number> = {}): Announcement => ({ ...base, key, params, tone, ttl: TTL[tone] });
  const seatP = (seat: Seat) => ({ seat, nickname: nick(seat) });
  const mine = (key: string, target: Seat): Announcement => ({ ...base, key, params: { seat: target, nickname: nick(target) }, tone: "mine", ttl: TTL.mine, mine: true });
  const byYou = (seat: Seat) => you !== null && seat === you;
  switch (e.type) {
    // Who left and how (§2.7 voted out, §2.9 lifted, §2.13 removed). Night deaths come as the
    // morning's news ("killed") and their "left" is not announced twice.
    case "left": {
      const how = e.data.how;
      if (how !== "voted-out" && how !== "lifted" && how !== "removed") return null;
      return pub(`ann.out.${how}`, "out", seatP(e.data.seat));
    }
    // The morning (§2.11, §3/§7.7: the killed are named, no cause, no word of a heal).
    // The profiles: RULES.md §5.1 "the morning announces the public outcome of attacks and
    // protection" — who died ("killed", one banner each) or that nobody did ("nobody-killed"), and
    // (the §5.1 *decision*) each seat that was attacked and survived ("survived": the seat
    // only, never who attacked, who protected or how). The saved player alone gets "saved", naming what
    // saved them (their own banner replaces the public one).
    case "killed":
      return pub("ann.killed", "news", seatP(e.data.seat));
    case "survived":
      return byYou(e.data.seat) ? null : pub("ann.survived", "news", seatP(e.data.seat));
    case "saved": {
      if (!byYou(e.data.seat)) return null;
      const first = e.data.with.find((x) => (SAVERS as readonly string[]).includes(x));
      return { ...base, key: first ? `ann.saved.${first}` : "ann.saved", params: {}, tone: "mine", ttl: TTL.news, mine: true };
    }
    // §2.13 a technical foul by the table's vote (the removal, at the last foul, follows as "left").
    // With its cause — a late vote in turn (§7.3), the live host (§7.9).
    case "fouled":
      return pub(e.data.cause ? `ann.fouled.${e.data.cause}` : "ann.fouled", "calm", { ...seatP(e.data.seat), fouls: e.data.fouls });
    // §7.9 the host's warning (§4.6: for a missing vote).
    case "remarked":
      return pub(e.data.cause ? `ann.remarked.${e.data.cause}` : "ann.remarked", "calm", seatP(e.data.seat));
    // §7.9 three fouls: an automatic vote against that player in this vote.
    case "foul-vote":
      return pub("ann.foul-vote", "news", seatP(e.data.seat));
    // §7.4 a peaceful day: a second tie, or every player got exactly one vote.
    case "peaceful-day":
      return pub(`ann.peaceful-day.${e.data.why}`, "calm");
    // §7.9 the town voted out a player already removed for fouls: nobody else leaves today.
    case "removed-voted-out":
      return pub("ann.removed-voted-out", "out", seatP(e.data.seat));
    // §7.9 the fourth foul shows the card to the table, even in a closed game (the role and team are ids,
    // named in the viewer's language by Banners.tsx announcementText).
    case "role-revealed":
      return pub("ann.role-revealed", "news", { ...seatP(e.data.seat), role: e.data.role, team: e.data.team });
    case "shot-missed":
      return pub("ann.missed", "calm");
    case "nobody-killed":
      return pub("ann.nobody-killed", "calm");
    // Every living person was ready to vote — free talk ended early.
    case "free-talk-ended":
      return pub("ann.free-talk-ended", "calm");
    // The count (§2.6: closed voting shows who voted for whom after the count; open, at once).
    case "vote-counted": {
      const { round } = e.data;
      // Only the seats with votes (tatar's ballot is the whole table: twelve "N: 0" would fill the
      // phone); who voted for whom stays folded under the line.
      const tally = e.data.tally.filter((x) => x.votes > 0);
      const ballots = e.data.ballots.map((b) => ({ voter: b.voter, target: b.target, auto: b.auto }));
      return { ...pub(round === "revote" ? "ann.count.revote" : "ann.count", "count", { tally: tally.length ? tally.map((x) => `${x.seat}: ${x.votes}`).join(" · ") : "—" }), ballots, tally };
    }
    // Nobody leaves (§2.6 no candidate, §2.8 day 1, §2.9 tie).
    case "no-candidates":
      return pub("ann.no-candidates", "calm");
    case "voting-cancelled":
      return pub("ann.voting-cancelled", "calm");
    case "single-candidate-stays":
    case "leader-stays":
      return pub(`ann.${e.type}`, "calm", seatP(e.data.seat));
    case "tie":
      return pub("ann.tie", "calm", { seats: e.data.seats.join(", ") });
    case "tie-stays":
      return pub("ann.tie-stays", "calm", { seats: e.data.seats.join(", ") });
    case "lift-counted": {
      const { passed, candidates, inFavour, needed } = e.data;
      const lifts = e.data.ballots.map((b) => ({ voter: b.voter, lift: b.lift }));
      // §6.6–§6.7 the club's questions say what their answer does ("expel anyone?" yes: the hands follow).
      const q = ownQuestion(e);
      const key = `${passed ? "ann.lift.passed" : "ann.lift.failed"}${q ? `.${q}` : ""}`;
      return { ...pub(key, passed ? "count" : "calm", { seats: candidates.join(", "), inFavour, needed }), lifts, ...(q ? { question: q } : {}) };
    }
    // The viewer's own confirmations (closed ballots are the voter's private entries; open ones public).
    case "ballot-cast":
    case "vote-cast":
      return byYou(e.data.voter) ? mine("ann.mine.vote", e.data.target) : null;
    case "lift-ballot-cast":
    case "lift-vote-cast":
      return byYou(e.data.voter) ? { ...base, key: liftEcho(e.data.lift, ownQuestion(e)), params: {}, tone: "mine", ttl: TTL.mine, mine: true } : null;
    case "shot":
      return byYou(e.data.seat) ? mine("ann.mine.shot", e.data.target) : null;
    case "checked":
      return byYou(e.data.by) ? mine("ann.mine.check", e.data.target) : null;
    case "froze":
      return byYou(e.data.by) ? mine("ann.mine.freeze", e.data.target) : null;
    case "healed":
      return byYou(e.data.by) ? mine("ann.mine.heal", e.data.target) : null;
    case "kill-chosen":
      return byYou(e.data.by) ? mine("ann.mine.kill", e.data.target) : null;
    // §5.6: one's own choice with a profile ability ("Your choice: Block — seat 4"); the
    // `ability` parameter is an ability id, named through the catalogue (Banners.tsx announcementText).
    case "used":
      return byYou(e.data.by) ? { ...mine("ann.mine.used", e.data.target), params: { seat: e.data.target, nickname: nick(e.data.target), ability: e.data.ability } } : null;
    // §5.6 Judge: named once, at his first open vote; his vote counts ×2 (public).
    case "judge-shown":
      return pub("ann.judge-shown", "news", seatP(e.data.seat));
    // RULES.md §6.5: the candidates for defence; more than four: nobody leaves, night falls.
    case "candidates":
      return pub("ann.candidates", "news", { seats: e.data.seats.join(", ") });
    case "too-many-candidates":
      return pub("ann.too-many-candidates", "calm", { seats: e.data.seats.join(", ") });
    // §6.7 the car crash: the fewest hands drop out, the rest defend again.
    case "dropped":
      return pub("ann.dropped", "calm", { seats: e.data.seats.join(", "), left: e.data.left.join(", ") });
    // §6.3 the morning's night events: a curse (the Curser is never named).
    case "cursed":
      return pub("ann.cursed", "news", seatP(e.data.seat));
    default:
      return null;
  }
}

/** The longest time on screen: an entry older than this at `now` is on no screen. */
const LONGEST = Math.max(...Object.values(TTL));
/** A banner shows up this long before its entry's time (the table's clock may run a little ahead of ours). */
const EARLY = 5_000;

/**
 * The log's tail that can be on screen at `from` or later (server ms), newest first, each entry with
 * its announcement made once. What depends on the log (which entries are announced, their lines) is
 * built when the log grows; what depends on the clock (which of them are still on) is `activeFrom`,
 * a walk over plain objects that the banners' timer can afford on every tick.
 */
export interface AnnouncementTail {
  from: number;
  items: ReadonlyArray<{ at: number; a: Announcement | null }>;
}

export function announcementTail(log: readonly AnyLogEntry[], you: Seat | null, from: number, nick: (seat: Seat) => string = () => "", made?: AnnouncementCache): AnnouncementTail {
  const items: Array<{ at: number; a: Announcement | null }> = [];
  // The walk at any later `now` stops at the first entry older than now − LONGEST (activeFrom), which
  // is never past the first one older than from − LONGEST: the tail ends there.
  const oldest = from - LONGEST;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    if (e.at < oldest) break;
    const hit = made?.get(e);
    let a: Announcement | null;
    if (hit && hit.seq === e.seq && hit.at === e.at && hit.type === e.type) a = hit.a;
    else {
      a = announcementOf(e, you, nick);
      made?.set(e, { seq: e.seq, at: e.at, type: e.type, a });
    }
    items.push({ at: e.at, a });
  }
  return { from, items };
}

/**
 * Announcements already made, by log entry. Within a game an entry never changes (frames only append
 * to the log), so one made for it stays right for as long as the viewer's seat and the seats' names
 * are the ones it was made with: a page keeps one cache per seat and names, and a tail made again on
 * the next frame makes only the new entries' announcements. The store may reuse an entry's object for
 * the next game's entry at the same place (log-fold.ts), so a hit counts only for the same place, time
 * and type.
 */
export type AnnouncementCache = WeakMap<AnyLogEntry, { seq: number; at: number; type: string; a: Announcement | null }>;

/** The tail's announcements still on screen at `now`, newest first, at most `max`, none dismissed;
 *  null when `now` is before the tail's `from` (the clock went back: the tail may be too short). */
export function activeFrom(tail: AnnouncementTail, now: number, opts: { dismissed?: ReadonlySet<string>; max?: number } = {}): Announcement[] | null {
  if (now < tail.from) return null;
  const out: Announcement[] = [];
  const oldest = now - LONGEST;
  for (const { at, a } of tail.items) {
    if (at < oldest) break;
    if (!a || a.at + a.ttl <= now || a.at > now + EARLY || opts.dismissed?.has(a.id)) continue;
    out.push(a);
    if (out.length >= (opts.max ?? 3)) break;
  }
  return out;
}

/** When (server ms, after `now`) the tail's banners next change — one shows up or one goes — or null: none will. */
export function nextChange(tail: AnnouncementTail, now: number): number | null {
  let next = Infinity;
  for (const { a } of tail.items) {
    if (!a) continue;
    const shows = a.at - EARLY;
    const goes = a.at + a.ttl;
    if (shows > now && shows < next) next = shows;
    if (goes > now && goes < next) next = goes;
  }
  return next === Infinity ? null : next;
}

/** Announcements still on screen at `now` (server ms), newest first, at most `max`, none dismissed. */
export function activeAnnouncements(log: readonly AnyLogEntry[], you: Seat | null, now: number, opts: { dismissed?: ReadonlySet<string>; max?: number; seats?: SeatView[]; made?: AnnouncementCache } = {}): Announcement[] {
  const names = new Map((opts.seats ?? []).map((s) => [s.seat, s.nickname] as const));
  return activeFrom(announcementTail(log, you, now, (s) => names.get(s) ?? "", opts.made), now, opts)!;
}

export interface VoteWarning {
  /** The last nominee, who gets every unused vote (RULES.md §2.6). */
  seat: Seat;
  /** That nominee is this player. */
  self: boolean;
  /** Seconds until the unused vote is given (only in the window that ends with the count). */
  secondsLeft: number | null;
}

/**
 * §2.6 "whoever has not voted gives the vote to the last nominated candidate": while this player may
 * still vote in an elimination ballot (or revote) and has not, say where the vote will go. In open
 * voting the last candidate is never called; the count comes when the one before them has had their
 * time, so the countdown is shown only in that last window (closed voting: the whole ballot).
 */
export function voteWarning(game: Pick<GameView, "ballot" | "you" | "deadline" | "paused">, now: number): VoteWarning | null {
  const b = game.ballot;
  const you = game.you;
  if (!b || !you || b.kind === "lift") return null;
  // §7.3 voting in turn has no unused vote (a late voter gets a foul and more time): turns.ts voterTurn.
  if (b.mode === "in-turn") return null;
  if (b.mine !== null) return null;
  if (!you.actions.some((a) => a.type === "vote")) return null;
  const candidates = b.candidates;
  const last = candidates[candidates.length - 1];
  if (last === undefined) return null;
  const finalWindow = b.mode !== "open" || b.calling === candidates[candidates.length - 2];
  const secondsLeft = finalWindow && game.deadline !== null && !game.paused ? Math.max(0, Math.ceil((game.deadline - now) / 1000)) : null;
  return { seat: last, self: last === you.seat, secondsLeft };
}

/**
 * What this player has already done in the current ballot or night, to keep on the action bar once
 * the move is made (not a bare "nothing to do" after a vote or a shot): the ballot's
 * `mine` (the view gives each voter their own), or this night's own move from their own log.
 */
export function standingChoice(game: Pick<GameView, "ballot" | "you" | "log" | "night" | "result" | "phase">): { key: string; params: Record<string, string | number> } | null {
  const you = game.you;
  if (!you || game.result) return null;
  const b = game.ballot;
  if (b) {
    if (b.kind === "lift") return b.mine === null ? null : { key: liftEcho(b.mine, (OWN_QUESTIONS as readonly string[]).includes(game.phase) ? (game.phase as QuestionName) : null), params: {} };
    return b.mine === null ? null : { key: "ann.mine.vote", params: { seat: b.mine } };
  }
  if (!game.night) return null;
  for (let i = game.log.length - 1; i >= 0; i--) {
    const e = game.log[i]!;
    if (e.type === "night-fell") break;
    const a = announcementOf(e, you.seat);
    if (a?.mine) {
      const { nickname: _, ...params } = a.params;
      return { key: a.key, params: { seat: "", ...params } };
    }
  }
  return null;
}
