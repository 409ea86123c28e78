/** Issue 32, finding 1: the page labels a finished game's blanked seat "Player {seat}" from its catalogue. */
import { describe, expect, it } from "vitest";
import type { TableView } from "../../../shared/protocol/messages.ts";
import { labelHidden } from "../../../web/src/table/hidden.ts";

describe("labelHidden", () => {
  it("names blank seats by the label and leaves named ones and seatless blanks alone", () => {
    const view = { lobby: [{ place: 1, seat: 3, nickname: "" }, { place: 2, seat: 4, nickname: "Ann" }], game: { result: { roles: [{ seat: 3, nickname: "", role: "don" }] }, pause: { by: "" } } } as unknown as TableView;
    const out = labelHidden(view, (n) => `Player ${n}`) as unknown as typeof view & { game: { result: { roles: Array<{ nickname: string }> }; pause: { by: string } } };
    expect(out.lobby.map((p) => p.nickname)).toEqual(["Player 3", "Ann"]);
    expect(out.game.result.roles[0]!.nickname).toBe("Player 3");
    expect(out.game.pause.by).toBe("");
  });
  it("returns the same view when nothing is blank", () => {
    const view = { lobby: [{ place: 1, seat: 1, nickname: "Ann" }] } as unknown as TableView;
    expect(labelHidden(view, String)).toBe(view);
  });
});
