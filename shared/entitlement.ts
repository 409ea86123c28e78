/**
 * Who sees what: ONE table, per credential kind and stage, of what a connection may be shown
 * (docs/PROTOCOL.md "Who sees what"; RULES.md §1 Secrets, §2, §5.7, §7.10, §8, §9.1). Plain data: the
 * table object's view selection reads it (worker/table/match.ts viewerOf), and the independent leak
 * oracle (test/unit/engine/entitlement.ts) checks every frame against it. A new credential kind or a
 * new way to see the game is added here first, so there is one place that says what it may see.
 */

/** The ways a connection comes to look at a table (how each is obtained: docs/PROTOCOL.md). */
export type CredentialKind =
  | "player"
  | "consigliere"
  | "host"
  | "judge"
  | "organizer-seated"
  | "organizer"
  | "spectator"
  | "club-owner"
  | "club-host";

/** The table's stages: the lobby (no cards), a game's day and night, its end. */
export type Stage = "lobby" | "day" | "night" | "ended";

/**
 * What a connection may see of the game:
 * - `lobby`: the lobby only (nicknames, places, presence); no game exists, so no card.
 * - `public`: the public game (seats, speeches, nominations, counted votes, the public log); no card,
 *   no night action, no running closed ballot.
 * - `seat`: one seat's view — the public game plus that seat's own card, the black team it has met, its
 *   own checks and night information, its own ballot.
 * - `all`: every card and every night event (the live host's screen, §5.7).
 * - `revealed`: the end — every card and every event (§2.12), opted-out names masked (§8 publication).
 */
export type Sight = "lobby" | "public" | "seat" | "all" | "revealed";

/** Which media channels a connection hears (RULES.md §8). */
export type Hears = "none" | "public" | "seat" | "all";

export interface Entitlement {
  readonly sees: Readonly<Record<Stage, Sight>>;
  readonly hears: Readonly<Record<Stage, Hears>>;
  /** Sees the game only after the table's spectator delay. */
  readonly delayed: boolean;
}

const PUBLIC: Entitlement = {
  sees: { lobby: "lobby", day: "public", night: "public", ended: "revealed" },
  // §8 the public channel only, never the night channel.
  hears: { lobby: "public", day: "public", night: "public", ended: "public" },
  delayed: false,
};

export const ENTITLEMENT: Readonly<Record<"player" | "consigliere" | "host" | "organizer" | "spectator", Entitlement>> = {
  // §2.1, §2.2, §2.10: own card, the met black team, own checks.
  player: { sees: { lobby: "lobby", day: "seat", night: "seat", ended: "revealed" }, hears: { lobby: "public", day: "seat", night: "seat", ended: "public" }, delayed: false },
  // §7.10: exactly its seat's information, only while bound (bound only before the deal); §8 hears the
  // seat by day (and its whispers), nothing at night.
  consigliere: { sees: { lobby: "lobby", day: "seat", night: "seat", ended: "revealed" }, hears: { lobby: "public", day: "seat", night: "none", ended: "public" }, delayed: false },
  // §5.7, §8: every role, every night event, every channel.
  host: { sees: { lobby: "lobby", day: "all", night: "all", ended: "revealed" }, hears: { lobby: "all", day: "all", night: "all", ended: "all" }, delayed: false },
  // The seatless organizer of a server-hosted table: what a spectator without delay sees.
  organizer: PUBLIC,
  // §8: public information only, after the table's spectator delay.
  spectator: { ...PUBLIC, delayed: true },
};

/**
 * Kinds that are not views of their own: each sees as one of the rows above, by what it holds at this
 * table — a seat (`seated`), the host screen (`hosting`), or neither.
 */
export const SEES_AS: Readonly<Record<CredentialKind, { seated: keyof typeof ENTITLEMENT; hosting: keyof typeof ENTITLEMENT | null; otherwise: keyof typeof ENTITLEMENT }>> = {
  player: { seated: "player", hosting: null, otherwise: "player" },
  consigliere: { seated: "consigliere", hosting: null, otherwise: "consigliere" },
  host: { seated: "host", hosting: "host", otherwise: "host" },
  // §9.1: a judge hosts only a table they judge and do not play at; seated there, they are a player.
  judge: { seated: "player", hosting: "host", otherwise: "spectator" },
  // The organizer token never yields another seat's view: a playing organizer sees their own seat.
  "organizer-seated": { seated: "player", hosting: null, otherwise: "player" },
  organizer: { seated: "player", hosting: null, otherwise: "organizer" },
  spectator: { seated: "spectator", hosting: null, otherwise: "spectator" },
  // A club's owner and hosts see as anyone else: a spectator, unless hosting (the host screen) or seated.
  "club-owner": { seated: "player", hosting: "host", otherwise: "spectator" },
  "club-host": { seated: "player", hosting: "host", otherwise: "spectator" },
};

/**
 * What a credential of this kind may see at this stage, holding a seat or the host screen or neither.
 * @internal The tests' oracle: every view the server sends is checked against this table.
 */
export function sightOf(kind: CredentialKind, stage: Stage, holds: "seated" | "hosting" | "otherwise" = "otherwise"): Sight {
  const row = SEES_AS[kind];
  const as = holds === "hosting" ? row.hosting : row[holds];
  if (as === null) throw new Error(`entitlement: a ${kind} never holds the host screen`);
  return ENTITLEMENT[as].sees[stage];
}
