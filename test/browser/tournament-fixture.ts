/**
 * Issue 34: a finished practice tournament's page (20 players, 2 rounds, a final of 1 game; one name hidden
 * by the publication opt-out; a best move; extra points) as GET /api/tournaments/:id answers it — for the
 * a11y suite's uk/ru/en, 320–430 px checks of /tn/:id (test/browser/a11y.test.ts).
 */
import type { TournamentPage } from "../../shared/protocol/tournaments.ts";

export const TOURNAMENT_ID = "tFixtureTourney00";

const names = ["Олена", "Bohdan_the_long_nickname", ...Array.from({ length: 18 }, (_, i) => `Bot ${i + 1}`)];
const entrants = names.map((n, i) => ({ entrant: i + 1, nickname: i === 5 ? null : n, hidden: i === 5, bot: i >= 2 }));
const roles = ["don", "mafia", "mafia", "sheriff", "civilian", "civilian", "civilian", "civilian", "civilian", "civilian"];
const table = (slot: number, ids: number[], winner: "red" | "black") => ({
  slot, code: `K7Q2P${slot}`, status: "ended" as const, entrants: ids, judge: "Суддя",
  result: {
    winner,
    bestMove: slot === 0 ? { seat: 5, named: [1, 2, 3] } : null,
    seats: ids.map((e, i) => ({ seat: i + 1, entrant: e, role: roles[i]!, team: i < 3 ? "black" : "red", removed: false, extra: i === 0 ? 35 : 0, reason: i === 0 ? "Led the town" : "", points: (i < 3) === (winner === "black") ? 100 : 0 })),
  },
});
const ids = (from: number) => Array.from({ length: 10 }, (_, i) => ((from + i) % 20) + 1);

export const TOURNAMENT: TournamentPage = {
  id: TOURNAMENT_ID, name: "Кубок міста — весняний етап", organizer: "Олена", presetId: "sport", seats: 10, rounds: 2, finalGames: 1, finalFromZero: false, host: "server",
  status: "finished", seed: "practice-e2e-0123456789abcdef",
  entrants,
  judges: ["Суддя"],
  schedule: [
    { round: 1, final: false, status: "ended", scheduledAt: null, sitOut: [], tables: [table(0, ids(0), "red"), table(1, ids(10), "black")] },
    { round: 2, final: false, status: "ended", scheduledAt: null, sitOut: [], tables: [table(0, ids(5), "black"), table(1, ids(15), "red")] },
    { round: 3, final: true, status: "ended", scheduledAt: null, sitOut: [], tables: [table(0, ids(3), "red")] },
  ],
  standings: entrants.map((e, i) => ({ rank: i + 1, entrant: e.entrant, total: 300 - i * 15, games: i < 10 ? 3 : 2, wins: 3 - Math.floor(i / 7), extra: i === 0 ? 35 : 0, bestMove: i === 4 ? 50 : 0, winsAsDon: 0, winsAsChecker: 0, removals: 0, finalist: i < 10 })),
  check: { maxPair: 2, lowerBound: 1, maxSeatRepeat: 1, seatBound: 1, overSeatBound: 0, sitOutSpread: 0, minGames: 2, maxGames: 2, pairStdDev: 0.5, minPair: 0 },
  you: { organizer: true, judge: false, registered: false },
};
