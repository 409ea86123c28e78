/**
 * Issue 15, the table's media options (docs/MEDIA.md "Table options"; RULES.md §8 media):
 * - the recording switch is the organizer's alone, and while it is on every connection's view says so
 *   (players, spectators), so every client can show the "Recording" mark;
 * - "dead players hear the table" off: while the game runs, the public channel's listeners are the
 *   living seats in every viewer's floor (honest senders never send to a dead seat, and a dead
 *   seat's own client plays nothing); at the end everyone hears everyone again;
 * - the options are kept across an eviction (SQLite) and validated like every control frame.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameView } from "../../shared/engine/types.ts";
import type { TableView } from "../../shared/protocol/messages.ts";
import { control, settle } from "./fixture.ts";
import { type Client, connectAs } from "./helpers.ts";
import { openTable, playToEnd, storedVersion, syncAll, type OpenedTable } from "./play.ts";

let run: OpenedTable;
let organizer: Client;

const publicChannel = (g: GameView) => g.floor.channels.find((c) => c.id === "table");
const dead = (g: GameView) => g.seats.filter((s) => !s.alive).map((s) => s.seat);
const living = (g: GameView) => g.seats.filter((s) => s.alive).map((s) => s.seat);

async function everyone(): Promise<TableView[]> {
  const v = await storedVersion(run.code);
  await syncAll(run, v);
  return [...run.all(), organizer].map((c) => c.lastView());
}

beforeAll(async () => {
  run = await openTable({ seed: "media-options", spectators: 1, capture: false });
  // Sport: the creator does not sit; its organizer token opens the seatless organizer's socket.
  organizer = await connectAs(run.code, run.credentials[0], "organizer");
});
afterAll(() => {
  run?.close();
  organizer?.close();
});

describe("issue 15, RULES.md §8 media: the table's media options", () => {
  it("defaults: not recording, the dead hear the table, spectators hear the public channel (RULES.md §8, issue 30)", async () => {
    for (const view of await everyone()) {
      expect(view.options).toMatchObject({ recording: false, deadHear: true, spectatorsHear: true });
    }
  });

  it("recording: only the organizer switches it; every connection's view shows it while on", async () => {
    const player = run.seated[2]!.client;
    const refused = await control(player, "rec-p", { type: "options", recording: true });
    expect(refused).toMatchObject({ type: "error", code: "not-organizer" });
    for (const view of await everyone()) expect(view.options.recording).toBe(false);

    expect(await control(organizer, "rec-on", { type: "options", recording: true })).toMatchObject({ type: "ack" });
    const views = await everyone();
    expect(views).toHaveLength(12); // ten players, a spectator, the organizer
    for (const view of views) expect(view.options.recording).toBe(true);

    // A wrong shape is refused and changes nothing.
    expect(await control(organizer, "rec-bad", { type: "options", recording: "yes" })).toMatchObject({ type: "error", code: "bad-message" });
    for (const view of await everyone()) expect(view.options.recording).toBe(true);

    expect(await control(organizer, "rec-off", { type: "options", recording: false })).toMatchObject({ type: "ack" });
    for (const view of await everyone()) expect(view.options.recording).toBe(false);
    for (const c of [...run.all(), organizer]) expect(c.schemaFailures, c.name).toEqual([]);
  });

  it("dead players hear the table: off → the public channel's listeners are the living seats, in every view", async () => {
    // Play until somebody is out and a public speech holds the floor.
    await playToEnd(run, {
      until: (g) => dead(g).length > 0 && (publicChannel(g)?.speakers.length ?? 0) > 0 && g.result === null,
    });
    let views = await everyone();
    const game0 = views[0]!.game!;
    expect(dead(game0).length).toBeGreaterThan(0);
    // Default (on): the public channel is everyone's.
    expect(publicChannel(game0)!.listeners).toBe("everyone");

    expect(await control(organizer, "dead-off", { type: "options", deadHear: false })).toMatchObject({ type: "ack" });
    views = await everyone();
    for (const view of views) {
      const g = view.game!;
      expect(view.options.deadHear).toBe(false);
      const table = publicChannel(g)!;
      expect(table.listeners, `listeners in ${g.you ? `seat ${g.you.seat}'s` : "a seatless"} view`).toEqual(living(g));
      for (const s of dead(g)) expect(table.listeners).not.toContain(s);
      // The speakers are unchanged: the floor still says who talks.
      expect(table.speakers).toEqual(publicChannel(game0)!.speakers);
    }
    // A dead player's own view: a channel they are not listed in, so their client plays nothing.
    const deadSeat = dead(views[0]!.game!)[0]!;
    const deadClient = run.seated.find((s) => s.client.lastView().game?.you?.seat === deadSeat)!.client;
    expect(publicChannel(deadClient.lastView().game!)!.listeners).not.toContain(deadSeat);

    // The option is kept in the table's storage: a fresh socket of the same player reads it.
    const again = await connectAs(run.code, run.seated.find((s) => s.client === deadClient)!.join.token, "dead again");
    try {
      expect(again.lastView().options.deadHear).toBe(false);
      expect(publicChannel(again.lastView().game!)!.listeners).toEqual(living(again.lastView().game!));
    } finally {
      again.close();
    }

    // Back on: "everyone" again.
    expect(await control(organizer, "dead-on", { type: "options", deadHear: true })).toMatchObject({ type: "ack" });
    for (const view of await everyone()) expect(publicChannel(view.game!)!.listeners).toBe("everyone");
  });

  it("the end of the game is everyone's, whatever the option says", async () => {
    expect(await control(organizer, "dead-off-2", { type: "options", deadHear: false })).toMatchObject({ type: "ack" });
    await playToEnd(run);
    const [view] = await settle(run.code, [run.seated[0]!.client]);
    expect(view!.game!.result).not.toBeNull();
    expect(publicChannel(view!.game!)!.listeners).toBe("everyone");
  });
});
