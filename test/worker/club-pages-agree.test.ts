/**
 * RULES.md §6.11 the club evening, §7.11 the season: the club's pages read one source each, so they agree.
 *  - The directory's "next evening" is the first evening of the club page's "Upcoming" that is not cancelled
 *    (worker/clubs/store.ts notOverSql): an evening whose table is open counts until its last game.
 *  - The club's rating is its season table: the review's points are there.
 *  - "My evenings" lists an evening whose table the person played at, signed up or not (the owner who
 *    opened the table and sat down).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ClubDirectory, ClubPage, EveningPage, MyClubs, OpenEveningResponse } from "../../shared/protocol/clubs.ts";
import type { ClubSeasons } from "../../shared/protocol/seasons.ts";
import { recordGame } from "../../worker/accounts/records.ts";
import { get, json, me, nick, post, signUp } from "./accounts-helpers.ts";
import { api } from "./helpers.ts";

const HOUR = 3600_000;
const TAG = Date.now().toString(36);

describe("RULES.md §6.11, §7.11 the directory, the club page, the club's rating and 'my evenings' agree", () => {
  it("after an evening with a game: the same next evening, the review's points in the season table, the evening in the owner's evenings", async () => {
    const ownerNick = nick("AgrOwn");
    const cookie = await signUp(ownerNick);
    const ownerId = (await me(cookie)).user!.id;
    const name = `Agree ${TAG}`;
    const club = await json<ClubPage>(await post("/api/clubs", { name, city: "Odesa", language: "ru", formats: ["tatar"], timeZone: "Europe/Kyiv" }, cookie), 201);
    const id = club.club.id;
    expect((await post(`/api/clubs/${id}/seasons`, { name: `Autumn ${TAG}` }, cookie)).status).toBe(201);
    const tonight = await json<EveningPage>(await post(`/api/clubs/${id}/evenings`, { startsAt: Date.now() + 2 * HOUR, place: "Hall", presetId: "tatar" }, cookie), 201);
    const nextWeek = await json<EveningPage>(await post(`/api/clubs/${id}/evenings`, { startsAt: Date.now() + 7 * 24 * HOUR, place: "Hall", presetId: "tatar" }, cookie), 201);

    const directoryNext = async () => (await json<ClubDirectory>(await get(`/api/clubs?q=${encodeURIComponent(name)}`))).clubs.find((c) => c.id === id)?.nextEvening ?? null;
    const clubPage = () => get(`/api/clubs/${id}`).then((r) => json<ClubPage>(r));
    const firstUpcoming = (p: ClubPage) => p.upcoming.find((e) => e.status !== "cancelled")?.startsAt ?? null;

    // The owner opens tonight's table to play (no sign-up of their own): the evening is on.
    const opened = await json<OpenEveningResponse>(await post(`/api/clubs/${id}/evenings/${tonight.evening.id}/open`, { play: true }, cookie), 201);
    const during = await clubPage();
    expect(during.upcoming.map((e) => e.id)).toEqual([tonight.evening.id, nextWeek.evening.id]);
    expect(await directoryNext(), "the directory names the evening the club page lists first").toBe(firstUpcoming(during));
    expect(firstUpcoming(during)).toBe(tonight.evening.startsAt);

    // One game at the evening's table, the owner in seat 1 (bots elsewhere), reported as a table reports it.
    const at = Date.now();
    await recordGame(env.DB, {
      gameId: `${opened.code}/${at}`, code: opened.code, presetId: "tatar", startedAt: at, endedAt: at + 1, winner: "red", reason: "test", gameNo: 1,
      seats: Array.from({ length: 12 }, (_, i) => ({
        seat: i + 1, role: i === 0 ? "sheriff" : i < 3 ? "mafia" : "civilian", team: i === 1 || i === 2 ? "black" : "red",
        nickname: i === 0 ? ownerNick : `Bot ${i + 1}`, userId: i === 0 ? ownerId : null, bot: i !== 0,
      })),
    });
    // The owner reviews it (§7.11): 2.5 points to seat 1.
    const reviewed = await api(`/api/clubs/reviews/${opened.code}/1`, {
      method: "PUT",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ notes: "", points: Array.from({ length: 12 }, (_, i) => (i === 0 ? { seat: 1, points: 2.5, reason: "Win and best move" } : { seat: i + 1, points: 0, reason: "" })) }),
    });
    expect(reviewed.status, await reviewed.clone().text()).toBe(200);

    // The evening is over: the club page and the directory both move on to next week's.
    const after = await clubPage();
    expect(after.upcoming.map((e) => e.id)).toEqual([nextWeek.evening.id]);
    expect(after.past.map((e) => e.id)).toContain(tonight.evening.id);
    expect(await directoryNext()).toBe(firstUpcoming(after));
    expect(firstUpcoming(after)).toBe(nextWeek.evening.startsAt);

    // The club's rating (its season table) has the review's points.
    const seasons = await json<ClubSeasons>(await get(`/api/clubs/${id}/seasons`, cookie));
    expect(seasons.season!.ratingGames).toBe(1);
    expect(seasons.season!.table.map((r) => [r.nickname, r.total])).toEqual([[ownerNick, 2.5]]);

    // The owner's evenings list the evening they played at.
    const mine = await json<MyClubs>(await get("/api/clubs/mine", cookie));
    expect(mine.signups.map((s) => s.evening.id)).toContain(tonight.evening.id);
    expect(mine.signups.find((s) => s.evening.id === tonight.evening.id)!.you.state).toBe("seated");
  });
});
