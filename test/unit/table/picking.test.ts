/**
 * Issue 14: the web client renders any ability from `view.you.actions` alone (web/src/table/picking.ts):
 * its label is the catalogue key the action carries, its seats are `targets.seats`, it takes between
 * `min` and `max` of them, and it may be skipped when `skip` says so. Driven by the engine's own views
 * (sport and city nights) and by hand-made actions for shapes no preset uses yet (two targets, none).
 */
import { describe, expect, it } from "vitest";
import type { AvailableAction } from "../../../shared/engine/types.ts";
import { ABILITY_IDS } from "../../../shared/engine/index.ts";
import { en } from "../../../web/src/i18n/en.ts";
import { actionKey, canSend, isOneTap, type Picking, pickingOf, SHOT_KEY, takesNobody, tapVotes, toggleSeat, withVoteChange } from "../../../web/src/table/picking.ts";
import { city, toNight } from "../engine/city-helpers.ts";
import { LAYOUT, Table } from "../engine/harness.ts";

const use = (ability: string, min: number, max: number, seats: number[], skip = false): AvailableAction => ({ type: "use", ability, label: `ability.${ability}`, effect: "check", targets: { min, max, seats }, skip });
const pick = (a: AvailableAction): Picking => {
  const p = pickingOf(a);
  if (!p) throw new Error(`no picking for ${a.type}`);
  return p;
};

describe("issue 14 abilities from the action alone", () => {
  it("§2.10 sport's night: the shot and both checks come as `use` with a catalogue label the client has, in every language", () => {
    const t = new Table({ roles: LAYOUT });
    t.speeches();
    expect(t.phase).toBe("night-shot");
    const shot = t.view(1).you!.actions.find((a) => a.type === "use");
    expect(shot).toMatchObject({ type: "use", ability: "mafia-shot", label: "ability.mafia-shot", effect: "attack", skip: false });
    const p = pick(shot!);
    expect(p.key).toBe(SHOT_KEY);
    expect(p.label in en).toBe(true);
    expect(p.make([5])).toEqual({ type: "use", ability: "mafia-shot", targets: [5] });
    expect(p.skip).toBeNull();
  });

  it("§3 city: every turn's ability may be skipped (`skip`), and the skip names the ability", () => {
    const t = city();
    toNight(t);
    const offered = t.view(1).you!.actions.filter((a) => a.type === "use");
    expect(offered.length).toBeGreaterThan(0);
    for (const a of offered) {
      const p = pick(a);
      expect(p.skip).toEqual({ type: "skip", ability: a.type === "use" ? a.ability : "" });
    }
  });

  it("every ability the engine knows has its label in the English catalogue (the reference)", () => {
    for (const id of ABILITY_IDS) expect(`ability.${id}` in en, id).toBe(true);
  });

  it("an ability the client has never heard of still renders: its key is its id, its label the key it carries", () => {
    const p = pick(use("agent-look", 1, 1, [2, 3]));
    expect(p.key).toBe("use:agent-look");
    expect(actionKey(use("agent-look", 1, 1, [2, 3]))).toBe("use:agent-look");
    expect(p.label).toBe("ability.agent-look");
    expect(p.about).toBe("ability.agent-look.about");
  });
});

