/**
 * Budgets of the signalling relay (docs/MEDIA.md "Limits"), apart from the signal frames' own per-socket
 * budget (SIGNAL_RATE_LIMIT), which bounds frames but not what they make a target do or receive:
 *   - per link (sender → target), token buckets of offers, of answers and of ICE candidates. Each new
 *     offer's fingerprint makes the target rebuild its link; answers and candidates are otherwise free to
 *     stream at the target at the whole frame budget (16 kB × 20 a second). An honest mesh client offers
 *     once per link (again on an ICE restart or a renegotiation — a camera switched on — a few a minute at
 *     most), answers each offer it gets once, and trickles a few dozen candidates per link;
 *   - per sender, a token bucket of bytes (SDP plus candidates): opening links to every peer of a
 *     16-seat table at once stays inside its burst, while streaming at many targets is held to its rate.
 * A spectator's peer number is per socket, so a spectator who reconnects would start afresh: all the
 * spectators of a table share one sender key ("spectators") and one budget per target — a flooding
 * spectator spends the spectators' budget, never a player's.
 * Past any budget the frame is refused `rate-limited` to the sender and reaches nobody. Memory only:
 * the buckets live as long as the instance — an object hibernates only after seconds of silence, in
 * which every bucket refills far enough for honest use.
 */
import { isSpectatorPeer, type MediaPeer } from "../../shared/media/peers.ts";
import type { SignalMessage } from "../../shared/protocol/messages.ts";

interface Limit {
  readonly burst: number;
  readonly perSecond: number;
}

/** Per link: offers and answers a burst of 8, then one every 4 s; candidates a burst of 64, then one a second. */
export const LINK_BUDGET = {
  offer: { burst: 8, perSecond: 0.25 },
  answer: { burst: 8, perSecond: 0.25 },
  candidates: { burst: 64, perSecond: 1 },
} as const satisfies Record<string, Limit>;

/** Per sender: bytes of SDP and candidates (their JSON), a burst of 384 KiB, then 32 KiB a second. */
export const SENDER_BYTES = { burst: 384 * 1024, perSecond: 32 * 1024 } as const satisfies Limit;

/** Buckets kept at most (a 16-seat table's mesh has 240 links × 3 kinds); beyond it the oldest are forgotten. */
const BUCKETS_KEPT = 2048;

interface Bucket {
  tokens: number;
  at: number;
}

/** The bucket refilled to `now`: whether `cost` tokens are there. */
function refill(bucket: Bucket | undefined, now: number, limit: Limit): Bucket {
  if (!bucket) return { tokens: limit.burst, at: now };
  const elapsed = Math.max(0, now - bucket.at);
  return { tokens: Math.min(limit.burst, bucket.tokens + (elapsed * limit.perSecond) / 1000), at: now };
}

/** The bytes a signal makes the relay carry (its SDP and its candidates' JSON). */
export function signalBytes(msg: Pick<SignalMessage, "description" | "candidates">): number {
  return (msg.description?.sdp.length ?? 0) + (msg.candidates ? JSON.stringify(msg.candidates).length : 0);
}

/** Which budget a refusal spent (for the sender's message). */
export type SpentBudget = "offer" | "answer" | "candidates" | "bytes";

export class SignalBudget {
  private readonly buckets = new Map<string, Bucket>();

  /**
   * May peer `from` send `msg` to peer `to` now? Counts it in every budget when it may; when it may not,
   * counts nothing and says which budget is spent.
   */
  take(from: MediaPeer, to: MediaPeer, msg: Pick<SignalMessage, "description" | "candidates">, now: number): SpentBudget | null {
    const sender = isSpectatorPeer(from) ? "spectators" : String(from);
    const wants: Array<{ key: string; limit: Limit; cost: number; kind: SpentBudget }> = [];
    const link = `${sender}>${to}`;
    if (msg.description) wants.push({ key: `${msg.description.type}:${link}`, limit: LINK_BUDGET[msg.description.type], cost: 1, kind: msg.description.type });
    if (msg.candidates) wants.push({ key: `candidates:${link}`, limit: LINK_BUDGET.candidates, cost: msg.candidates.length, kind: "candidates" });
    const bytes = signalBytes(msg);
    if (bytes > 0) wants.push({ key: `bytes:${sender}`, limit: SENDER_BYTES, cost: bytes, kind: "bytes" });
    const refilled = wants.map((w) => ({ ...w, bucket: refill(this.buckets.get(w.key), now, w.limit) }));
    const short = refilled.find((w) => w.bucket.tokens < w.cost);
    if (short) return short.kind;
    for (const w of refilled) {
      this.buckets.delete(w.key);
      if (this.buckets.size >= BUCKETS_KEPT) this.buckets.delete(this.buckets.keys().next().value as string);
      this.buckets.set(w.key, { tokens: w.bucket.tokens - w.cost, at: now });
    }
    return null;
  }
}
