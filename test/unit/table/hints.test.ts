/**
 * Issue 31.13, the guided first game: the hint line (web/src/table/hints.ts) read from real engine views
 * of a sport table with chosen seats (RULES.md §2): 1 Don, 2–3 Mafia, 4 Sheriff, 5–10 Civilians. Every
 * key it picks exists in all three catalogues, and it is derived from the viewer's own view only.
 */
import { describe, expect, it } from "vitest";
import { en } from "../../../web/src/i18n/en.ts";
import { ru } from "../../../web/src/i18n/ru.ts";
import { uk } from "../../../web/src/i18n/uk.ts";
import { hintFor } from "../../../web/src/table/hints.ts";
import { Table } from "../engine/harness.ts";

const key = (t: Table, seat: number) => hintFor(t.view(seat))?.key ?? null;

describe("issue 31.13 the hint line follows a sport game (RULES.md §2)", () => {
  it("§2.1 dealing: take a card, then hold it", () => {
    const t = new Table({ stopAt: "dealing" });
    expect(key(t, 1)).toBe("take-card");
  });

  it("§2.2 the acquaintance night: the Don may write the plan, a Mafia meets, a civilian waits", () => {
    const t = new Table({ roles: "DMMSCCCCCC", stopAt: "acquaintance" });
    expect(t.phase).toBe("acquaintance");
    expect(key(t, 1)).toBe("plan");
    expect(key(t, 2)).toBe("acquaintance.black");
    expect(key(t, 5)).toBe("acquaintance");
    expect(key(t, 4)).toBe("acquaintance");
  });

  it("§2.3–§2.6 one's speech offers nominating; others listen (with the shout, §2.5); the vote; the wait", () => {
    const t = new Table({ roles: "DMMSCCCCCC" });
    expect(t.phase).toBe("speech");
    expect(t.speaker).toBe(1);
    expect(key(t, 1)).toBe("speech.nominate");
    expect(hintFor(t.view(2))).toEqual({ key: "listen.shout", params: { seat: 1 } });
    t.act(1, { type: "nominate", target: 5 });
    expect(key(t, 1)).toBe("speech");
    t.end(1);
    t.speeches({ 2: 6 });
    expect(t.phase).toBe("voting");
    expect(key(t, 3)).toBe("vote");
  });

  it("§2.10 the night: the black team's shot names the team's agreement, the Sheriff's check, a civilian sleeps", () => {
    const t = new Table({ roles: "DMMSCCCCCC" });
    t.speeches();
    expect(t.phase).toBe("night-shot");
    expect(key(t, 1)).toBe("shot.team");
    expect(key(t, 2)).toBe("shot.team");
    expect(key(t, 5)).toBe("night");
    t.timeout();
    expect(t.phase).toBe("night-check");
    expect(key(t, 4)).toBe("check");
    expect(key(t, 1)).toBe("check");
    expect(key(t, 6)).toBe("night");
  });

  it("the end screen, a spectator and the live host get no hint line (they have their own texts)", () => {
    const t = new Table({ roles: "DMMSCCCCCC" });
    expect(hintFor(t.spectator())).toBeNull();
  });

  it("every key the line can pick is in en, uk and ru", () => {
    const keys = ["paused", "out", "take-card", "card", "shot", "shot.team", "check", "ability", "side", "lift", "vote", "vote.turn", "farewell", "speech.nominate", "speech", "tech-vote", "free-talk", "plan", "acquaintance.black", "acquaintance", "night", "listen", "listen.shout", "vote.wait"];
    const src = String(hintFor).concat(""); // the picker's own source: every literal key it returns is listed above
    for (const m of src.matchAll(/key: (?:[^"]*\? )?"([a-z.-]+)"(?: : "([a-z.-]+)")?/g)) for (const k of [m[1], m[2]]) if (k) expect(keys).toContain(k);
    for (const k of keys) for (const cat of [en, uk, ru] as Array<Record<string, string>>) expect(cat[`hint.${k}`], `hint.${k}`).toBeTruthy();
  });
});
