/**
 * RULES.md §8: a finished game's public record (GET /api/tables/:code/games/:n) replayed with
 * the engine — createGame from its seed, players, settings, seat order and immunity, then every input at
 * its time. Used by the record page (web/src/record) and the tests that check a record replays to the
 * result the table showed.
 */
import { apply, createGame } from "./engine/index.ts";
import type { GameState } from "./engine/types.ts";
import type { TableGameRecord } from "./protocol/http.ts";

export interface ReplayStep {
  at: number;
  state: GameState;
}

/**
 * Every state of the game in order (step 0: the game created), and the inputs the engine refused (none expected).
 * RULES.md §8: a player who opted out of publication comes without a nick; `hiddenName` names
 * them by their seat (the page: its catalogue's "Player {n}"). The engine plays by ids: names are display only.
 */
export function replayRecord(rec: TableGameRecord, hiddenName: (seat: number) => string = (seat) => `#${seat}`): { steps: ReplayStep[]; refused: string[] } {
  const players = rec.players.map((p) => ({ id: p.id, nickname: p.nickname ?? hiddenName(p.seat), bot: p.bot }));
  let state = createGame(rec.presetId, rec.settings, players, rec.seed, rec.startedAt, { host: rec.host, keepOrder: rec.keepOrder, ...(rec.immune.length ? { immunity: rec.immune } : {}), ...(rec.longWindows ? { longWindows: true } : {}) });
  const steps: ReplayStep[] = [{ at: rec.startedAt, state }];
  const refused: string[] = [];
  for (const [i, { at, input }] of rec.inputs.entries()) {
    const r = apply(state, input, at);
    if (!r.ok) {
      refused.push(`#${i} ${JSON.stringify(input)}: ${r.rejection.code}`);
      continue;
    }
    state = r.state;
    steps.push({ at, state });
  }
  return { steps, refused };
}
