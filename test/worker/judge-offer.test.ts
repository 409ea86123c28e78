/**
 * RULES.md §9.1, §9.4: the tournament page offers a table's judge (and the organizer) only what they can
 * do — the host screen only at a judge-hosted table while its game runs (never at a server-hosted one,
 * whose host-screen claim is refused), and the extra points "after-game" until the game ends. Anyone else
 * is offered nothing. Through the real routes in workerd.
 */
import { describe, expect, it } from "vitest";
import type { TournamentPage } from "../../shared/protocol/tournaments.ts";
import { get, json, nick, post, signUp } from "./accounts-helpers.ts";

async function openedCup(tag: string, host: "judge" | "server") {
  const org = await signUp(nick(`${tag}Org`));
  const joNick = nick(`${tag}Jo`);
  const jo = await signUp(joNick);
  const stranger = await signUp(nick(`${tag}X`));
  const { id } = await json<{ id: string }>(await post("/api/tournaments", { name: `Cup ${tag}`, presetId: "sport", rounds: 1, host }, org), 201);
  expect((await post(`/api/tournaments/${id}/judges`, { nicks: [joNick] }, org)).status).toBe(200);
  expect((await post(`/api/tournaments/${id}/bots`, { players: 20 }, org)).status).toBe(200);
  expect((await post(`/api/tournaments/${id}/close`, {}, org)).status).toBe(200);
  expect((await post(`/api/tournaments/${id}/draw`, { seed: tag }, org)).status).toBe(200);
  expect((await post(`/api/tournaments/${id}/rounds/1/open`, {}, org)).status).toBe(200);
  const pageFor = async (cookie: string | null) => json<TournamentPage>(await get(`/api/tournaments/${id}`, cookie));
  return { id, org, jo, stranger, pageFor };
}

describe("RULES.md §9.1, §9.4 what the tournament page offers its judge", () => {
  it("RULES.md §9.1 a server-hosted table: its judge is offered no host screen (the claim is refused), only the extra points after the game; a stranger nothing", async () => {
    const cup = await openedCup("JoS", "server");
    const tables = (await cup.pageFor(cup.jo)).schedule[0]!.tables;
    const judged = tables.filter((t) => t.judgeOffer);
    expect(judged.length).toBeGreaterThan(0);
    for (const t of judged) expect(t.judgeOffer).toEqual({ host: false, extra: "after-game" });
    const slot = judged[0]!.slot;
    expect((await post(`/api/tournaments/${cup.id}/rounds/1/tables/${slot}/host`, {}, cup.jo)).status).not.toBe(200);
    // The organizer gives the extra points at every server-hosted table, after its game.
    for (const t of (await cup.pageFor(cup.org)).schedule[0]!.tables) expect(t.judgeOffer).toEqual({ host: false, extra: "after-game" });
    for (const t of (await cup.pageFor(cup.stranger)).schedule[0]!.tables) expect(t.judgeOffer).toBeUndefined();
    for (const t of (await cup.pageFor(null)).schedule[0]!.tables) expect(t.judgeOffer).toBeUndefined();
  });

  it("RULES.md §9.1 a judge-hosted table: its judge is offered the host screen, which opens; the extra points after the game", async () => {
    const cup = await openedCup("JoJ", "judge");
    const t = (await cup.pageFor(cup.jo)).schedule[0]!.tables.find((x) => x.judgeOffer?.host);
    expect(t?.judgeOffer).toEqual({ host: true, extra: "after-game" });
    expect((await post(`/api/tournaments/${cup.id}/rounds/1/tables/${t!.slot}/host`, {}, cup.jo)).status).toBe(200);
    // The organizer of a judge-hosted tournament gives extra points after the game, and hosts nothing.
    for (const x of (await cup.pageFor(cup.org)).schedule[0]!.tables) expect(x.judgeOffer).toEqual({ host: false, extra: "after-game" });
  });
});
