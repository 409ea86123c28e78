/**
 * Issue 32, finding 9: an evening opened with no sign-ups made a table with no invite list — any guest
 * could sit, and its games would count for the club's season. Such a table now invites the club's
 * members (owner, hosts, members): a guest and an outside account are refused (403 `not-invited`).
 */
import { describe, expect, it } from "vitest";
import { me, nick, post, signUp } from "./accounts-helpers.ts";
import { deviceFor } from "./helpers.ts";

describe("issue 32 finding 9: an evening's table without sign-ups", () => {
  it("invites the club's members only", async () => {
    const owner = await signUp(nick("F9Own"));
    const memberNick = nick("F9Mem");
    const member = await signUp(memberNick);
    const outsiderNick = nick("F9Out");
    const outsider = await signUp(outsiderNick);
    const club = await post("/api/clubs", { name: nick("F9Club"), city: "Odesa", language: "uk", formats: ["club"], timeZone: "Europe/Kyiv" }, owner);
    const clubId = ((await club.json()) as { club: { id: string } }).club.id;
    const mk = async () => {
      const e = await post(`/api/clubs/${clubId}/evenings`, { startsAt: Date.now() + 48 * 3600_000, place: "Hall", presetId: "club" }, owner);
      expect(e.status).toBe(201);
      return `/api/clubs/${clubId}/evenings/${((await e.json()) as { evening: { id: string } }).evening.id}`;
    };
    const [empty, other] = [await mk(), await mk()];
    // The member signed up for another evening of the club (that makes them a member), not this one.
    expect((await post(`${other}/signup`, {}, member)).status).toBe(200);
    const opened = await post(`${empty}/open`, {}, owner);
    expect(opened.status).toBe(201);
    const code = ((await opened.json()) as { code: string }).code;
    const sit = (nickname: string, cookie: string | null, ip: string) => post(`/api/tables/${code}/join`, { nickname, deviceId: deviceFor(nickname) }, cookie, { "cf-connecting-ip": ip });
    const guest = await sit("F9Guest", null, "203.0.113.91");
    expect(guest.status).toBe(403);
    expect(((await guest.json()) as { error: { code: string } }).error.code).toBe("not-invited");
    expect((await sit(outsiderNick, outsider, "203.0.113.92")).status).toBe(403);
    expect((await sit(memberNick, member, "203.0.113.93")).status, "a club member sits").toBe(200);
    expect((await me(member)).user).not.toBeNull();
  });
});
