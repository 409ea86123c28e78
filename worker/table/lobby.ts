/**
 * The lobby of a table: people join until the preset's capacity, then the preset's start rule
 * decides (RULES.md §2 "starts by itself as soon as 10 players sit"; §5.1 "the night does not begin
 * until the organizer's command"). Pure: no storage, no clock, no randomness.
 */
import type { TableStatus } from "../../shared/protocol/http.ts";
import { confusable } from "./confusables.ts";
import { getPreset } from "./engine.ts";

export type StartRule = "when-full" | "organizer-command";

export interface LobbyRules {
  seats: { min: number; max: number };
  start: StartRule;
}

export interface LobbyPlayer {
  playerId: string;
  nickname: string;
  /** Join order, 1-based. */
  place: number;
  bot: boolean;
}

export type JoinRefusal = { code: "table-full" | "table-started" | "nickname-taken" | "nickname-confusable" | "nickname-reserved"; message: string };
export type JoinCheck = { ok: true; place: number } | { ok: false; refusal: JoinRefusal };

/** Nicknames are compared without regard to case (after the protocol's NFC/whitespace normalisation). */
export function sameNickname(a: string, b: string): boolean {
  return a.toLocaleLowerCase("en") === b.toLocaleLowerCase("en");
}

/** A bot's nickname: "Bot 1", "Bot 2", … — the same in every language, marked as a bot in every view. */
export const botNickname = (n: number): string => `Bot ${n}`;

/**
 * Is `nickname` a bot's name or a look-alike of one ("bot 3", "Bot3", "Bоt 3" with a Cyrillic о,
 * "Бот 3")? People may not take such names, so a bot is never mistaken for a person nor a person
 * for a bot.
 */
