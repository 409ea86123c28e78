/**
 * The balance meter's worker (RULES.md §5.5 Custom): plays whole bot games of a composition
 * with the engine itself (balance-play.ts: shared/bots playGame, strong bots deciding from their own
 * views, as at a real table) and reports the tallies (balance.ts runBalance). A lazy chunk: loaded only
 * when a Custom profile screen plays; the main thread terminates it when the composition changes.
 */
import * as v from "valibot";
import { playOne } from "./balance-play.ts";
import { BalanceRequestSchema, runBalance, type BalanceReport } from "./balance.ts";

const post = (r: BalanceReport) => (self as unknown as { postMessage(m: BalanceReport): void }).postMessage(r);

self.onmessage = (e: MessageEvent<unknown>) => {
  const req = v.safeParse(BalanceRequestSchema, e.data);
  if (req.success) runBalance(req.output, playOne, () => performance.now(), post);
};