describe("issue 14 targets: one tap, one seat, up to max seats, or none", () => {
  it("one legal seat and one to name: one tap sends it; a nomination keeps its confirm", () => {
    expect(isOneTap(pick(use("heal", 1, 1, [4])))).toBe(true);
    expect(isOneTap(pick(use("heal", 1, 1, [4, 5])))).toBe(false);
    expect(isOneTap(pick({ type: "vote", targets: [7] }))).toBe(true);
    expect(isOneTap(pick({ type: "nominate", targets: [7] }))).toBe(false);
    // A seat that may also be left out (min 0) or two seats: never one tap.
    expect(isOneTap(pick(use("x", 0, 1, [4])))).toBe(false);
  });

  it("a single-seat ability: a tap replaces the choice, a second tap on it clears it; a seat not offered changes nothing", () => {
    const p = pick(use("heal", 1, 1, [2, 3, 4]));
    expect(toggleSeat(p, [], 3)).toEqual([3]);
    expect(toggleSeat(p, [3], 4)).toEqual([4]);
    expect(toggleSeat(p, [4], 4)).toEqual([]);
    expect(toggleSeat(p, [4], 9)).toEqual([4]);
    expect(canSend(p, [4])).toBe(true);
    expect(canSend(p, [])).toBe(false);
  });

  it("RULES.md §5.2 a tally choice already made (the view's `chosen`) is not offered to send again; another seat is", () => {
    const p = pick({ ...use("mafia-shot", 1, 1, [4, 5, 6]), chosen: [5] } as AvailableAction);
    expect(p.sent).toEqual([5]);
    expect(canSend(p, [5])).toBe(false);
    expect(canSend(p, [6])).toBe(true);
  });

  it("max 2: seats add up to two, a third tap is refused, a chosen one is taken out again; min 2 needs both", () => {
    const p = pick(use("swap", 2, 2, [1, 2, 3, 4]));
    let c = toggleSeat(p, [], 1);
    expect(canSend(p, c)).toBe(false);
    c = toggleSeat(p, c, 3);
    expect(c).toEqual([1, 3]);
    expect(canSend(p, c)).toBe(true);
    expect(toggleSeat(p, c, 4)).toEqual([1, 3]);
    expect(toggleSeat(p, c, 1)).toEqual([3]);
    expect(p.make(c)).toEqual({ type: "use", ability: "swap", targets: [1, 3] });
    const upTo = pick(use("look", 1, 2, [1, 2, 3]));
    expect(canSend(upTo, [2])).toBe(true);
    expect(canSend(upTo, [2, 3])).toBe(true);
  });

  it("min 0: the action may be sent naming nobody; max 0: an ability without a target", () => {
    const maybe = pick(use("kill", 0, 1, [2, 3]));
    expect(takesNobody(maybe)).toBe(true);
    expect(maybe.make([])).toEqual({ type: "use", ability: "kill", targets: [] });
    const none = pick(use("alibi", 0, 0, []));
    expect(takesNobody(none)).toBe(true);
    expect(toggleSeat(none, [], 2)).toEqual([]);
    expect(takesNobody(pick(use("heal", 1, 1, [2])))).toBe(false);
  });

  it("RULES.md §4.6 a question: one seat, always confirmed (never one tap), labelled from the catalogue", () => {
    const p = pickingOf({ type: "ask", targets: [4] })!;
    expect(p.key).toBe("ask");
    expect(isOneTap(p)).toBe(false);
    expect(p.make([4])).toEqual({ type: "ask", target: 4 });
    expect(en[p.label as keyof typeof en]).toBeTruthy();
    expect(en[p.about as keyof typeof en]).toBeTruthy();
  });

  it("RULES.md §4.4 crossed hands: the barred wounded are carried apart from the choosable seats, and a lone choice with a barred seat beside it is confirmed, not one tap", () => {
    const a: AvailableAction = { type: "use", ability: "save", label: "ability.save", effect: "protect", targets: { min: 1, max: 1, seats: [5], barred: [3] }, skip: false };
    const p = pickingOf(a)!;
    expect(p.targets).toEqual([5]);
    expect(p.barred).toEqual([3]);
    expect(isOneTap(p)).toBe(false);
    expect(toggleSeat(p, [], 3)).toEqual([]);
    expect(pickingOf({ ...a, targets: { min: 1, max: 1, seats: [5] } })!.barred).toBeUndefined();
  });
});

describe("issue 38 tatar's vote in turn: one tap votes, and the cast vote can be changed within the turn (RULES.md §7.3)", () => {
  it("RULES.md §7.3 the voter in turn: one tap sends the vote; once cast, the ballot's `change` seats are offered as the same one-tap vote; other ballots keep their confirm", async () => {
    const { tatar, toVote } = await import("../engine/tatar-helpers.ts");
    const t = tatar();
    toVote(t);
    const before = t.view(2);
    const vote = pick(withVoteChange(before.you!.actions, before.ballot).find((a) => a.type === "vote")!);
    expect(tapVotes(vote, before.ballot)).toBe(true);
    t.act(2, vote.make([8]));
    const after = t.view(2);
    expect(after.you!.actions.some((a) => a.type === "vote")).toBe(false);
    const change = withVoteChange(after.you!.actions, after.ballot).find((a) => a.type === "vote");
    expect(change).toEqual({ type: "vote", targets: [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] });
    expect(tapVotes(pick(change!), after.ballot)).toBe(true);
    // Another seat's view offers nothing to change; a closed or open ballot is not one tap.
    expect(withVoteChange(t.view(3).you!.actions, t.view(3).ballot).some((a) => a.type === "vote")).toBe(false);
    expect(tapVotes(vote, { kind: "elimination", mode: "closed", candidates: [1, 2], calling: null, voter: null, votes: [], mine: null })).toBe(false);
  });
});
