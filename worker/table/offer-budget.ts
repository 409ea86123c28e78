/**
 * Issue 32, finding 10: offer floods. Each WebRTC offer with a new DTLS fingerprint makes the addressed
 * browser rebuild its link, so one player could keep a victim's link (and CPU) busy with offers — 19 of
 * 16 kB a second for 11 s were relayed. The relay keeps a token bucket of offers per link (sender seat
 * → target seat), apart from the signal frames' own budget: an honest mesh client offers once per link,
 * again on an ICE restart or a renegotiation (a camera switched on), never more than a few a minute.
 * Past it the offer is refused `rate-limited` to the sender and never reaches the target; answers and
 * candidates are not counted, nor are other links. Memory only: the buckets live as long as the
 * instance — an object hibernates only after seconds of silence, in which any bucket refills.
 */
import { takeToken } from "./connection.ts";

/** Offers per link: a burst of 8, then one every 4 s. */
export const OFFER_BUDGET = { burst: 8, perSecond: 0.25 } as const;

/** Links kept at most (a 16-seat table has 240); beyond it the oldest are forgotten. */
const LINKS_KEPT = 512;

export class OfferBudget {
  private readonly links = new Map<string, { tokens: number; at: number }>();

  /** May seat `from` send one more offer to seat `to` now? Counts it when it may. */
  take(from: number, to: number, now: number): boolean {
    const key = `${from}>${to}`;
    const taken = takeToken(this.links.get(key) ?? { tokens: OFFER_BUDGET.burst, at: now }, now, OFFER_BUDGET);
    this.links.delete(key);
    if (this.links.size >= LINKS_KEPT) this.links.delete(this.links.keys().next().value as string);
    this.links.set(key, taken.bucket);
    return taken.allowed;
  }
}
