/**
 * Per-client-address limits (docs/PERFORMANCE.md "Security decisions"): one small Durable Object per
 * address bucket (worker/security/address.ts), addressed by idFromName(bucket), holding one fixed-window
 * counter per *named* limit (LIMITS). A window opens at the counter's first hit and lasts its limit's
 * `windowMs`; once the count reaches `max`, the bucket is refused for that limit until the window ends.
 * An alarm at the earliest window end drops the ended counters; when none is left it deletes
 * everything, so an address that stops hitting leaves no storage behind.
 *
 * The class keeps its first name (GuessLimiter, binding GUESS_LIMITER): renaming a Durable Object
 * class needs a wrangler migration, and room-code guessing was its first counter.
 *
 * - "guess" (worker/security/guess-guard.ts) counts every code lookup *before* it runs (`reserve`,
 *   atomic under concurrency) and gives back the attempts of lookups that found their table
 *   (`refund`): in the end only failed lookups — an unknown table code, a wrong return code — count.
 * - "create" and "auth" (worker/security/rate-limit.ts) count *every* request of two rare routes (table
 *   creation; WebAuthn challenges and password sign-ups), before the work is done.
 *
 * Why a Durable Object and not in-table counting: an unknown code has no table to count in, guessing
 * spreads over many codes, and a created table is a new object each time. Why not a global counter:
 * one object per address bucket never becomes a hot spot.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env.ts";
import { migrate } from "../storage/migrations.ts";
import { GUESS_LIMITER_MIGRATIONS } from "./migrations.ts";

export interface Limit {
  /** Hits per window; the `max`-th hit uses the window up. */
  readonly max: number;
  readonly windowMs: number;
}

/**
 * Room-code guessing: at most 20 *failed* lookups per address bucket per 10 minutes, then 429 until the
 * window ends. With 10,000 live tables among 31⁶ codes that is a hit chance of ≈ 2·10⁻⁴ per window.
 */
export const GUESS_LIMIT = { max: 20, windowMs: 10 * 60_000 } as const satisfies Limit;

/**
 * Table creation (POST /api/tables; each creates a Durable Object, its SQLite and a directory row): 30
 * per address bucket per 10 minutes. A club organiser sets up an evening's tables — a tournament round
 * is ~10 tables, a few re-creations for mistakes — well under 30, even when everyone at the venue
 * shares one Wi-Fi address; a script creating objects in bulk is stopped at 3 a minute on average.
 */
export const CREATE_LIMIT = { max: 30, windowMs: 10 * 60_000 } as const satisfies Limit;

/**
 * Account writes from anonymous requests (every request that would store a WebAuthn challenge row or a
 * new account row in D1: passkey register/login options, password sign-up): 60 per address bucket per
 * 10 minutes. Sessions last 30 days, so at a club evening only new members and new devices sign in —
 * 60 is two tries each for 30 people behind the venue's one address within the same 10 minutes. A
 * script filling D1 with challenges or accounts is stopped at 6 a minute on average.
 */
export const AUTH_LIMIT = { max: 60, windowMs: 10 * 60_000 } as const satisfies Limit;

/** Every named counter an address bucket can have. */
export const LIMITS = { guess: GUESS_LIMIT, create: CREATE_LIMIT, auth: AUTH_LIMIT } as const;
export type LimitName = keyof typeof LIMITS;

export interface LimitVerdict {
  /** True once the counter reached its limit's `max` in this window: further hits are refused. */
  blocked: boolean;
  /**
   * `reserve` refused only because lookups in flight hold the rest of the window (they give their
   * attempts back when they find their table): the same attempt may pass in a moment. Absent otherwise.
   */
  busy?: boolean;
  /** When the window ends (epoch ms); 0 when there is no window. */
  until: number;
  /** Hits in this window (capped at max + 1). */
  count: number;
}

export class GuessLimiter extends DurableObject<Env> {
  /** Whether this instance's storage has its schema (migrations.ts; deleteAll drops it). */
  private ready = false;

  private sql(): SqlStorage {
    if (!this.ready) {
      migrate(this.ctx.storage, GUESS_LIMITER_MIGRATIONS);
      this.ready = true;
    }
    return this.ctx.storage.sql;
  }

  private read(name: LimitName, now: number): { until: number; count: number } | null {
    const r = this.sql().exec("SELECT until, count FROM counters WHERE name = ?", name).toArray()[0];
    if (!r || Number(r.until) <= now) return null;
    return { until: Number(r.until), count: Number(r.count) };
  }

  /** Reserved attempts of this counter still in flight (0 when its window is over or none is). */
  private pending(name: LimitName): number {
    const r = this.sql().exec("SELECT n FROM pending WHERE name = ?", name).toArray()[0];
    return r ? Number(r.n) : 0;
  }

  private setPending(name: LimitName, n: number): void {
    if (n <= 0) this.sql().exec("DELETE FROM pending WHERE name = ?", name);
    else this.sql().exec("INSERT INTO pending (name, n) VALUES (?1, ?2) ON CONFLICT(name) DO UPDATE SET n = ?2", name, n);
  }

