/**
 * Dev page: /dev/<fixture> renders the table screen from a hand-made view, no server needed.
 * Fixtures: lobby, day, vote, night, lift, end, reconnecting; pause (the organizer's
 * page during an absence pause, seat 7 away, seat 9 a bot), host (the live host's screen mid-night),
 * spectator (a delayed spectator), bot (this seat was handed to a bot: close 4001); announce-vote
 * (the count with who voted for whom, then "seat 7 is voted out"), announce-night (the morning's news),
 * announce-nobody (a miss: nobody died), announce-mine ("your vote: seat 4"), vote-warning (an unused vote
 * goes to the last nominee — this player), dead (the player killed at night watches); city-night
 * (the Doctor's turn at a city table: an ability with a Skip button, rendered from the action alone); the profiles
 * (RULES.md §5): profile-tally (the Don in the mafia's step: the anonymous tally, changeable),
 * profile-tracker (the Tracker's live result, "updating…", and his own choice confirmed), profile-blocked (a
 * blocked Commissar: "result unavailable"), profile-two (a two-seat ability: 1st / 2nd — a layout check, no
 * ability of §5.6 takes two), profile-vote (open voting: the blackmailed player has no vote, the Judge ×2),
 * profile-end (the end screen with the nights' "why"); tatar (RULES.md §7): tatar-vote (voting in turn:
 * this player's own turn, the votes so far, an automatic vote for three fouls), tatar-late (seat 9 is late to
 * vote: a foul and 5 s more, seen by another player), tatar-warn (the Doctor's night step in its last 5 s:
 * the warning), tatar-host (the live host's fouls and remarks; seat 5 removed by fouls, card shown); club
 * (RULES.md §6): club-vote (day 2, "expel both?" after the car crash: candidates 7 and 8, seat 9 dropped out, seat 4
 * cursed, the composition line; this player is the Witness, who saw seat 3), club-host (the live host's panel with
 * Remove per seat; seat 6 removed for an oath); crowd-12 and crowd-15 (a full city table on a phone: long names,
 * neighbours claiming the Commissar). Banners are timed:
 * they show for a few seconds after the page opens. Actions are logged to the console
 * and answered with a sample rejection so the error path can be seen.
 * Loaded lazily: never part of the initial JS.
 */
import { createStore } from "solid-js/store";
import { isNightPhase } from "../../../shared/engine/phase-kinds.ts";
import { LEGEND_MARKS, type AnyLogEntry, type Claim, type Floor, type GameView, type LegendMark, type Seat, type SeatView } from "../../../shared/engine/types.ts";
import type { TableView } from "../../../shared/protocol/messages.ts";
import { createServerClock } from "../lib/clock.ts";
import type { TableController, TableState } from "../table/controller.ts";
import { TablePage } from "../table/TablePage.tsx";

const NAMES = ["Olena", "Taras", "Mykola", "Iryna", "Dmytro", "Sofiia", "Andrii", "Kateryna", "Bohdan", "Yulia"];
const ROLES = ["civilian", "sheriff", "civilian", "don", "civilian", "mafia", "civilian", "civilian", "mafia", "civilian"];
const TEAMS = ROLES.map((r) => (r === "don" || r === "mafia" ? "black" : "red"));

function seats(patch: (s: SeatView) => Partial<SeatView> = () => ({})): SeatView[] {
  return NAMES.map((nickname, i) => {
    const base: SeatView = { seat: i + 1, nickname, bot: false, alive: true, out: null, nominated: false, speaking: false, votes: null, fouls: 0, shoutsLeft: 3 };
    return { ...base, ...patch(base) };
  });
}

/** The public channel: the speaker (if any) heard and seen by everyone (floor). */
function tableFloor(speaker: Seat | null): Floor {
  const on = speaker === null ? [] : [speaker];
  return { channels: [{ id: "table", speakers: on, video: on, listeners: "everyone" }] };
}

/** The legend's marks a scene's viewer meets: the common ones, a black player's own, and a format's (tatar: §7.3, §7.10). */
function fixtureMarks(over: Partial<GameView>): LegendMark[] {
  const extra = new Set<LegendMark>(["nominated", "speaking", "votes", "checks", "fouls", "talking", "away", "bot"]);
  const you = over.you === undefined ? { team: "red" } : over.you;
  if (you?.team === "black") for (const m of ["teammate", "tally"] as const) extra.add(m);
  if (over.presetId === "tatar") for (const m of ["voter", "consigliere"] as const) extra.add(m);
  return LEGEND_MARKS.filter((m) => extra.has(m));
}

function game(over: Partial<GameView>): GameView {
  const now = Date.now();
  const phase = over.phase ?? "speech";
  return {
    presetId: "sport",
    settings: {},
    phase: "speech",
    phaseSeq: 12,
    // The engine's night flag (a fixture of a night phase is night, unless it sets it itself).
    night: !over.result && isNightPhase(phase),
    deadline: now + 42_000,
    timerMs: 60_000,
    paused: null,
    day: 2,
    round: 2,
    seats: seats(),
    speaker: null,
    nominees: [],
    ballot: null,
    shout: null,
    techVote: null,
    floor: tableFloor(over.speaker ?? null),
    you: { seat: 2, role: "sheriff", team: "red", teammates: [], checks: [{ target: 4, night: 1, result: "mafia" }], shootingPlan: null, actions: [] },
    log: [
      { seq: 1, at: now - 300_000, day: 0, type: "seats-drawn", data: { seats: NAMES.map((nickname, i) => ({ seat: i + 1, nickname, bot: false })) } },
      { seq: 2, at: now - 299_000, day: 0, type: "roles-dealt", data: { auto: false } },
      { seq: 3, at: now - 298_000, day: 0, type: "night-fell", data: { round: 1, acquaintance: true } },
      { seq: 4, at: now - 290_000, day: 1, type: "day-started", data: { day: 1, firstSpeaker: 1 } },
      { seq: 5, at: now - 250_000, day: 1, type: "nominated", data: { by: 3, target: 7 } },
      { seq: 6, at: now - 240_000, day: 1, type: "single-candidate-stays", data: { seat: 7 } },
      { seq: 7, at: now - 200_000, day: 1, type: "night-fell", data: { round: 2, acquaintance: false } },
      { seq: 8, at: now - 150_000, day: 1, type: "killed", data: { seat: 10 } },
      { seq: 9, at: now - 140_000, day: 1, type: "speech-started", data: { seat: 10, purpose: "last-words", ms: 60000 } },
      { seq: 10, at: now - 100_000, day: 2, type: "day-started", data: { day: 2, firstSpeaker: 2 } },
      { seq: 11, at: now - 60_000, day: 2, type: "nominated", data: { by: 1, target: 4 } },
    ],
    logAfter: null,
    logUpTo: 11,
    result: null,
    // The legend's marks as the engine lists them for such a viewer (shared/engine/view-facts.ts).
    marks: fixtureMarks(over),
    ...over,
  };
}

