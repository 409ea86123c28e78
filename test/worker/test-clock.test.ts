/**
 * The end-to-end test clock (issue 11: browser games independent of wall-clock phase lengths;
 * worker/api/test-clock.ts, TableObject.advanceClock). It exists only when the worker runs with
 * E2E_CLOCK=1 — this suite's worker does not, so the HTTP route is the API's 404 here and the object
 * refuses; the enabled clock is driven inside the object with the variable set on that instance only.
 *
 * What it must do: live through the rest of one phase at once, exactly as the alarm would have — every
 * item due before the deadline first, in order (a bot's move), then the deadline — with every time the
 * table stores and sends on the moved clock, and nothing for a phase that has already ended.
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { Input } from "../../shared/engine/index.ts";
import type { TableObject } from "../../worker/table/TableObject.ts";
import { Client, postJson, storedGame, tableStub, until } from "./helpers.ts";
import { control, fullTable, gameOf, seatOf, settle } from "./fixture.ts";

let open: Client[] = [];
afterEach(() => {
  for (const c of open) c.close();
  open = [];
});

/** advanceClock on the table's instance, with E2E_CLOCK=1 given to that instance only. */
function advance(code: string, phaseSeq: number, enabled = true) {
  return runInDurableObject(tableStub(code), async (obj: TableObject) => {
    const self = obj as unknown as { env: Record<string, unknown> };
    const before = self.env;
    if (enabled) self.env = { ...before, E2E_CLOCK: "1" };
    try {
      return await obj.advanceClock(phaseSeq);
    } finally {
      self.env = before;
    }
  });
}

async function inputLog(code: string): Promise<Array<{ at: number; input: Input }>> {
  return runInDurableObject(tableStub(code), (_i, state) =>
    state.storage.sql.exec("SELECT at, input FROM input_log ORDER BY seq").toArray().map((r) => ({ at: Number(r.at), input: JSON.parse(String(r.input)) as Input })),
  );
}

describe("test clock (issue 11)", () => {
  it("does not exist unless the worker runs with E2E_CLOCK=1: the route is a 404 and the object refuses", async () => {
    const t = await fullTable();
    open.push(...t.open);
    const seq = gameOf(t.seated[0]!.client).phaseSeq;
    const res = await postJson(`/api/test-clock/${t.code}/advance`, { phaseSeq: seq });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not-found" } });
    expect(await advance(t.code, seq, false)).toMatchObject({ ok: false, reason: "test clock disabled" });
    // Its end of a game is no door either: the route is a 404 and the game goes on.
    const end = await postJson(`/api/test-clock/${t.code}/end`, {});
    expect(end.status).toBe(404);
    expect(await runInDurableObject(tableStub(t.code), (obj: TableObject) => obj.endForTest())).toEqual({ ok: false, reason: "test clock disabled" });
    expect(gameOf(t.seated[0]!.client).phaseSeq).toBe(seq);
  });

  it("lives through a phase at once: a bot's move due before the deadline first, then the deadline; times on the moved clock", async () => {
    const t = await fullTable(); // dealing: take-cards, 15 s (RULES.md §2.1)
    open.push(...t.open);
    const organizer = t.seated[0]!.client;
    const first = gameOf(organizer);
    expect(first.phase).toBe("dealing");
    const deadline = first.deadline!;
    const row = await storedGame(t.code);
    expect(row.alarm_at).toBe(deadline);

    // One seat goes to a bot: its move (a card) is due after its think delay, long before the deadline.
    const botSeat = seatOf(t.seated[4]!.client);
    expect(await control(organizer, "tb", { type: "seat-to-bot", seat: botSeat })).toMatchObject({ type: "ack" });
    await until(() => t.seated[4]!.client.closed, 15_000, "the bot's former socket closed");
    const before = (await inputLog(t.code)).length;

    // A phase that is not the current one: nothing happens.
    expect(await advance(t.code, first.phaseSeq - 1)).toMatchObject({ ok: false, reason: "stale phase" });
    expect(await inputLog(t.code)).toHaveLength(before);

    const started = Date.now();
    const r = await advance(t.code, first.phaseSeq);
    // The table's clock lands on each due time and then runs on with real time while the item is
    // handled (as a real alarm fires at or just after its time): the timeout is at the deadline or a
    // few ms after it, never later than the real time the advance took.
    const spent = Date.now() - started;
    expect(r.ok).toBe(true);
    expect(r.phaseSeq).toBeGreaterThan(first.phaseSeq);
    const added = (await inputLog(t.code)).slice(before);
    // The bot's card, at its due time (before the deadline), then the deadline's timeout at the deadline (see `spent`).
    expect(added.map((e) => e.input.kind)).toEqual(["act", "timeout"]);
    expect(added[0]!.input).toMatchObject({ kind: "act", action: { type: "take-card" } });
    expect(added[0]!.at).toBeLessThan(deadline);
    expect(added[1]!.input).toMatchObject({ kind: "timeout", phaseSeq: first.phaseSeq });
    expect(added[1]!.at - deadline).toBeGreaterThanOrEqual(0);
    expect(added[1]!.at - deadline).toBeLessThanOrEqual(spent);

    // Everyone sees the next phase at once, sent on the moved clock (serverNow past the old deadline),
    // and the next deadline is a whole phase after the old one (the acquaintance night, §2.2: 60 s).
    const [view] = await settle(t.code, [organizer]);
    const next = view!.game!;
    expect(next.phase).toBe("acquaintance");
    expect(next.deadline! - added[1]!.at).toBe(60_000);
    const last = organizer.frames.filter((m) => m.type === "view").at(-1)!;
    expect(last.type === "view" && last.serverNow).toBeGreaterThanOrEqual(deadline);

    // The same phase again: it has ended, nothing more happens.
    const n = (await inputLog(t.code)).length;
    expect(await advance(t.code, first.phaseSeq)).toMatchObject({ ok: false, reason: "stale phase" });
    expect(await inputLog(t.code)).toHaveLength(n);
  });
});
