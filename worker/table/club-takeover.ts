/**
 * RULES.md §5.7 (2026-12-06): at a club table whose live host's connection is lost, the club's owner and
 * the club's hosts — seated or not — may at once hand the table to the server or take over as its host
 * from their own device. The worker checks who the account is in the club (worker/api/tables.ts); this
 * part checks the table: a game running, a live host, and the host away (the engine waits for them).
 *
 * Taking over as host: a seated taker's seat goes to a bot first (organizer.ts handToBot: its tokens and
 * return code stop working, its sockets close), so the new host never holds a seat and the host screen
 * at once (shared/entitlement.ts: the club-owner and club-host kinds see as the host only while hosting).
 * A fresh host token replaces the last one, so exactly one credential hosts; the log names who hosts
 * now. If the new host's page does not come within the grace, the table waits for them as for any
 * host whose connection is lost (presence.ts), with its timer.
 */
import { CLOSE_CODES } from "../../shared/protocol/messages.ts";
import { digest } from "../security/hash.ts";
import { randomToken } from "../security/random.ts";
import { ORGANIZER_DOMAIN, type Refusal } from "./admission.ts";
import { apply, hostAwayUntil, type Input } from "./engine.ts";
import type { Keyed } from "./repositories/keyed.ts";
import type { FanoutPort, MatchPort, OrganizerPort, PresencePort, TableCore } from "./ports.ts";
import type { Sockets } from "./connection.ts";
import type { TableStore } from "./storage.ts";

/** What the table offers a club's owner or host now: until when the server would take over (null: not waiting for the host), and whether they sit here. */
export interface TakeoverOffer {
  until: number | null;
  seated: boolean;
}

export type TakeoverResult = { ok: true; token: string | null } | Refusal;

interface TakeoverDeps extends Pick<TableCore, "afterChange" | "config" | "now" | "tx"> {
  readonly hostTaken: Pick<Keyed<string>, "put">;
  readonly fanout: Pick<FanoutPort, "closeSocket" | "sendError">;
  readonly match: Pick<MatchPort, "commit" | "persist" | "state">;
  readonly organizer: Pick<OrganizerPort, "handToBot">;
  readonly presence: Pick<PresencePort, "expectHost">;
  readonly sockets: Pick<Sockets, "all" | "attachmentOf">;
  readonly store: Pick<TableStore, "control" | "game" | "initialized" | "players" | "writeControl">;
}

export class ClubTakeover {
  constructor(private readonly t: TakeoverDeps) {}

  offer(userId: string): TakeoverOffer | null {
    const t = this.t;
    if (!t.store.initialized()) return null;
    const state = t.store.game().status === "playing" ? t.match.state() : null;
    return {
      until: t.config().host === "live" && state ? hostAwayUntil(state) : null,
      seated: t.store.players().some((p) => !p.bot && p.userId === userId && p.seat !== null),
    };
  }

  /** `by`: the taker's name for the public log. The worker checked they are the club's owner or one of its hosts. */
  async take(userId: string, by: string, as: "server" | "host"): Promise<TakeoverResult> {
    const t = this.t;
    if (!t.store.initialized()) return { ok: false, error: { code: "not-found", message: "No table with this code." } };
    const now = t.now();
    const state = t.store.game().status === "playing" ? t.match.state() : null;
    if (!state || t.config().host !== "live" || hostAwayUntil(state) === null) {
      return { ok: false, error: { code: "not-allowed", message: "The table is not waiting for its host (RULES.md §5.7)." } };
    }
    if (as === "server") {
      const input: Input = { kind: "control", action: { type: "server-hosts", by } };
      const result = apply(state, input, now);
      if (!result.ok) return { ok: false, error: { code: "not-allowed", message: result.rejection.message } };
      t.match.commit(result.state, [input], now);
      await t.afterChange(now);
      return { ok: true, token: null };
    }
    // A seated taker gives their seat to a bot before they see the host screen.
    const seat = t.store.players().find((p) => !p.bot && p.userId === userId && p.seat !== null);
    if (seat) {
      const refused = t.organizer.handToBot(seat, now);
      if (refused) return { ok: false, error: { code: "not-allowed", message: refused.message } };
    }
    const token = randomToken();
    const hash = await digest(ORGANIZER_DOMAIN, token);
    const done = t.tx(() => {
      const current = t.match.state();
      if (!current) return false;
      const input: Input = { kind: "control", action: { type: "host-taken", by } };
      const result = apply(current, input, now);
      if (!result.ok) return false;
      t.match.persist(result.state, [input], now);
      t.store.writeControl({ ...t.store.control(), organizerTokenHash: hash });
      t.hostTaken.put(userId);
      return true;
    });
    if (!done) return { ok: false, error: { code: "not-allowed", message: "The table is not waiting for its host (RULES.md §5.7)." } };
    // The last host's token no longer hosts: a socket of it still open closes.
    for (const ws of t.sockets.all()) {
      if (t.sockets.attachmentOf(ws, now).identity?.kind !== "host") continue;
      t.fanout.sendError(ws, "organizer-transferred", "Another host took over this table.", null);
      t.fanout.closeSocket(ws, CLOSE_CODES.organizerTransferred, "host taken over");
    }
    await t.presence.expectHost(now);
    await t.afterChange(now);
    return { ok: true, token };
  }
}
