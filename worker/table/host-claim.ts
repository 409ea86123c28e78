/**
 * RULES.md §5.7, §9.1: a club evening's named host takes the host screen (a fresh host token), and
 * no one who plays at the table hosts it.
 */
import { digest } from "../security/hash.ts";
import { randomToken } from "../security/random.ts";
import { notFound, ORGANIZER_DOMAIN, type Refusal } from "./admission.ts";
import type { TableCore } from "./ports.ts";
import type { Keyed } from "./repositories/keyed.ts";
import type { TournamentLinkRows } from "./repositories/tournament-link.ts";
import type { TableStore } from "./storage.ts";

/** What this part uses of the table (each part gets only what it uses; table.ts builds it). */
interface HostClaimDeps extends Pick<TableCore, "config" | "tx"> {
  readonly hostTaken: Pick<Keyed<string>, "get">;
  readonly tournamentLink: Pick<TournamentLinkRows, "read">;
  readonly store: Pick<TableStore, "control" | "initialized" | "players" | "writeControl">;
}

export class HostClaim {
  constructor(private readonly t: HostClaimDeps) {}

  /**
   * RULES.md §5.7, §6.11: the club evening's named host takes the host screen — a fresh host
   * token for the account the table was opened for (`hostUserId`, checked by the worker's session). The
   * token replaces the last one (the opener's, never used: they play), so exactly one credential hosts;
   * a host socket already open keeps its identity until it closes. Refused `not-allowed` for anyone else
   * or at a table without a named host; a host who asks again gets a new token (another device).
   * RULES.md §9.1 (2026-12-06): a judge never hosts a table at which they play — the host screen sees every
   * role — so an account seated here, or holding one of a tournament table's seats of the draw, is refused
   * (`plays-here`) even when it is the table's named host.
   */
  async claimHost(userId: string): Promise<{ ok: true; token: string } | Refusal> {
    const t = this.t;
    if (!t.store.initialized()) return notFound();
    const config = t.config();
    if (config.host !== "live" || !config.hostUserId || config.hostUserId !== userId) {
      return { ok: false, error: { code: "not-allowed", message: "Only the evening's named host takes this table's host screen." } };
    }
    const seated = t.store.players().some((p) => !p.bot && p.userId === userId);
    const drawn = t.tournamentLink.read()?.seats.some((s) => s.userId === userId) === true;
    if (seated || drawn) return { ok: false, error: { code: "plays-here", message: "This account plays at this table, so it cannot host it (RULES.md §9.1)." } };
    const taken = t.hostTaken.get();
    if (taken !== undefined && taken !== userId) {
      return { ok: false, error: { code: "not-allowed", message: "The club took over this table's host screen while you were away (RULES.md §5.7); it stays with the new host." } };
    }
    const token = randomToken();
    const hash = await digest(ORGANIZER_DOMAIN, token);
    t.tx(() => t.store.writeControl({ ...t.store.control(), organizerTokenHash: hash }));
    return { ok: true, token };
  }
}
