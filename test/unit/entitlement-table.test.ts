/**
 * The entitlement table (shared/entitlement.ts, docs/PROTOCOL.md "Who sees what") says what RULES.md
 * allows each credential kind, and the oracle (test/unit/engine/entitlement.ts assertSight) checks views
 * against it: every view of a whole sport game passes for the sight the table gives, and a view one
 * sight wider than the table allows is reported (the oracle can fail).
 */
import { describe, expect, it } from "vitest";
import { ENTITLEMENT, SEES_AS, sightOf, type CredentialKind, type Stage } from "../../shared/entitlement.ts";
import { viewFor, type GameState, type GameView } from "../../shared/engine/index.ts";
import { sportStates } from "../fixtures/sport-states.ts";
import { assertSight } from "./engine/entitlement.ts";

const KINDS = Object.keys(SEES_AS) as CredentialKind[];
const STAGES: Stage[] = ["lobby", "day", "night", "ended"];

describe("the entitlement table (RULES.md §1, §2, §5.7, §7.10, §8, §9.1)", () => {
  it("every kind sees the lobby only before the deal and everything at the end (§2.12); the same by day and at night (the night's secrets are in the seat's own view)", () => {
    for (const kind of KINDS) {
      for (const holds of ["seated", "otherwise"] as const) {
        expect(sightOf(kind, "lobby", holds), kind).toBe("lobby");
        expect(sightOf(kind, "ended", holds), kind).toBe("revealed");
        expect(sightOf(kind, "night", holds), kind).toBe(sightOf(kind, "day", holds));
      }
    }
  });

  it("the rows: a player and a consigliere see a seat; only the host sees all; the organizer's token never yields another seat (seated: own seat, seatless: public); spectators public and delayed", () => {
    const day = (kind: CredentialKind, holds: "seated" | "hosting" | "otherwise" = "otherwise") => sightOf(kind, "day", holds);
    expect([day("player"), day("consigliere"), day("host"), day("spectator")]).toEqual(["seat", "seat", "all", "public"]);
    expect([day("organizer"), day("organizer", "seated"), day("organizer-seated", "seated")]).toEqual(["public", "seat", "seat"]);
    expect(() => day("organizer", "hosting"), "the organizer token of a server-hosted table is no host screen").toThrow();
    // §9.1 a judge hosts only a table they do not play at; seated, a player; otherwise a spectator.
    expect([day("judge", "hosting"), day("judge", "seated"), day("judge")]).toEqual(["all", "seat", "public"]);
    // A club's owner and hosts: spectators unless hosting or seated.
    for (const k of ["club-owner", "club-host"] as const) expect([day(k), day(k, "seated"), day(k, "hosting")]).toEqual(["public", "seat", "all"]);
    for (const kind of KINDS) for (const holds of ["seated", "otherwise"] as const) if (kind !== "host") expect(day(kind, holds), `${kind} ${holds}`).not.toBe("all");
    expect(Object.entries(ENTITLEMENT).filter(([, e]) => e.delayed).map(([k]) => k)).toEqual(["spectator"]);
    // §8: the night channel is heard by its seats and the host only: a consigliere hears nothing at night, spectators the public channel.
    expect([ENTITLEMENT.consigliere.hears.night, ENTITLEMENT.spectator.hears.night, ENTITLEMENT.host.hears.night]).toEqual(["none", "public", "all"]);
  });

  it("the oracle passes every view of a whole sport game for the sight the table gives, and reports a view wider than that sight", () => {
    const states = sportStates();
    const state0 = states[0] as unknown as { players: Array<{ id: string; seat: number }> };
    const black = (s: GameState) => (s as unknown as { players: Array<{ id: string; team: string | null }> }).players.find((p) => p.team === "black")!.id;
    const town = (s: GameState) => (s as unknown as { players: Array<{ id: string; team: string | null }> }).players.find((p) => p.team === "red")!.id;
    const seen = new Map<string, number>();
    let checked = 0;
    let caught = 0;
    const expectCaught = (f: () => unknown, what: string) => {
      expect(f, what).toThrow(/entitlement/);
      caught++;
    };
    for (const s of states) {
      const over = (s as unknown as { result: unknown }).result !== null;
      const stage: Stage = over ? "ended" : "day";
      const dealt = (s as unknown as { players: Array<{ role: string | null }> }).players.every((p) => p.role !== null);
      for (const [key, kind, holds, viewer] of [
        ["host", "judge", "hosting", { kind: "host" }],
        ["spectator", "spectator", "otherwise", { kind: "spectator" }],
        ["organizer", "organizer", "otherwise", { kind: "spectator" }],
        ...state0.players.slice(0, 3).map((p) => [p.id, "player", "seated", { kind: "player", playerId: p.id }]),
      ] as Array<[string, CredentialKind, "seated" | "hosting" | "otherwise", Parameters<typeof viewFor>[1]]>) {
        const id = viewer.kind === "player" ? viewer.playerId : null;
        seen.set(key, assertSight(s, sightOf(kind, stage, holds), id, viewFor(s, viewer), seen.get(key) ?? 0));
        checked++;
      }
      if (over || !dealt) continue;
      // Planted: a spectator given the host's screen; a seatless organizer given a seat's view; a town
      // player given the host's; a seat's credential given another seat's view (the organizer token's side door).
      expectCaught(() => assertSight(s, sightOf("spectator", stage), null, viewFor(s, { kind: "host" }), 0), "the host's screen to a spectator");
      expectCaught(() => assertSight(s, sightOf("organizer", stage), null, viewFor(s, { kind: "player", playerId: black(s) }), 0), "a seat's view to the seatless organizer");
      expectCaught(() => assertSight(s, sightOf("club-host", stage, "seated"), town(s), viewFor(s, { kind: "host" }), 0), "the host's screen to a seated club host");
      expectCaught(() => assertSight(s, sightOf("organizer-seated", stage, "seated"), town(s), viewFor(s, { kind: "player", playerId: black(s) }), 0), "another seat's view to a playing organizer");
      // A consigliere view with one more card than the seat has (a teammate's, to a town seat).
      const v = viewFor(s, { kind: "player", playerId: town(s) }) as GameView;
      const other = v.seats.find((x) => x.role === undefined)!;
      const planted = { ...v, seats: v.seats.map((x) => (x.seat === other.seat ? { ...x, role: (s as unknown as { players: Array<{ role: GameView["seats"][number]["role"] }> }).players[x.seat - 1]!.role! } : x)) };
      expectCaught(() => assertSight(s, sightOf("consigliere", stage), town(s), planted, 0), "a teammate's card to a consigliere");
    }
    expect(checked).toBeGreaterThan(6 * 100);
    expect(caught).toBeGreaterThan(5 * 50);
  });
});