const dead10 = (s: SeatView): Partial<SeatView> => (s.seat === 10 ? { alive: false, out: "shot" } : {});

function fixture(name: string): TableView {
  const base: TableView = {
    code: "K7Q2PX",
    presetId: "sport",
    settings: {},
    public: true,
    status: "playing",
    capacity: { min: 10, max: 10 },
    lobby: [],
    game: null,
    connected: [1, 2, 3, 4, 5, 6, 8, 9, 10],
    host: "server",
    hostConnected: false,
    narration: true,
    organizer: { kind: "player", place: 1 },
    organizing: false,
    options: { botAfterMinutesAway: null, spectatorDelaySeconds: 0, allowSameDevice: false, recording: false, deadHear: true, spectatorsHear: false, redrawSeats: false, newEvening: false, botLevel: "strong", longWindows: false },
    pause: null,
    delayMs: 0,
    series: { game: 1, results: [], next: null },
    chat: null,
  };
  const now = Date.now();
  const lobbyOf = (away: number[], bots: number[], organizerPlace: number | null) =>
    NAMES.map((nickname, i) => ({ place: i + 1, seat: i + 1, nickname, bot: bots.includes(i + 1), connected: !away.includes(i + 1), awaySince: away.includes(i + 1) ? now - (i + 1) * 60_000 : null, neverConnected: false, organizer: organizerPlace === i + 1 }));
  switch (name) {
    case "pause":
      return {
        ...base,
        lobby: lobbyOf([7], [9], 2),
        connected: [1, 2, 3, 4, 5, 6, 8, 9, 10],
        organizing: true,
        options: { botAfterMinutesAway: 5, spectatorDelaySeconds: 30, allowSameDevice: false, recording: true, deadHear: true, spectatorsHear: false, redrawSeats: false, newEvening: false, botLevel: "strong", longWindows: false },
        pause: { by: "Taras", reason: "absence", absentSeat: 7, since: now - 20_000 },
        game: game({
          deadline: null,
          paused: { by: "Taras", reason: "absence", remainingMs: 37_000 },
          seats: seats((s) => ({ ...dead10(s), bot: s.seat === 9, speaking: s.seat === 5, nominated: s.seat === 4 })),
          speaker: 5,
          nominees: [4],
          you: { seat: 2, role: "sheriff", team: "red", teammates: [], checks: [], shootingPlan: null, actions: [] },
        }),
      };
    case "host":
      return {
        ...base,
        host: "live",
        hostConnected: true,
        narration: false,
        organizer: { kind: "host" },
        organizing: true,
        lobby: lobbyOf([7], [], null),
        connected: [1, 2, 3, 4, 5, 6, 8, 9, 10],
        game: game({
          phase: "night-shot",
          deadline: null,
          seats: seats((s) => ({ ...dead10(s), role: ROLES[s.seat - 1], team: TEAMS[s.seat - 1] })),
          you: null,
          // The host sees the night's private channel too (§5.7): the black team to itself.
          floor: { channels: [tableFloor(null).channels[0]!, { id: "black-team", speakers: [4, 6, 9], video: [4, 6, 9], listeners: [4, 6, 9] }] },
          host: { canConfirm: true, waiting: false, pending: [9], remaining: 1 },
          log: [
            { seq: 20, at: now - 20_000, day: 2, type: "night-fell", data: { round: 3, acquaintance: false } },
            { seq: 21, at: now - 12_000, day: 2, type: "shot", data: { seat: 4, target: 2 } },
            { seq: 22, at: now - 9_000, day: 2, type: "shot", data: { seat: 6, target: 2 } },
          ],
        }),
      };
    case "spectator":
      return { ...base, lobby: lobbyOf([7], [], 1), delayMs: 60_000, game: game({ seats: seats((s) => ({ ...dead10(s), speaking: s.seat === 5 })), speaker: 5, you: null }) };
    case "bot":
      return { ...base, lobby: lobbyOf([7], [2], 1), game: game({ seats: seats((s) => ({ ...dead10(s), bot: s.seat === 2 })), you: null }) };
    case "lobby":
      return { ...base, status: "lobby", lobby: NAMES.slice(0, 7).map((nickname, i) => ({ place: i + 1, seat: null, nickname, bot: false, connected: i !== 4 && i !== 6, awaySince: i === 4 ? now - 90_000 : i === 6 ? now - 20_000 : null, neverConnected: i === 6, organizer: i === 0 })) };
    case "vote":
      return {
        ...base,
        game: game({
          phase: "voting",
          deadline: now + 8_000,
          seats: seats((s) => ({ ...dead10(s), nominated: s.seat === 4 || s.seat === 7, votes: s.seat === 4 ? 3 : s.seat === 7 ? 2 : null })),
          nominees: [4, 7],
          ballot: { kind: "elimination", mode: "open", candidates: [4, 7], calling: 7, voter: null, votes: [], mine: null },
          you: { seat: 2, role: "sheriff", team: "red", teammates: [], checks: [], shootingPlan: null, actions: [{ type: "vote", targets: [4, 7] }] },
        }),
      };
    case "lift":
      return {
        ...base,
        game: game({
          phase: "lift-vote",
          deadline: now + 10_000,
          seats: seats((s) => ({ ...dead10(s), nominated: s.seat === 4 || s.seat === 7 })),
          nominees: [4, 7],
          ballot: { kind: "lift", mode: "closed", candidates: [4, 7], needed: 5, votes: [], mine: null },
          you: { seat: 2, role: "sheriff", team: "red", teammates: [], checks: [], shootingPlan: null, actions: [{ type: "vote-lift" }] },
        }),
      };
    case "night":
      return {
        ...base,
        game: game({
          phase: "night-shot",
          deadline: now + 6_000,
          seats: seats((s) => ({ ...dead10(s), role: [4, 6, 9].includes(s.seat) ? ROLES[s.seat - 1] : undefined, team: [4, 6, 9].includes(s.seat) ? "black" : undefined })),
          floor: { channels: [tableFloor(null).channels[0]!, { id: "black-team", speakers: [4, 6, 9], video: [4, 6, 9], listeners: [4, 6, 9] }] },
          you: {
            seat: 4,
            role: "don",
            team: "black",
            teammates: [6, 9],
            checks: [{ target: 2, night: 1, result: "sheriff" }],
            shootingPlan: [2, 1, 3],
            actions: [{ type: "use", ability: "mafia-shot", label: "ability.mafia-shot", effect: "attack", targets: { min: 1, max: 1, seats: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, skip: false }],
          },
        }),
      };
    case "city-night":
      // City, the Doctor's turn (RULES.md §3 / §7.6): "heal" may be skipped; not the seat healed last night (8).
      return {
        ...base,
        presetId: "city",
        game: game({
          presetId: "city",
          phase: "night-heal",
          deadline: now + 7_000,
          timerMs: 10_000,
          seats: seats(dead10),
          floor: tableFloor(null),
          you: {
            seat: 5,
            role: "doctor",
            team: "red",
            teammates: [],
            checks: [],
            shootingPlan: null,
            actions: [{ type: "use", ability: "heal", label: "ability.heal", effect: "protect", targets: { min: 1, max: 1, seats: [1, 2, 3, 4, 5, 6, 7, 9] }, skip: true }],
          },
        }),
      };
    case "profile-tally":
    case "profile-tracker":
    case "profile-blocked":
    case "profile-two":
    case "profile-vote":
    case "profile-end":
      return { ...base, presetId: "custom", capacity: { min: 10, max: 10 }, game: profileGame(name, now) };
    case "tatar-vote":
    case "tatar-late":
    case "tatar-warn":
    case "tatar-host":
    case "club-vote":
    case "club-host": {
      // Twelve connected seats; a "-host" fixture is the live host's screen.
      const host = name.endsWith("-host");
      const club = name.startsWith("club");
      const lobby = T_NAMES.map((nickname, i) => ({ place: i + 1, seat: i + 1, nickname, bot: false, connected: true, awaySince: null, neverConnected: false, organizer: false }));
      return {
        ...base, presetId: club ? "club" : "tatar", capacity: { min: 12, max: club ? 15 : 12 }, lobby, connected: lobby.map((p) => p.seat),
        ...(host ? { host: "live" as const, hostConnected: true, narration: false, organizer: { kind: "host" as const }, organizing: true } : {}),
        game: club ? clubGame(name, now) : tatarGame(name, now),
      };
    }
    case "end":
      return {
        ...base,
        status: "ended",
        game: game({
          phase: "game-over",
          deadline: null,
          seats: seats((s) => ({ ...dead10(s), alive: ![10, 4, 6, 9].includes(s.seat), role: ROLES[s.seat - 1], team: TEAMS[s.seat - 1] })),
          result: { winner: "red", reason: "town-eliminated-mafia", roles: NAMES.map((nickname, i) => ({ seat: i + 1, nickname, role: ROLES[i]!, team: TEAMS[i]! })) },
        }),
      };
    case "announce-vote": {
      // Day 2, closed voting on 4 and 7 (7 nominated last): the count, then seat 7 leaves (§2.6, §2.7).
      const ballots = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((voter) => ({ voter, target: [1, 3, 7].includes(voter) ? 4 : 7, auto: voter === 8 || voter === 9 }));
      return {
        ...base,
        game: game({
          phase: "farewell",
          speaker: 7,
          deadline: now + 58_000,
          seats: seats((s) => ({ ...dead10(s), alive: s.seat !== 7 && s.seat !== 10, out: s.seat === 7 ? "voted-out" : s.seat === 10 ? "shot" : null, speaking: s.seat === 7, votes: s.seat === 4 ? 3 : s.seat === 7 ? 6 : null })),
          log: [
            ...game({}).log,
            { seq: 12, at: now - 20_000, day: 2, type: "voting-started", data: { round: "first", mode: "closed", candidates: [4, 7], calling: null } },
            { seq: 13, at: now - 600, day: 2, type: "vote-counted", data: { round: "first", ballots, tally: [{ seat: 4, votes: 3 }, { seat: 7, votes: 6 }], leaders: [7] } },
            { seq: 14, at: now - 600, day: 2, type: "left", data: { seat: 7, how: "voted-out" } },
            { seq: 15, at: now - 600, day: 2, type: "speech-started", data: { seat: 7, purpose: "farewell", ms: 60_000 } },
          ],
          logUpTo: 15,
        }),
      };
    }
    case "announce-night":
    case "announce-nobody": {
      const killed = name === "announce-night";
      const morning: AnyLogEntry[] = killed
        ? [
            { seq: 14, at: now - 600, day: 2, type: "killed", data: { seat: 8 } },
            { seq: 15, at: now - 600, day: 2, type: "left", data: { seat: 8, how: "shot" } },
            { seq: 16, at: now - 600, day: 2, type: "speech-started", data: { seat: 8, purpose: "last-words", ms: 60_000 } },
          ]
        : [
            { seq: 14, at: now - 600, day: 2, type: "shot-missed", data: {} },
            { seq: 15, at: now - 600, day: 3, type: "day-started", data: { day: 3, firstSpeaker: 3 } },
          ];
      return {
        ...base,
        game: game({
          phase: killed ? "last-words" : "speech",
          day: killed ? 2 : 3,
          speaker: killed ? 8 : 3,
          deadline: now + 59_000,
          seats: seats((s) => ({ ...dead10(s), alive: s.seat !== 10 && !(killed && s.seat === 8), out: s.seat === 10 ? "shot" : killed && s.seat === 8 ? "shot" : null, speaking: s.seat === (killed ? 8 : 3) })),
          log: [
            ...game({}).log,
            { seq: 12, at: now - 40_000, day: 2, type: "no-candidates", data: {} },
            { seq: 13, at: now - 39_000, day: 2, type: "night-fell", data: { round: 3, acquaintance: false } },
            ...morning,
          ],
          logUpTo: killed ? 16 : 15,
        }),
      };
    }
    case "announce-mine":
    case "vote-warning": {
      // Closed voting on 4 and 7 (nominated last). announce-mine: this player (seat 2) just voted for
      // 4. vote-warning: this player is seat 7 and has not voted: the unused vote goes to themself.
      const voted = name === "announce-mine";
      const mine: AnyLogEntry[] = voted ? [{ seq: 13, at: now - 500, day: 2, type: "ballot-cast", data: { voter: 2, target: 4 } }] : [];
      return {
        ...base,
        game: game({
          phase: "voting",
          deadline: now + 8_000,
          timerMs: 10_000,
          seats: seats((s) => ({ ...dead10(s), nominated: s.seat === 4 || s.seat === 7 })),
          nominees: [4, 7],
          ballot: { kind: "elimination", mode: "closed", candidates: [4, 7], calling: null, voter: null, votes: [], mine: voted ? 4 : null },
          you: voted
            ? { seat: 2, role: "sheriff", team: "red", teammates: [], checks: [{ target: 4, night: 1, result: "mafia" }], shootingPlan: null, actions: [] }
            : { seat: 7, role: "civilian", team: "red", teammates: [], checks: [], shootingPlan: null, actions: [{ type: "vote", targets: [4, 7] }] },
          log: [
            ...game({}).log,
            { seq: 12, at: now - 2_000, day: 2, type: "voting-started", data: { round: "first", mode: "closed", candidates: [4, 7], calling: null } },
            ...mine,
          ],
          logUpTo: voted ? 13 : 12,
        }),
      };
    }
    case "dead":
      // Seat 10 (this player) was killed on night 1: out, watching, their own card still there.
      return {
        ...base,
        game: game({
          seats: seats((s) => ({ ...dead10(s), speaking: s.seat === 3, nominated: s.seat === 4 })),
          speaker: 3,
          nominees: [4],
          you: { seat: 10, role: "civilian", team: "red", teammates: [], checks: [], shootingPlan: null, actions: [] },
        }),
      };
    case "crowd-12":
    case "crowd-15": {
      // A full city table on a phone: the most seats a format takes, long names, a fouled speaker, and a run
      // of neighbours each claiming the Commissar — the widest tiles the oval has to place.
      const n = name === "crowd-15" ? 15 : 12;
      const names = C_NAMES.slice(0, n);
      const lobby = names.map((nickname, i) => ({ place: i + 1, seat: i + 1, nickname, bot: false, connected: true, awaySince: null, neverConnected: false, organizer: i === 0 }));
      const crowd: SeatView[] = names.map((nickname, i) => ({ seat: i + 1, nickname, bot: false, alive: i + 1 !== n, out: i + 1 === n ? "shot" : null, nominated: i + 1 === 4, speaking: i + 1 === 2, votes: null, fouls: i + 1 === 3 ? 2 : 0, shoutsLeft: 0 }));
      const said: Array<[Seat, Claim]> = [[1, { kind: "role", role: "commissar" }], [3, { kind: "role", role: "commissar" }], [4, { kind: "role", role: "commissar" }], [5, { kind: "role", role: "doctor" }], [6, { kind: "role", role: "commissar" }], [7, { kind: "role", role: "civilian" }], [8, { kind: "role", role: "commissar" }], [9, { kind: "role", role: "commissar" }], [10, { kind: "role", role: "commissar" }], [11, { kind: "role", role: "civilian" }], [3, { kind: "check", target: 4, result: "black" }]];
      const g = game({ seats: crowd, speaker: 2, nominees: [4] });
      const log = [...g.log, ...said.map(([seat, claim], i) => ({ seq: 12 + i, at: now - 30_000 + i * 1000, day: 2, type: "claimed", data: { seat, claim } }) as AnyLogEntry)];
      return {
        ...base, presetId: "city", capacity: { min: 10, max: 15 }, lobby, connected: lobby.map((p) => p.seat),
        game: { ...g, presetId: "city", log, logUpTo: log.length, floor: tableFloor(2), you: { seat: 2, role: "commissar", team: "red", teammates: [], checks: [], shootingPlan: null, actions: [{ type: "end-speech" }, { type: "nominate", targets: names.map((_, i) => i + 1).filter((x) => x !== 2 && x !== n) }] } },
      };
    }
    case "claims": {
      // Seat 2 (you) has the floor and may claim; seats 1 and 3 claimed earlier (badges on the oval).
      const g = game({ seats: seats((s) => ({ ...dead10(s), speaking: s.seat === 2 })), speaker: 2 });
      const said: Array<[Seat, Claim]> = [[1, { kind: "role", role: "sheriff" }], [1, { kind: "check", target: 4, result: "black" }], [3, { kind: "opinion", target: 1, result: "red" }], [3, { kind: "vote", target: 4 }]];
      const log = [...g.log, ...said.map(([seat, claim], i) => ({ seq: 12 + i, at: now - 30_000 + i * 1000, day: 2, type: "claimed", data: { seat, claim } }) as AnyLogEntry)];
      return {
        ...base,
        game: { ...g, log, logUpTo: log.length, you: { ...g.you!, actions: [{ type: "end-speech" }, { type: "nominate", targets: [1, 3, 4, 5, 6, 7, 8, 9] }, { type: "claim", roles: ["don", "mafia", "sheriff", "civilian"], targets: [1, 3, 4, 5, 6, 7, 8, 9, 10], left: 6 }] } },
      };
    }
    default:
      // "day": seat 2 (you) has the floor and may nominate.
      return {
        ...base,
        game: game({
          seats: seats((s) => ({ ...dead10(s), speaking: s.seat === 2, nominated: s.seat === 4 })),
          speaker: 2,
          nominees: [4],
          you: {
            seat: 2,
            role: "sheriff",
            team: "red",
            teammates: [],
            checks: [{ target: 4, night: 1, result: "mafia" }],
            shootingPlan: null,
            actions: [{ type: "end-speech" }, { type: "nominate", targets: [1, 3, 5, 6, 7, 8, 9] }, { type: "tech-vote-start", kinds: ["foul", "defeat", "removal"], targets: [1, 3, 4, 5, 6, 7, 8, 9] }],
          },
        }),
      };
  }
}

/** The crowd fixtures' players: long names, as people write them. */
const C_NAMES = ["Олександра", "Taras", "Mykola_Kyiv", "Іриночка", "Dmytro", "Софія-Марія", "Andrii", "Kateryna", "Bohdan", "Yulia", "Ostap", "Lesia", "Volodymyr", "Анастасія", "Nazar"];

/** A tatar table (RULES.md §7): 12 seats, Don 1, Mafia 6 and 9, Consort 11; Doctor 5, Commissar 2, Maniac 8. */
const T_NAMES = [...NAMES, "Ostap", "Lesia"];
const T_ROLES = ["don", "commissar", "civilian", "civilian", "doctor", "mafia", "civilian", "maniac", "mafia", "civilian", "putana", "civilian"];
const tTeam = (r: string) => (["don", "mafia", "putana"].includes(r) ? "black" : "red");

function tatarGame(name: string, now: number): GameView {
  const tSeats = (patch: (s: SeatView) => Partial<SeatView> = () => ({})): SeatView[] =>
    T_NAMES.map((nickname, i) => {
      const b: SeatView = { seat: i + 1, nickname, bot: false, alive: true, out: null, nominated: false, speaking: false, votes: null, fouls: 0, shoutsLeft: 0 };
      return { ...b, ...patch(b) };
    });
  // Night 1: seat 12 killed; day 2 starts at seat 2, so the vote starts at seat 3 (§7.2, §7.3).
  const day2: AnyLogEntry[] = [
    { seq: 1, at: now - 400_000, day: 0, type: "seats-drawn", data: { seats: T_NAMES.map((nickname, i) => ({ seat: i + 1, nickname, bot: false })) } },
    { seq: 2, at: now - 390_000, day: 1, type: "day-started", data: { day: 1, firstSpeaker: 1 } },
    { seq: 3, at: now - 200_000, day: 1, type: "night-fell", data: { round: 2, acquaintance: false } },
    { seq: 4, at: now - 150_000, day: 2, type: "killed", data: { seat: 12 } },
    { seq: 5, at: now - 120_000, day: 2, type: "day-started", data: { day: 2, firstSpeaker: 2 } },
  ];
  const dead12 = (s: SeatView): Partial<SeatView> => (s.seat === 12 ? { alive: false, out: "killed" } : {});
  const g = (over: Partial<GameView>): GameView => game({ presetId: "tatar", day: 2, round: 2, floor: tableFloor(null), ...over, logUpTo: over.log?.length ?? 0 });
  const living = (but: number) => T_NAMES.map((_, i) => i + 1).filter((x) => x !== 12 && x !== but);
  if (name === "tatar-vote" || name === "tatar-late") {
    const late = name === "tatar-late";
    // Voters so far: 3 → 5, 4 → 5, 5 → 9, 6 → 5; seat 11 has three fouls: one vote against them (§7.9).
    const cast: Array<[number, number]> = late ? [[3, 5], [4, 5], [5, 9], [6, 5], [7, 9], [8, 5]] : [[3, 5], [4, 5], [5, 9], [6, 5]];
    const voter = late ? 9 : 7;
    const log: AnyLogEntry[] = [
      ...day2,
      { seq: 6, at: now - 60_000, day: 2, type: "voting-started", data: { round: "first", mode: "in-turn", candidates: living(0), calling: null } },
      { seq: 7, at: now - 60_000, day: 2, type: "foul-vote", data: { seat: 11 } },
    ];
    for (const [v, target] of cast) {
      log.push({ seq: log.length + 1, at: now - 50_000 + v * 1000, day: 2, type: "voter-called", data: { seat: v } });
      log.push({ seq: log.length + 1, at: now - 49_500 + v * 1000, day: 2, type: "vote-cast", data: { voter: v, target } });
    }
    log.push({ seq: log.length + 1, at: now - (late ? 11_000 : 2_000), day: 2, type: "voter-called", data: { seat: voter } });
    if (late) log.push({ seq: log.length + 1, at: now - 1_000, day: 2, type: "fouled", data: { seat: 9, fouls: 2, cause: "late-vote" } });
    const tally = (seat: number) => cast.filter(([, t]) => t === seat).length + (seat === 11 ? 1 : 0);
    return g({
      phase: "voting",
      deadline: now + (late ? 4_000 : 8_000),
      timerMs: late ? 5_000 : 10_000,
      log,
      seats: tSeats((s) => ({ ...dead12(s), votes: tally(s.seat) || null, fouls: s.seat === 11 ? 3 : s.seat === 9 ? (late ? 2 : 1) : 0 })),
      ballot: { kind: "elimination", mode: "in-turn", candidates: living(0), calling: null, voter, votes: cast.map(([v, target]) => ({ voter: v, target })), mine: null, ...(late ? { lateFouls: 2 } : {}) },
      you: late
        ? { seat: 2, role: "commissar", team: "red", teammates: [], checks: [], shootingPlan: null, actions: [] }
        : { seat: 7, role: "civilian", team: "red", teammates: [], checks: [], shootingPlan: null, actions: [{ type: "vote", targets: living(7) }] },
    });
  }
  if (name === "tatar-warn") {
    const log: AnyLogEntry[] = [
      ...day2,
      { seq: 6, at: now - 90_000, day: 2, type: "peaceful-day", data: { why: "all-one-vote" } },
      { seq: 7, at: now - 60_000, day: 2, type: "night-fell", data: { round: 3, acquaintance: false } },
      { seq: 8, at: now - 6_000, day: 2, type: "night-turn", data: { step: "heal", ms: 10_000 } },
    ];
    return g({
      phase: "night-heal",
      deadline: now + 4_500,
      timerMs: 10_000,
      warnAt: now - 500,
      log,
      seats: tSeats(dead12),
      you: { seat: 5, role: "doctor", team: "red", teammates: [], checks: [], shootingPlan: null, actions: [{ type: "use", ability: "heal", label: "ability.heal", effect: "protect", targets: { min: 1, max: 1, seats: living(0).filter((x) => x !== 3) }, skip: true }] },
    });
  }
  // tatar-host: day 2 free talk; seat 5 was removed by four fouls (card shown), seat 3 has three, seat 8 one.
  const log: AnyLogEntry[] = [
    ...day2,
    { seq: 6, at: now - 90_000, day: 2, type: "fouled", data: { seat: 3, fouls: 3, cause: "host" } },
    { seq: 7, at: now - 40_000, day: 2, type: "remarked", data: { seat: 7 } },
    { seq: 8, at: now - 30_000, day: 2, type: "fouled", data: { seat: 5, fouls: 4, cause: "host" } },
    { seq: 9, at: now - 30_000, day: 2, type: "left", data: { seat: 5, how: "removed" } },
    { seq: 10, at: now - 30_000, day: 2, type: "role-revealed", data: { seat: 5, role: "doctor", team: "red" } },
  ];
  return g({
    phase: "free-talk",
    deadline: now + 71_000,
    timerMs: 120_000,
    log,
    seats: tSeats((s) => ({ ...dead12(s), ...(s.seat === 5 ? { alive: false, out: "removed" as const } : {}), fouls: ({ 3: 3, 5: 4, 8: 1 } as Record<number, number>)[s.seat] ?? 0, role: T_ROLES[s.seat - 1], team: tTeam(T_ROLES[s.seat - 1]!) })),
    floor: { channels: [{ id: "table", speakers: living(5), video: living(5), listeners: "everyone" }] },
    you: null,
    host: { canConfirm: false, waiting: false, pending: [], remaining: 0, fouls: true, foulsToRemove: 4, lastFoul: [3] },
  });
}

/** A club table (RULES.md §6): 12 seats, Boss 1, Mafia 2 and 3; Commissar 4, Doctor 5, Curser 6, Witness 11; the rest Civilians. */
const C_ROLES = ["boss", "mafia", "mafia", "commissar", "doctor", "curser", "civilian", "civilian", "civilian", "civilian", "witness", "civilian"];
const cTeam = (r: string) => (["boss", "mafia"].includes(r) ? "black" : r === "curser" ? "solo" : "red");

function clubGame(name: string, now: number): GameView {
  const host = name === "club-host";
  const entries: AnyLogEntry[] = [
    { seq: 1, at: now - 500_000, day: 0, type: "seats-drawn", data: { seats: T_NAMES.map((nickname, i) => ({ seat: i + 1, nickname, bot: false })) } },
    { seq: 2, at: now - 499_000, day: 0, type: "composition", data: { counts: { boss: 1, mafia: 2, commissar: 1, doctor: 1, witness: 1, curser: 1, civilian: 5 } } },
    { seq: 3, at: now - 480_000, day: 0, type: "night-fell", data: { round: 1, acquaintance: true } },
    ...(host ? [] : [{ seq: 4, at: now - 470_000, day: 0, type: "witnessed", data: { by: 11, target: 3 } } as AnyLogEntry]),
    { seq: 5, at: now - 400_000, day: 1, type: "day-started", data: { day: 1, firstSpeaker: 1 } },
    { seq: 6, at: now - 300_000, day: 1, type: "night-fell", data: { round: 2, acquaintance: false } },
    { seq: 7, at: now - 200_000, day: 2, type: "killed", data: { seat: 12 } },
    { seq: 8, at: now - 199_000, day: 2, type: "cursed", data: { seat: 4 } },
    { seq: 9, at: now - 150_000, day: 2, type: "day-started", data: { day: 2, firstSpeaker: 2 } },
    ...(host
      ? [
          { seq: 10, at: now - 40_000, day: 2, type: "removed-by-host", data: { seat: 6, offence: "oath" } },
          { seq: 11, at: now - 40_000, day: 2, type: "left", data: { seat: 6, how: "removed" } },
          { seq: 12, at: now - 40_000, day: 2, type: "role-revealed", data: { seat: 6, role: "curser", team: "solo" } },
        ] as AnyLogEntry[]
      : [
          { seq: 10, at: now - 60_000, day: 2, type: "candidates", data: { seats: [7, 8, 9] } },
          { seq: 11, at: now - 20_000, day: 2, type: "dropped", data: { seats: [9], left: [7, 8] } },
          { seq: 12, at: now - 3_000, day: 2, type: "lift-vote-started", data: { candidates: [7, 8], mode: "open", needed: 6, question: "expel-both" } },
        ] as AnyLogEntry[]),
  ];
  const log = entries.map((e, i) => ({ ...e, seq: i + 1 }) as AnyLogEntry);
  const cSeats = T_NAMES.map((nickname, i): SeatView => ({
    seat: i + 1, nickname, bot: false, alive: i !== 11 && !(host && i === 5), out: i === 11 ? "killed" : host && i === 5 ? "removed" : null,
    nominated: !host && [7, 8, 9].includes(i + 1), speaking: false, votes: null, fouls: i === 2 ? 1 : 0, shoutsLeft: 0,
    ...(i === 11 || (host && i === 5) || host ? { role: C_ROLES[i], team: cTeam(C_ROLES[i]!) } : i === 10 ? { role: "witness", team: "red" } : {}),
  }));
  const living = cSeats.filter((s) => s.alive).map((s) => s.seat);
  return game({
    presetId: "club", day: 2, round: 2, floor: tableFloor(null), log, logUpTo: log.length, seats: cSeats,
    // What the engine states from that log (shared/engine/view-facts.ts).
    dealt: ["boss", "mafia", "commissar", "doctor", "witness", "curser", "civilian"],
    marks: ["nominated", "speaking", "votes", "checks", "immune", "candidate", "cursed", "witnessed", "fouls", "talking", "away", "bot"],
    composition: [{ role: "boss", count: 1 }, { role: "mafia", count: 2 }, { role: "commissar", count: 1 }, { role: "doctor", count: 1 }, { role: "witness", count: 1 }, { role: "curser", count: 1 }, { role: "civilian", count: 5 }],
    cursed: [4],
    ...(host ? {} : { defence: { candidates: [7, 8], dropped: [9] } }),
    phase: host ? "free-talk" : "expel-both",
    deadline: now + (host ? 80_000 : 8_000),
    timerMs: host ? 120_000 : 10_000,
    nominees: host ? [] : [7, 8, 9],
    ballot: host ? null : { kind: "lift", mode: "open", candidates: [7, 8], needed: 6, votes: [{ voter: 1, lift: true }], mine: null },
    you: host ? null : { seat: 11, role: "witness", team: "red", teammates: [], checks: [], shootingPlan: null, actions: [{ type: "vote-lift" }], witnessed: 3 },
    ...(host ? { host: { canConfirm: false, waiting: false, pending: [], remaining: 0, fouls: true, foulsToRemove: 3, lastFoul: [] } } : {}),
    ...(host ? { floor: { channels: [{ id: "table", speakers: living, video: living, listeners: "everyone" as const }] } } : {}),
  });
}

/** The Custom profile's night and day (RULES.md §5), as one player sees them. */
function profileGame(name: string, now: number): GameView {
  const base = game({}).log.slice(0, 4);
  const night = (step: string): AnyLogEntry[] => [
    ...base,
    { seq: 5, at: now - 60_000, day: 1, type: "night-fell", data: { round: 2, acquaintance: false } },
    { seq: 6, at: now - 20_000, day: 1, type: "night-turn", data: { step, ms: 20_000 } },
  ];
  const over = (g: Partial<GameView>): GameView => game({ presetId: "custom", day: 1, floor: tableFloor(null), deadline: now + 12_000, timerMs: 20_000, ...g, logUpTo: g.log?.length ?? 0 });
  const me = (seat: number, role: string, team: "red" | "black", actions: NonNullable<GameView["you"]>["actions"], teammates: number[] = []): NonNullable<GameView["you"]> => ({ seat, role, team, teammates, checks: [], shootingPlan: null, actions });
  switch (name) {
    case "profile-tally": {
      const log = [...night("mafia"), { seq: 7, at: now - 9_000, day: 1, type: "shot-tally", data: { tally: [{ seat: 2, votes: 1 }, { seat: 7, votes: 2 }], agreed: false } } as AnyLogEntry];
      return over({
        phase: "night-shot",
        log,
        seats: seats((s) => ([4, 6, 9].includes(s.seat) ? { role: ROLES[s.seat - 1], team: "black" } : {})),
        floor: { channels: [tableFloor(null).channels[0]!, { id: "black-team", speakers: [4, 6, 9], video: [4, 6, 9], listeners: [4, 6, 9] }] },
        you: { ...me(4, "don", "black", [{ type: "use", ability: "mafia-shot", label: "ability.mafia-shot", effect: "attack", targets: { min: 1, max: 1, seats: [1, 2, 3, 5, 7, 8, 10] }, skip: false }], [6, 9]), shotTally: { tally: [{ seat: 2, votes: 1 }, { seat: 7, votes: 2 }], agreed: false } },
      });
    }
    case "profile-tracker": {
      const log: AnyLogEntry[] = [
        ...night("watcher"),
        { seq: 7, at: now - 40_000, day: 1, type: "used", data: { by: 2, ability: "track", target: 5, night: 1 } },
        { seq: 8, at: now - 40_000, day: 1, type: "tracked", data: { by: 2, target: 5, night: 1, seats: [], final: false } },
        { seq: 9, at: now - 5_000, day: 1, type: "tracked", data: { by: 2, target: 5, night: 1, seats: [3, 8], final: false } },
      ];
      return over({ phase: "night-turn", log, you: { ...me(2, "tracker", "red", []), reports: [{ kind: "tracked", target: 5, seats: [3, 8], final: false }] } });
    }
    case "profile-blocked": {
      const log: AnyLogEntry[] = [...night("commissar"), { seq: 7, at: now - 3_000, day: 1, type: "check-frozen", data: { by: 2, target: 6, night: 1 } }];
      return over({ phase: "night-check", log, you: { ...me(2, "commissar", "red", []), notes: [{ type: "check-frozen", target: 6 }] } });
    }
    case "profile-two":
      return over({ phase: "night-turn", log: night("blocker"), you: me(2, "blocker", "black", [{ type: "use", ability: "block", label: "ability.block", effect: "block", targets: { min: 2, max: 2, seats: [1, 3, 4, 5, 6, 7, 8, 9, 10] }, skip: true }]) });
    case "profile-vote": {
      const log: AnyLogEntry[] = [
        ...night("mafia"),
        { seq: 7, at: now - 90_000, day: 2, type: "nobody-killed", data: {} },
        { seq: 8, at: now - 89_000, day: 2, type: "day-started", data: { day: 2, firstSpeaker: 2 } },
        { seq: 9, at: now - 8_000, day: 2, type: "voting-started", data: { round: "first", mode: "open", candidates: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], calling: null } },
        { seq: 10, at: now - 8_000, day: 2, type: "silenced", data: { seat: 2, day: 2 } },
        { seq: 11, at: now - 2_000, day: 2, type: "vote-cast", data: { voter: 4, target: 7 } },
        { seq: 12, at: now - 2_000, day: 2, type: "judge-shown", data: { seat: 4 } },
        { seq: 13, at: now - 1_000, day: 2, type: "vote-cast", data: { voter: 9, target: 1 } },
      ];
      return over({
        phase: "voting",
        day: 2,
        log,
        // The view says it — seat 4's vote weighs ×2 (the Judge shown), seat 2 has no vote today.
        seats: seats((s) => ({ votes: s.seat === 7 ? 2 : s.seat === 1 ? 1 : null, ...(s.seat === 4 ? { weight: 2 as const } : {}) })),
        ballot: { kind: "elimination", mode: "open", candidates: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], calling: null, voter: null, votes: [{ voter: 4, target: 7 }, { voter: 9, target: 1 }], mine: null },
        you: { ...me(2, "civilian", "red", [])!, silenced: true },
      });
    }
    default: {
      const roles = ["don", "civilian", "blocker", "mistress", "bodyguard", "doctor", "blackmailer", "maniac", "civilian", "mafia"];
      const team = (r: string) => (["don", "mafia", "blocker", "blackmailer"].includes(r) ? "black" : r === "maniac" ? "solo" : "red");
      return over({
        phase: "game-over",
        deadline: null,
        log: night("watcher"),
        seats: seats((s) => ({ alive: ![4, 5, 9].includes(s.seat), role: roles[s.seat - 1], team: team(roles[s.seat - 1]!) })),
        result: {
          winner: "black",
          reason: "mafia-parity",
          roles: NAMES.map((nickname, i) => ({ seat: i + 1, nickname, role: roles[i]!, team: team(roles[i]!) })),
          nights: [
            {
              night: 1,
              steps: [
                { kind: "blocked", by: 3, ability: "block", target: 6 },
                { kind: "blocked", by: 4, ability: "guest", target: 8 },
                { kind: "protected", by: 5, ability: "guard", target: 2 },
                { kind: "cancelled", by: 6, ability: "heal", target: 2 },
                { kind: "attack", by: [1, 7, 10], ability: "mafia-shot", target: 2, outcome: "stopped", stoppedBy: 5, stoppedWith: "guard" },
                { kind: "attack", by: [1, 7, 10], ability: "mafia-shot", target: 5, outcome: "killed" },
                { kind: "silenced", by: 7, ability: "blackmail", target: 9 },
                { kind: "cancelled", by: 8, ability: "kill", target: 4 },
              ],
            },
            { night: 2, steps: [{ kind: "blocked", by: 4, ability: "guest", target: 9 }, { kind: "attack", by: [1, 7, 10], ability: "mafia-shot", target: 4, outcome: "killed" }, { kind: "bond", by: 4, ability: "guest", target: 9 }] },
            { night: 3, steps: [{ kind: "no-attack", ability: "mafia-shot", reason: "no-target" }] },
          ],
        },
      });
    }
  }
}

