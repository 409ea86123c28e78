/**
 * RULES.md §3: "The creator may set 1–3 Mafia within 10–12 seats, as long as the black team (Don,
 * Mafia, Putana) is smaller than the red team at the deal: at most 2 Mafia at 10 and 11 seats, 3 at 12.
 * A setting that would start the game at parity is refused with a typed error, never played."
 * The table's seats follow the setting (3 Mafia: 12 only), and the organizer's start at 10 or 11
 * seats is refused with `parity-at-start`, changing nothing.
 */
import { describe, expect, it } from "vitest";
import { control } from "./fixture.ts";
import { openTable, storedVersion } from "./play.ts";
import { summary } from "./helpers.ts";

describe("§3 city: no game starts at parity", () => {
  for (const seats of [10, 11]) {
    it(`§3 3 Mafia at ${seats} seats: the table needs 12, and the start is refused with parity-at-start`, async () => {
      let seen = false;
      const opened = openTable({
        seed: `parity-${seats}`,
        preset: "city",
        seats,
        settings: { mafia: 3 },
        beforeStart: async (run) => {
          const s = await summary(run.code);
          expect(s.seats).toMatchObject({ taken: seats, min: 12, max: 12 });
          const org = run.seated[0]!.client;
          expect(org.lastView().capacity).toEqual({ min: 12, max: 12 });
          const before = await storedVersion(run.code);
          const refused = await control(org, "parity", { type: "start" });
          expect(refused).toMatchObject({ type: "error", code: "parity-at-start", ref: "parity" });
          expect((refused as { message: string }).message).toMatch(/at most 2 Mafia/);
          // Nothing changed: no game, same version, still the lobby.
          expect(await storedVersion(run.code)).toBe(before);
          expect((await summary(run.code)).status).toBe("lobby");
          seen = true;
        },
      });
      // openTable's own start is refused the same way.
      await expect(opened).rejects.toThrow(/parity-at-start/);
      expect(seen).toBe(true);
    });
  }

  it("§3 3 Mafia at 12 seats: the game starts at 12 seats", async () => {
    const run = await openTable({ seed: "parity-12", preset: "city", seats: 12, settings: { mafia: 3 } });
    const view = run.seated[0]!.client.lastView();
    expect(view.status).toBe("playing");
    expect(view.game!.seats).toHaveLength(12);
    run.close();
  });

  it("§3 settings are checked when the table is created: 2 Mafia keep 10–12 seats", async () => {
    const run = await openTable({ seed: "parity-2", preset: "city", seats: 10, settings: { mafia: 2 } });
    expect(run.seated[0]!.client.lastView().capacity).toEqual({ min: 10, max: 12 });
    expect(run.seated[0]!.client.lastView().status).toBe("playing");
    run.close();
  });
});
