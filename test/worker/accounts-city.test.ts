/**
 * RULES.md §3 "Only a table creator with an account may enable it" and §8 "Accounts: guests can play;
 * creating a city table requires an account". Joining signed in links the seat to the account.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { nick, post, signUp } from "./accounts-helpers.ts";
import { createTable, deviceFor, from, join, tableStub } from "./helpers.ts";

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe("city needs a signed-in creator", () => {
  it("a guest asking for a city table gets 401 sign-in-required with a clear message", async () => {
    const res = await post("/api/tables", { presetId: "city" });
    expect(res.status).toBe(401);
    const error = await errorOf(res);
    expect(error.code).toBe("sign-in-required");
    expect(error.message).toMatch(/signed-in player.*"city".*Sign in/);
  });

  it("an expired or signed-out session is a guest too", async () => {
    const cookie = await signUp(nick("Gone"));
    await post("/api/auth/logout", {}, cookie);
    expect((await post("/api/tables", { presetId: "city" }, cookie)).status).toBe(401);
  });

  it("a signed-in creator gets the city table (201), created by that account", async () => {
    const cookie = await signUp(nick("Mayor"));
    const res = await post("/api/tables", { presetId: "city" }, cookie);
    expect(res.status, await res.clone().text()).toBe(201);
    const { code } = (await res.json()) as { code: string };
    const creator = await runInDurableObject(tableStub(code), (_i, state) => state.storage.sql.exec("SELECT creator_user_id FROM config").one().creator_user_id);
    expect(creator).toMatch(/^u_/);
  });

  it("guests still create sport tables and play any table", async () => {
    expect((await post("/api/tables", { presetId: "sport" })).status).toBe(201);
  });
});

describe("joining signed in", () => {
  it("links the seat to the account; a guest's seat has none; one account takes one seat per table", async () => {
    const cookie = await signUp(nick("Seat"));
    const { code } = await createTable();
    const res = await post(`/api/tables/${code}/join`, { nickname: "Signed", deviceId: deviceFor("Signed") }, cookie, from("Signed"));
    expect(res.status).toBe(200);
    const { playerId } = (await res.json()) as { playerId: string };
    const guest = await join(code, "Guest");
    const rows = await runInDurableObject(tableStub(code), (_i, state) =>
      state.storage.sql.exec("SELECT player_id, user_id FROM players").toArray().map((r) => [r.player_id, r.user_id]),
    );
    const linked = new Map(rows as Array<[string, string | null]>);
    expect(linked.get(playerId)).toMatch(/^u_/);
    expect(linked.get(guest.playerId)).toBeNull();

    // Another device on another network: still the same account.
    const twice = await post(`/api/tables/${code}/join`, { nickname: "Signed again", deviceId: deviceFor("Signed again") }, cookie, from("Signed again"));
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).code).toBe("account-seated");
  });
});