  /** The current verdict of one counter without counting anything. */
  status(name: LimitName): LimitVerdict {
    const g = this.read(name, Date.now());
    if (!g) return { blocked: false, until: 0, count: 0 };
    return { blocked: g.count >= LIMITS[name].max, until: g.until, count: g.count };
  }

  /**
   * Count one hit on a counter; returns the verdict after it. At most one row write (none once the
   * count is past the limit) and, when a window opens, an alarm.
   */
  async hit(name: LimitName): Promise<LimitVerdict> {
    const limit = LIMITS[name];
    const now = Date.now();
    const g = this.read(name, now);
    const until = g ? g.until : now + limit.windowMs;
    const count = Math.min((g?.count ?? 0) + 1, limit.max + 1);
    if (count !== g?.count) {
      this.sql().exec(
        "INSERT INTO counters (name, until, count) VALUES (?1, ?2, ?3) ON CONFLICT(name) DO UPDATE SET until = ?2, count = ?3",
        name, until, count,
      );
    }
    if (!g) {
      const alarm = await this.ctx.storage.getAlarm();
      if (alarm === null || alarm > until) await this.ctx.storage.setAlarm(until);
    }
    return { blocked: count >= limit.max, until, count };
  }

  /**
   * The guess guard's atomic check. One attempt is counted *before* its lookup, and
   * the count and the decision are one synchronous step of this object (no await between the read and
   * the write), so concurrent requests cannot all pass a check made before any of them was counted. The
   * attempt may run while the count after it stays below `max` (the `max`-th is refused); a refused
   * attempt is not counted. A lookup that did not fail
   * gives its attempt back (`refund`), so what stays counted are the failures — plus, for as long as
   * they run, the lookups in flight. Those are kept apart (`pending`; a failed one is settled by `fail`):
   * an attempt refused while some of the count is still in flight, and the failures alone leave room, is
   * `busy` rather than blocked — the guard may ask again in a moment (a venue's burst of honest lookups
   * behind one address, guess-guard.ts), and the bound on lookups at any instant stays the same.
   */
  async reserve(name: LimitName): Promise<LimitVerdict & { allowed: boolean }> {
    const limit = LIMITS[name];
    const now = Date.now();
    const g = this.read(name, now);
    const until = g ? g.until : now + limit.windowMs;
    const count = g?.count ?? 0;
    // A new window starts with nothing in flight (attempts of the last one no longer count).
    const inFlight = g ? this.pending(name) : 0;
    if (count + 1 >= limit.max) {
      const busy = inFlight > 0 && count - inFlight + 1 < limit.max;
      return { allowed: false, blocked: !busy, ...(busy ? { busy } : {}), until, count };
    }
    this.sql().exec(
      "INSERT INTO counters (name, until, count) VALUES (?1, ?2, ?3) ON CONFLICT(name) DO UPDATE SET until = ?2, count = ?3",
      name, until, count + 1,
    );
    this.setPending(name, inFlight + 1);
    if (!g) {
      const alarm = await this.ctx.storage.getAlarm();
      if (alarm === null || alarm > until) await this.ctx.storage.setAlarm(until);
    }
    return { allowed: true, blocked: false, until, count: count + 1 };
  }

  /** Give back one attempt of this window (a lookup that did not fail); the row goes at zero. */
  refund(name: LimitName): LimitVerdict {
    const g = this.read(name, Date.now());
    if (!g) return { blocked: false, until: 0, count: 0 };
    if (g.count <= 1) this.sql().exec("DELETE FROM counters WHERE name = ?", name);
    else this.sql().exec("UPDATE counters SET count = count - 1 WHERE name = ?", name);
    this.setPending(name, g.count <= 1 ? 0 : this.pending(name) - 1);
    const count = Math.max(0, g.count - 1);
    return { blocked: count >= LIMITS[name].max, until: count === 0 ? 0 : g.until, count };
  }

  /** A reserved lookup failed: its attempt stays counted, no longer in flight. */
  fail(name: LimitName): LimitVerdict {
    const g = this.read(name, Date.now());
    if (!g) return { blocked: false, until: 0, count: 0 };
    this.setPending(name, this.pending(name) - 1);
    return { blocked: g.count >= LIMITS[name].max, until: g.until, count: g.count };
  }

  /** A window ended: drop the ended counters; with none left, forget the address entirely. */
  override async alarm(): Promise<void> {
    const sql = this.sql();
    sql.exec("DELETE FROM counters WHERE until <= ?", Date.now());
    sql.exec("DELETE FROM pending WHERE name NOT IN (SELECT name FROM counters)");
    const next = sql.exec("SELECT MIN(until) AS next FROM counters").one().next;
    if (next === null) {
      await this.ctx.storage.deleteAll();
      this.ready = false;
    } else {
      await this.ctx.storage.setAlarm(Number(next));
    }
  }
}