export function reservedForBots(nickname: string): boolean {
  const plain = nickname.normalize("NFKC").toLocaleLowerCase("en").trim();
  if (/^(bot|бот)\s*[#№-]?\s*\d+$/u.test(plain)) return true;
  const digits = /(\d+)\s*$/u.exec(plain)?.[1];
  if (digits === undefined) return false;
  const n = Number(digits);
  return confusable(nickname, botNickname(n)) || confusable(nickname, `Bot${n}`);
}

/** The next bot's nickname: the lowest "Bot n" that nobody at the table uses or looks like. */
export function nextBotNickname(players: readonly Pick<LobbyPlayer, "nickname">[]): string {
  for (let n = 1; ; n++) {
    const name = botNickname(n);
    if (!players.some((p) => sameNickname(p.nickname, name) || confusable(p.nickname, name))) return name;
  }
}

/**
 * May `nickname` sit down now? Gives the join-order place it would take. `others`: seats that are not
 * in the lobby's count but still hold their nickname and place (a rematch lobby's players who have not
 * pressed "play again" yet).
 */
export function checkJoin(status: TableStatus, players: readonly LobbyPlayer[], rules: LobbyRules, nickname: string, others: readonly LobbyPlayer[] = []): JoinCheck {
  if (status !== "lobby") {
    return { ok: false, refusal: { code: "table-started", message: "The game at this table has already started." } };
  }
  if (players.length >= rules.seats.max) {
    return { ok: false, refusal: { code: "table-full", message: `The table is full (${rules.seats.max} seats).` } };
  }
  if (reservedForBots(nickname)) {
    return { ok: false, refusal: { code: "nickname-reserved", message: "Names like \"Bot 3\" belong to the table's bots; choose another." } };
  }
  const all = [...players, ...others];
  if (all.some((p) => sameNickname(p.nickname, nickname))) {
    return { ok: false, refusal: { code: "nickname-taken", message: "Someone at this table already uses that nickname." } };
  }
  // Look-alikes (Unicode confusables, UTS #39): "Vіctim" with a Cyrillic і next to "Victim".
  const twin = all.find((p) => confusable(p.nickname, nickname));
  if (twin) {
    return { ok: false, refusal: { code: "nickname-confusable", message: `That nickname looks like "${twin.nickname}", who already sits here.` } };
  }
  const place = all.reduce((m, p) => Math.max(m, p.place), 0) + 1;
  return { ok: true, place };
}

/**
 * How many seats "fill with bots" fills up to: a table that starts by itself when full
 * (sport, RULES.md §2) fills every seat, which starts the game; a preset with `fillsToMax` (city: its
 * full table is 12, and filling only to 10 left "2 seats left" under a table the organizer meant to fill) fills it;
 * another table started by the organizer's command (§5.1: host-classic, club) fills up to the preset's
 * minimum if fewer sit, and once the minimum sits, up to the maximum.
 */
export function fillTarget(rules: LobbyRules & { presetId?: string }, count: number): number {
  if (rules.start === "when-full") return rules.seats.max;
  if (rules.presetId !== undefined && getPreset(rules.presetId)?.fillsToMax) return rules.seats.max;
  return count < rules.seats.min ? rules.seats.min : rules.seats.max;
}

/**
 * Does the next game of a series keep the seats? A preset with `redrawsSeats` (sport) draws them at
 * random at every start (RULES.md §1 Seat); the other formats keep the last game's seat order for those who stay.
 */
export function rematchKeepsSeats(presetId: string): boolean {
  return getPreset(presetId)?.redrawsSeats !== true;
}

/** Does the game start by itself with `count` players seated? */
export function startsByItself(rules: LobbyRules, count: number): boolean {
  return rules.start === "when-full" && count >= rules.seats.max;
}

export type StartCheck = { ok: true } | { ok: false; code: "not-allowed" | "phase-closed" | "parity-at-start"; message: string };

/**
 * May the organizer's start command start the game now? RULES.md §5.1 "the night does not begin until
 * the organizer's command": only presets whose start rule is "organizer-command", only from the
 * lobby, only with at least the table's minimum of players. Sport (§2) starts by itself when full and
 * refuses the command. `parity`: why the composition cannot start with this many players (the engine's
 * startRefusal, RULES.md §3 "a setting that would start the game at parity is refused with a typed
 * error"), null when it can or when the count is below the preset's own minimum anyway.
 */
export function checkStart(status: TableStatus, rules: LobbyRules, count: number, parity: string | null = null): StartCheck {
  if (rules.start !== "organizer-command") {
    return { ok: false, code: "not-allowed", message: "This table starts by itself when every seat is taken." };
  }
  if (status !== "lobby") return { ok: false, code: "phase-closed", message: "The game has already started." };
  if (parity) return { ok: false, code: "parity-at-start", message: `The game cannot start: ${parity}.` };
  if (count < rules.seats.min) {
    return { ok: false, code: "not-allowed", message: `The game needs at least ${rules.seats.min} players (${count} seated).` };
  }
  return { ok: true };
}

/**
 * One person, one seat: is this device (its digest, when the client sent one) already seated here?
 * `same(a, b)` is the constant-time digest comparison. Allowed when the organizer allows it.
 */
export function deviceTaken<P extends { deviceHash: Uint8Array | null }>(
  players: readonly P[],
  deviceHash: Uint8Array | null,
  allowSameDevice: boolean,
  same: (a: Uint8Array, b: Uint8Array) => boolean,
): boolean {
  if (deviceHash === null || allowSameDevice) return false;
  let taken = false;
  for (const p of players) if (p.deviceHash !== null && same(p.deviceHash, deviceHash)) taken = true;
  return taken;
}

/**
 * Seats per address: does this client address (the keyed digest of its bucket) already hold `limit`
 * seats here? Seats from before addresses were recorded (null) count for nobody.
 */
export function addressFull<P extends { addressHash?: Uint8Array | null }>(
  players: readonly P[],
  addressHash: Uint8Array,
  limit: number,
  same: (a: Uint8Array, b: Uint8Array) => boolean,
): boolean {
  let held = 0;
  for (const p of players) if (p.addressHash && same(p.addressHash, addressHash)) held++;
  return held >= limit;
}
