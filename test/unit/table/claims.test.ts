/**
 * Issue 20, public claims on the oval (web/src/table/claims.ts): each seat's latest role claim and latest
 * other claim, from the log a viewer holds; their short badges ("✓5♠" my check, "5♥?" to me, "→5" my vote);
 * and the entries whose words a screen reader hears (their log lines: test/unit/log-text.test.ts).
 */
import { describe, expect, it } from "vitest";
import type { Claim, PlayerAction } from "../../../shared/engine/types.ts";
import { claimMark, latestClaimsFold } from "../../../web/src/table/claims.ts";
import { LAYOUT, Table } from "../engine/harness.ts";

const latestClaims = (log: Parameters<ReturnType<typeof latestClaimsFold>>[0]) => latestClaimsFold()(log);

const claim = (c: Claim): PlayerAction => ({ type: "claim", claim: c });

describe("issue 20: each seat's latest claims, from the log", () => {
  it("the latest role and the latest other claim per seat (older ones give way), in the order they were said", () => {
    const t = new Table({ roles: LAYOUT });
    const a = t.speaker!;
    t.act(a, claim({ kind: "role", role: "civilian" }));
    t.act(a, claim({ kind: "vote", target: 6 }));
    t.act(a, claim({ kind: "role", role: "sheriff" }));
    t.act(a, claim({ kind: "check", target: 5, result: "black" }));
    t.end(a);
    const b = t.speaker!;
    t.act(b, claim({ kind: "opinion", target: a, result: "red" }));
    const m = latestClaims(t.spectator().log);
    expect([...m.keys()].sort()).toEqual([a, b].sort());
    expect(m.get(a)).toMatchObject({ role: "sheriff", say: { kind: "check", target: 5, result: "black" } });
    expect(m.get(a)!.entries.map((e) => e.data)).toEqual([
      { seat: a, claim: { kind: "role", role: "sheriff" } },
      { seat: a, claim: { kind: "check", target: 5, result: "black" } },
    ]);
    expect(m.get(b)).toMatchObject({ role: null, say: { kind: "opinion", target: a, result: "red" } });
  });

  it("a log without claims gives no seat a badge", () => {
    const t = new Table({ roles: LAYOUT });
    expect(latestClaims(t.spectator().log).size).toBe(0);
  });

  it("short badges: my check, to me (a question: an opinion), my vote — a shape as well as a colour", () => {
    expect(claimMark({ kind: "check", target: 5, result: "black" })).toBe("✓5♠");
    expect(claimMark({ kind: "check", target: 3, result: "red" })).toBe("✓3♥");
    expect(claimMark({ kind: "opinion", target: 2, result: "red" })).toBe("2♥?");
    expect(claimMark({ kind: "vote", target: 7 })).toBe("→7");
  });
});
