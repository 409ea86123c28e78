/**
 * Room-code guessing, limited per client address (docs/PERFORMANCE.md "Security decisions"): one
 * small Durable Object per address bucket (worker/security/address.ts), addressed by
 * idFromName(bucket). It counts *failed* lookups only — an unknown table code, a wrong return code —
 * in a fixed window that opens at the first failure; at GUESS_LIMIT.max failures the address is
 * refused until the window ends. An alarm at the window's end deletes everything, so an address that
 * stops failing leaves no storage behind.
 *
 * Why a Durable Object and not in-table counting: an unknown code has no table to count in (a probe
 * for an unknown code deliberately writes nothing there), and guessing spreads over many codes. Why
 * not a global counter: one object per address bucket never becomes a hot spot, and an honest
 * player (who does not fail) never touches it at all.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env.ts";

/** At most `max` failed lookups per address bucket per `windowMs`, then 429 until the window ends. */
export const GUESS_LIMIT = { max: 20, windowMs: 10 * 60_000 } as const;

export interface GuessVerdict {
  /** True once the address used up its failures for this window. */
  blocked: boolean;
  /** When the window ends (epoch ms); 0 when there is no window. */
  until: number;
  failures: number;
}

export class GuessLimiter extends DurableObject<Env> {
  /** Whether the table exists in this instance's storage (deleteAll drops it). */
  private ready = false;

  private sql(): SqlStorage {
    if (!this.ready) {
      this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS guard (id INTEGER PRIMARY KEY CHECK (id = 1), window_start INTEGER NOT NULL, failures INTEGER NOT NULL)");
      this.ready = true;
    }
    return this.ctx.storage.sql;
  }

  private read(now: number): { windowStart: number; failures: number } | null {
    const r = this.sql().exec("SELECT window_start, failures FROM guard WHERE id = 1").toArray()[0];
    if (!r) return null;
    const windowStart = Number(r.window_start);
    if (now - windowStart >= GUESS_LIMIT.windowMs) return null;
    return { windowStart, failures: Number(r.failures) };
  }

  /** The current verdict without counting anything. */
  status(): GuessVerdict {
    const g = this.read(Date.now());
    if (!g) return { blocked: false, until: 0, failures: 0 };
    return { blocked: g.failures >= GUESS_LIMIT.max, until: g.windowStart + GUESS_LIMIT.windowMs, failures: g.failures };
  }

  /** Count one failed lookup; returns the verdict after it. One row write. */
  async fail(): Promise<GuessVerdict> {
    const now = Date.now();
    const g = this.read(now);
    const windowStart = g ? g.windowStart : now;
    const failures = Math.min((g?.failures ?? 0) + 1, GUESS_LIMIT.max);
    this.sql().exec(
      "INSERT INTO guard (id, window_start, failures) VALUES (1, ?1, ?2) ON CONFLICT(id) DO UPDATE SET window_start = ?1, failures = ?2",
      windowStart, failures,
    );
    const until = windowStart + GUESS_LIMIT.windowMs;
    if (!g) await this.ctx.storage.setAlarm(until);
    return { blocked: failures >= GUESS_LIMIT.max, until, failures };
  }

  /** The window is over: forget the address entirely. */
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.ready = false;
  }
}
