/** One bot game of a balance job (balance.worker.ts): strong bots, each deciding from its own view. */
import { playGame } from "../../../shared/bots/index.ts";
import type { PlayOne } from "./balance.ts";

export const playOne: PlayOne = (job, seed) => {
  const r = playGame({ presetId: job.presetId, seats: job.seats, settings: job.settings, seed, mode: "view", bots: "strong" });
  return (r.state as { result?: { winner?: string } | null }).result?.winner ?? null;
};
