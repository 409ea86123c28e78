/**
 * The balance meter's worker (RULES.md §5.5 Custom, issue 16): plays whole bot games of a composition
 * with the engine itself (shared/bots playGame, heuristic bots deciding from their own views, as at a
 * real table) and reports the tallies (balance.ts runBalance). A lazy chunk: loaded only when a Custom
 * profile screen is open; the main thread terminates it when the composition changes.
 */
import * as v from "valibot";
import { playGame } from "../../../shared/bots/index.ts";
import { BalanceRequestSchema, runBalance, type BalanceReport } from "./balance.ts";

const post = (r: BalanceReport) => (self as unknown as { postMessage(m: BalanceReport): void }).postMessage(r);

self.onmessage = (e: MessageEvent<unknown>) => {
  const req = v.safeParse(BalanceRequestSchema, e.data);
  if (!req.success) return;
  runBalance(
    req.output,
    (job, seed) => {
      const r = playGame({ presetId: job.presetId, seats: job.seats, settings: job.settings, seed, mode: "view" });
      return (r.state as { result?: { winner?: string } | null }).result?.winner ?? null;
    },
    () => performance.now(),
    post,
  );
};
