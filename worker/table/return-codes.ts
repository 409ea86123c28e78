/**
 * Coming back on another device with a seat's return code (a fresh token), and the limit on guessing
 * return codes at this table (RETURN_ATTEMPTS).
 */
import { digest, findByDigest } from "../security/hash.ts";
import { randomToken } from "../security/random.ts";
import type { AddressDigests } from "./address-digests.ts";
import { notFound, returnDomain, TOKEN_DOMAIN, type ReturnResult } from "./admission.ts";
import type { ConsiglieriPort, TableCore } from "./ports.ts";
import type { TableStore } from "./storage.ts";

/**
 * Wrong return codes per table (the *target* of the guessing) per window. Guessing is counted first per
 * client address (worker/security/guess-guard.ts: 20 failed lookups per 10 min). Past this many at one
 * table in a window, every *source that gave a wrong code here* in that window is refused (429, the right
 * code included, or the limit would tell) until the window ends — but never the seat itself: a source
 * that has not failed here is always served, so a guesser spread over ten IPv6 /64s cannot lock
 * the real player out. A return
 * code has ≈ 49.5 bits: even one guess per fresh address is hopeless.
 */
export const RETURN_ATTEMPTS = { max: 200, windowMs: 10 * 60_000 } as const;

const NO_DIGEST = new Uint8Array(0);

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface ReturnsDeps extends Pick<TableCore, "config" | "now" | "tx"> {
  readonly addressDigests: Pick<AddressDigests, "of">;
  readonly consiglieri: Pick<ConsiglieriPort, "returnTo">;
  readonly store: Pick<TableStore, "addReturnSource" | "clearReturnSources" | "initialized" | "insertToken" | "players" | "returnGuard" | "returnSourceFailed" | "writeReturnGuard">;
}

export class SeatReturns {
  constructor(private readonly t: ReturnsDeps) {}

  /** A fresh token for the seat whose return code this is (another device). Earlier tokens stay valid. */
  async returnToSeat(returnCode: string, address = "none"): Promise<ReturnResult> {
    const t = this.t;
    if (!t.store.initialized()) return notFound();
    const config = t.config();
    const token = randomToken();
    const [candidate, tokenHash, source] = await Promise.all([digest(returnDomain(config.code), returnCode), digest(TOKEN_DOMAIN, token), t.addressDigests.of(address)]);
    const now = t.now();
    return t.tx((): ReturnResult => {
      let guard = t.store.returnGuard();
      if (now - guard.windowStart >= RETURN_ATTEMPTS.windowMs) {
        guard = { windowStart: now, failures: 0 };
        t.store.clearReturnSources();
      }
      // Over the table's threshold only the sources that failed here are refused.
      if (guard.failures >= RETURN_ATTEMPTS.max && t.store.returnSourceFailed(source)) {
        const retryAfterSeconds = Math.max(1, Math.ceil((guard.windowStart + RETURN_ATTEMPTS.windowMs - now) / 1000));
        const minutes = Math.ceil(retryAfterSeconds / 60);
        return { ok: false, error: { code: "rate-limited", message: `Too many wrong return codes at this table; try again in ${minutes} min.` }, retryAfterSeconds };
      }
      // A seat handed to a bot has no return digest any more: its old code matches nothing.
      const player = findByDigest(candidate, t.store.players(), (p) => p.returnHash ?? NO_DIGEST);
      // §7.10: a consigliere's return code gives a fresh consigliere token for that seat.
      const advised = !player || player.bot ? t.consiglieri.returnTo(candidate, tokenHash, now) : null;
      if (advised !== null) return { ok: true, body: { playerId: advised, token } };
      if (!player || player.bot) {
        t.store.writeReturnGuard({ windowStart: guard.windowStart, failures: guard.failures + 1 });
        t.store.addReturnSource(source);
        return { ok: false, error: { code: "bad-return-code", message: "That return code does not belong to a seat at this table." } };
      }
      t.store.insertToken(tokenHash, player.playerId, now);
      return { ok: true, body: { playerId: player.playerId, token } };
    });
  }
}
