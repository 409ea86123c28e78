/**
 * Issue 19 (RULES.md §6.11, §8 "a player may opt out of publication"): shared/publication.ts maskRows,
 * the pure half of worker/accounts/publication.ts publishRows (the D1 half: test/worker/publication.test.ts).
 */
import { describe, expect, it } from "vitest";
import { maskRows } from "../../shared/publication.ts";

const rows = [
  { seat: 1, nickname: "Ann", userId: "u-ann", account: "ann", points: 3 },
  { seat: 2, nickname: "Shade", userId: "u-hid", account: "HiddenOne", points: 1 },
  { seat: 3, nickname: "Guest 3", userId: null, account: null, points: 0 },
  { seat: 7, nickname: "Shade 2", userId: "u-hid", account: "HiddenOne", points: 2 },
];
const hidden = new Set(["u-hid"]);

describe("RULES.md §8 maskRows", () => {
  it("hides every row of an opted-out account from anyone else: seat kept, nick and identity fields null, no account ids", () => {
    for (const viewer of [null, "u-ann", "u-someone"]) {
      const out = maskRows(rows, hidden, viewer, ["account"]);
      expect(out).toEqual([
        { seat: 1, nickname: "Ann", hidden: false, account: "ann", points: 3 },
        { seat: 2, nickname: null, hidden: true, account: null, points: 1 },
        { seat: 3, nickname: "Guest 3", hidden: false, account: null, points: 0 },
        { seat: 7, nickname: null, hidden: true, account: null, points: 2 },
      ]);
      const json = JSON.stringify(out);
      for (const s of ["Shade", "HiddenOne", "u-hid", "u-ann"]) expect(json.includes(s), s).toBe(false);
    }
  });

  it("shows the opted-out person their own rows", () => {
    expect(maskRows(rows, hidden, "u-hid", ["account"]).map((r) => [r.nickname, r.hidden])).toEqual([
      ["Ann", false],
      ["Shade", false],
      ["Guest 3", false],
      ["Shade 2", false],
    ]);
  });

  it("without identity fields the other fields pass through untouched (a caller must list any that names the person)", () => {
    expect(maskRows(rows, hidden, null)[1]).toEqual({ seat: 2, nickname: null, hidden: true, account: "HiddenOne", points: 1 });
  });

  it("nobody opted out: only userId is dropped", () => {
    expect(maskRows(rows, new Set(), null).map((r) => r.hidden)).toEqual([false, false, false, false]);
    expect(maskRows(rows, new Set(), null).every((r) => !("userId" in r))).toBe(true);
  });
});
