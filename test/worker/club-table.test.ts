/**
 * Issue 18, the club at the table through the table object (RULES.md §6):
 *  - the create form's role-count checks (web/src/home/role-counts.ts) agree with the server: what the
 *    form turns off the API refuses, and what it lets through is a table of exactly the sizes it names;
 *  - §6.9 the live host's removal without warning (the host panel's Remove: `{type:"host", action:
 *    {type:"remove", seat, offence}}`) reaches the engine, only from the host, and every viewer sees the
 *    offence and the card (the club's reveal is open); a format without it refuses the frame.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { REMOVAL_REASONS } from "../../shared/engine/types.ts";
import { checkCounts, defaultCounts } from "../../web/src/home/role-counts.ts";
import { Client, connectAs, createTable, everyoneConnected, postJson, summary, tableStub } from "./helpers.ts";
import { control, fullTable, gameOf, hostInput, joinOk, logOf, settle } from "./fixture.ts";

let open: Client[] = [];
afterEach(() => {
  for (const c of open) c.close();
  open = [];
});

describe("RULES.md §6 the create form's role counts agree with the server", () => {
  const cases: Array<[string, Record<string, number>]> = [
    ["the default composition", defaultCounts("club")],
    ["no Boss", { ...defaultCounts("club"), boss: 0 }],
    ["five Mafia (14–15 seats only)", { ...defaultCounts("club"), mafia: 5 }],
    ["six Mafia and every role (parity at any size)", { boss: 1, mafia: 6, commissar: 1, doctor: 1, kamikaze: 1, witness: 1, maniac: 1, curser: 1, swindler: 1, werewolf: 1 }],
  ];
  for (const [name, counts] of cases) {
    it(`§6 ${name}: the form's verdict is the server's`, async () => {
      const form = checkCounts("club", counts);
      const res = await postJson("/api/tables", { presetId: "club", settings: counts });
      if (form.range === null) {
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("bad-settings");
      } else {
        expect(res.status).toBe(201);
        const { code } = (await res.json()) as { code: string };
        expect((await summary(code)).seats).toMatchObject(form.range);
      }
    });
  }
});

/** A live-host club table of 12, started by the host (the organizer's start, §6), played up to day 1's free talk. */
async function clubWithHost(): Promise<{ code: string; host: Client; players: Client[]; spectator: Client; everyone: () => Client[] }> {
  const created = await createTable({ presetId: "club", host: "live" });
  const host = await connectAs(created.code, created.organizerToken, "host");
  open.push(host);
  const players: Client[] = [];
  for (let i = 1; i <= 12; i++) {
    const j = await joinOk(created.code, { nickname: `CU${i}` });
    const c = await connectAs(created.code, j.token, `CU${i}`);
    players.push(c);
    open.push(c);
  }
  const spectator = await connectAs(created.code, undefined, "spectator");
  open.push(spectator);
  await everyoneConnected(players, 12);
  expect(await control(host, "start", { type: "start" })).toMatchObject({ type: "ack" });
  const everyone = () => [host, ...players, spectator];
  const stub = tableStub(created.code);
  // The cards' time, then the acquaintance night's wakes (§6.1), none waiting for the host.
  for (let i = 0; i < 12; i++) {
    await settle(created.code, everyone());
    if (gameOf(host).phase === "free-talk") break;
    expect(await runDurableObjectAlarm(stub)).toBe(true);
  }
  await settle(created.code, everyone());
  expect(gameOf(host).phase).toBe("free-talk");
  return { code: created.code, host, players, spectator, everyone };
}

describe("RULES.md §6.9 the live host's removal without warning", () => {
  it("§6.9 the host removes a seat naming the offence: everyone reads the offence, the seat is out and its card shown; only the host may; a bad offence is no message", async () => {
    const t = await clubWithHost();
    // The panel's fouls are open (the Remove buttons are enabled with them).
    expect(gameOf(t.host).host).toMatchObject({ fouls: true });
    const role = gameOf(t.host).seats[6]!.role!;
    expect(role).toBeTruthy();

    expect(await hostInput(t.players[0]!, "p1", { type: "remove", seat: 7, offence: "oath" })).toMatchObject({ type: "error", code: "not-host" });
    expect(await hostInput(t.host, "b1", { type: "remove", seat: 7, offence: "misbehaving" })).toMatchObject({ type: "error", code: "bad-message" });
    expect(await hostInput(t.host, "b2", { type: "remove", seat: 7 })).toMatchObject({ type: "error", code: "bad-message" });
    await settle(t.code, t.everyone());
    expect(gameOf(t.spectator).seats[6]!.alive).toBe(true);

    expect(REMOVAL_REASONS).toContain("oath");
    expect(await hostInput(t.host, "r1", { type: "remove", seat: 7, offence: "oath" })).toMatchObject({ type: "ack" });
    await settle(t.code, t.everyone());
    for (const c of t.everyone()) {
      expect(logOf(c, "removed-by-host").map((e) => e.data), c.name).toEqual([{ seat: 7, offence: "oath" }]);
      expect(gameOf(c).seats[6]).toMatchObject({ alive: false, out: "removed", role, fouls: 0 });
    }
    // A seat already out cannot be removed again.
    expect(await hostInput(t.host, "r2", { type: "remove", seat: 7, offence: "peeking" })).toMatchObject({ type: "error", code: "illegal-target" });
    for (const c of t.everyone()) expect(c.schemaFailures, c.name).toEqual([]);
  });

  it("§5.7 a sport table's live host has no removal without warning: the engine refuses the frame (not-allowed)", async () => {
    const t = await fullTable({ host: "live" }, { creatorSits: false });
    open.push(...t.open);
    const host = await connectAs(t.code, t.organizerToken, "host");
    open.push(host);
    expect(await hostInput(host, "x", { type: "remove", seat: 1, offence: "oath" })).toMatchObject({ type: "error", code: "not-allowed" });
  });
});