/** The chat a fixture's viewer is sent (fixture data: the table decides it, worker/table/chat.ts `access`). */
const FIXTURE_CHAT = { between: { channel: "table", write: true }, host: { channel: "spectators", write: false }, spectator: { channel: "spectators", write: true } } as const;

export default function DevFixture(props: { name: string }) {
  const identity: TableState["identity"] = props.name === "host" || props.name === "tatar-host" || props.name === "club-host" ? { kind: "host" } : props.name === "spectator" || props.name === "bot" ? { kind: "spectator" } : { kind: "player", playerId: "p2", nickname: "Taras" };
  const view = fixture(props.name === "reconnecting" ? "day" : props.name);
  const chat = view.status !== "playing" ? FIXTURE_CHAT.between : identity.kind === "host" ? FIXTURE_CHAT.host : identity.kind === "spectator" ? FIXTURE_CHAT.spectator : null;
  const [state, setState] = createStore<TableState>({
    conn: props.name === "reconnecting" ? "reconnecting" : "open",
    identity,
    version: 1,
    view: { ...view, chat: chat && { ...chat } },
    pending: null,
    notice: null,
    closeCode: props.name === "bot" ? 4001 : null,
    whispers: [],
    // A few lines of the table's chat (a link stays plain text).
    chat: {
      channel: "table",
      entries: [
        { id: 1, at: Date.now() - 60_000, name: "Taras", key: "p1", text: "Hi all, we start at 20:00" },
        { id: 2, at: Date.now() - 30_000, name: "", key: "v1", text: "Rules are at https://example.com/rules" },
      ],
      muted: [],
    },
  });
  if (props.name === "bot") setState("conn", "closed");
  const ctl: TableController = {
    code: "K7Q2PX",
    state,
    clock: createServerClock(),
    act(action) {
      console.log("act", JSON.stringify(action));
      setState("notice", { code: "not-your-turn", message: "sample rejection", at: Date.now() });
    },
    control(action) {
      console.log("control", JSON.stringify(action));
    },
    confirm() {
      console.log("host confirm");
    },
    whisper(text) {
      console.log("whisper", text);
    },
    chat(text) {
      setState("chat", "entries", (list) => [...list, { id: list.length + 1, at: Date.now(), name: "Taras", key: "p1", text }]);
    },
    chatMute(key, muted) {
      setState("chat", "muted", (list) => (muted ? [...list, key] : list.filter((k) => k !== key)));
    },
    host(action) {
      console.log("host", JSON.stringify(action));
    },
    table(action) {
      console.log("table", JSON.stringify(action));
    },
    signal() {},
    onSignal: () => () => {},
    onMediaElsewhere: () => () => {},
    onMediaRefused: () => () => {},
    onViewFrame: () => () => {},
    viewAt: 0,
    iceServers: [],
    mediaMode: "mesh",
    mediaPeer: null,
    onSfu: () => () => {},
    dismiss: () => setState("notice", null),
    dispose() {},
  };
  ctl.clock.sample(Date.now());
  const saved = ["host", "tatar-host", "club-host", "spectator", "bot"].includes(props.name) ? null : { code: "K7Q2PX", playerId: "p2", nickname: "Taras", token: "x", returnCode: "7KQ2M9XH4T", savedAt: 0 };
  return <TablePage ctl={ctl} saved={saved} onWatch={() => console.log("watch")} />;
}
