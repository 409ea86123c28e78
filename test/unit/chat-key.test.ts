/**
 * Issue 35: when the table page shows the chat (web/src/table/chat.ts) — the same rule as the table's
 * (worker/table/chat.ts `access`, checked over real frames by test/worker/chat.test.ts): everyone while no
 * game runs; during one, spectators and the seatless organizer (write), the live host (read), a player who
 * is out where the dead hear; never a living player or a consigliere.
 */
import { describe, expect, it } from "vitest";
import type { Identity, TableView } from "../../shared/protocol/messages.ts";
import { chatKeyKind, chatShown } from "../../web/src/table/chat.ts";

function view(status: TableView["status"], o: { you?: number; alive?: boolean; deadHear?: boolean } = {}): TableView {
  const seats = [{ seat: 1, alive: true }, { seat: 2, alive: o.alive ?? true }];
  const game = status === "lobby" ? null : { seats, you: o.you === undefined ? null : { seat: o.you } };
  return { status, game, options: { deadHear: o.deadHear ?? true } } as unknown as TableView;
}
const player: Identity = { kind: "player", playerId: "x", nickname: "Ann" };

describe("issue 35: the page's chat", () => {
  it("lobby and after the end: everyone, writing", () => {
    for (const status of ["lobby", "ended"] as const) {
      for (const id of [player, { kind: "spectator" }, { kind: "host" }, { kind: "organizer" }, { kind: "consigliere", playerId: "x", nickname: "C" }] as Identity[]) {
        expect(chatShown(view(status, { you: 2 }), id)).toEqual({ channel: "table", write: true });
      }
    }
  });
  it("during the game: never a living player or a consigliere; the dead only where they hear", () => {
    expect(chatShown(view("playing", { you: 2 }), player)).toBeNull();
    expect(chatShown(view("playing", { you: 2 }), { kind: "consigliere", playerId: "x", nickname: "C" })).toBeNull();
    expect(chatShown(view("playing", { you: 2, alive: false }), player)).toEqual({ channel: "spectators", write: true });
    expect(chatShown(view("playing", { you: 2, alive: false, deadHear: false }), player)).toBeNull();
    expect(chatShown(view("playing"), { kind: "spectator" })).toEqual({ channel: "spectators", write: true });
    expect(chatShown(view("playing"), { kind: "organizer" })).toEqual({ channel: "spectators", write: true });
    expect(chatShown(view("playing"), { kind: "host" })).toEqual({ channel: "spectators", write: false });
    expect(chatShown(null, player)).toBeNull();
  });
  it("names a sender by the kind of their public key", () => {
    expect(chatKeyKind("v3")).toEqual({ kind: "spectator", n: 3 });
    expect(chatKeyKind("h").kind).toBe("host");
    expect(chatKeyKind("o").kind).toBe("organizer");
    expect(chatKeyKind("p4").kind).toBe("person");
  });
});
