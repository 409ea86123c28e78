/**
 * Issue 17 "Must show", in a real browser: the club formats clicked through to a result.
 *
 * host-classic with a live host (RULES.md §4, §5.7): the host (a laptop) creates the table as its live
 * host — no seat, no role — one person joins by the code on a phone, the host seats ten bots (eleven
 * players: the Maniac is asked "Maniac for the town?") and starts. The person plays what the page
 * offers: introductions on day 1 (no vote), later speeches with a nomination and a question to one
 * player, the vote by candidate, the confirming vote or the car crash, night moves (the side question
 * if the person is the Maniac); the host confirms every stage that waits for them (the night's steps,
 * the counts). The host's page sees every role from the start; the person's page never receives a role
 * it is not entitled to before the end (its own; the mafia its team; a black Maniac none).
 *
 * Screenshots: host-classic-host-desktop (the host's screen at night), host-classic-phone (the
 * person's day with the question).
 *
 * Issue 18 "Must show": a club evening (RULES.md §6) clicked through in a real browser — two games of
 * one evening at one table, with a live host.
 *
 * The host (a laptop) creates a club table as its live host; one person joins on a phone; the host
 * fills the twelve seats with bots and starts. In game 1 the host gives a foul from the host panel
 * (§6.9) and confirms every stage that waits for them; the person plays what the page offers
 * (nominations, "thank you", "expel anyone?", raised hands, night moves). At the end the table says
 * who is immune in the next game (§6.10: the first eliminated); the person presses "play again", the
 * host adds a Witness to the composition for game 2 and starts it — same seats — and the immune seats
 * are marked on both pages on day 1, the composition line naming the Witness. Game 2 is played to its
 * result too.
 *
 * At the end the person opens game 2's record (issue 19) and steps through its replay.
 *
 * Screenshots: club-host-foul-desktop (the host panel after the foul), club-evening-end-phone (the end
 * of game 1 with the next game's immunity), club-immune-phone (game 2, day 1: the immune seat marked),
 * record-replay-phone (game 2's record in the middle of its replay).
 */
import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openLiveTable, pick, playLive } from "./live.ts";
import { advanceAndWait, advanceClock, boardSnapshot, unlessMovedOn, ensureWebBuild, launchChromium, LOAD_MS, nextChange, openPerson, type Person, roleFacts, shot, SHOTS, startWrangler, type Server, unfold } from "./harness.ts";

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
/** Waits that only matter on a starved machine: how long a step may take, not what it must do. */
const SLOW_MS = 30_000;

let server: Server;
let chrome: Awaited<ReturnType<typeof launchChromium>>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ensureWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  [server, chrome] = await Promise.all([startWrangler({ vars: { BOT_THINK_MS: "100" } }), launchChromium()]);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await chrome?.close();
  await server?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const open = (name: string, viewport: { width: number; height: number }, phone: boolean): Promise<Person> => openPerson(chrome.browser, contexts, name, { viewport, phone, waitMs: SLOW_MS });

test("RULES.md §4 host-classic with a live host: 11 players (one person, ten bots) played to a result, the host confirming every stage", async () => {
  const started = Date.now();
  const host = await open("Host", DESKTOP, false);
  const olha = await open("Olha", PHONE, true);

  const code = await openLiveTable(server.base, "host-classic", host, olha);

  // Ten bots: eleven players, so the Maniac is asked his side (§4.1).
  for (let n = 2; n <= 11; n++) {
    await host.page.locator('[data-control="add-bot"]').click();
    await expect.poll(async () => ((await (await fetch(`${server.base}/api/tables/${code}`)).json()) as { seats: { taken: number } }).seats.taken).toBe(n);
  }
  await host.page.locator('[data-control="start"]:not([disabled])').click();
  await host.page.locator("[data-host-panel]").waitFor({ timeout: SLOW_MS });
  await olha.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });

  let hostShot = false;
  let askShot = false;
  const { done, phases, did, confirms, misses, snaps } = await playLive({
    base: server.base, code, host, person: olha, withinMs: 420_000,
    // The person's move: a nomination and a question before ending the speech; votes; night moves.
    order: ["choose-side", "nominate", "ask", "end-speech", "vote-lift", "vote"],
    beforeConfirm: async (h) => {
      if (hostShot || !h.phase?.startsWith("night-")) return;
      await shot(host.page, "host-classic-host-desktop");
      hostShot = true;
    },
    move: async (action, target) => {
      if (action !== "ask" || askShot) return false;
      await olha.page.locator(`[data-action="ask"] [data-target="${target}"]`).click({ timeout: 5_000 });
      await shot(olha.page, "host-classic-phone");
      askShot = true;
      await olha.page.locator('[data-confirm="ask"]').click({ timeout: 5_000 });
      return true;
    },
  });
  expect(done, `the game reached a result (phases ${[...phases].join(", ")})`).toBe(true);
  // §4.3 day 1 is introductions: the person spoke before any vote; §5.7 the host confirmed stages.
  expect(phases.has("introductions")).toBe(true);
  expect(confirms, "stages the host confirmed").toBeGreaterThan(0);

  // The person's page: no role before the end but its own (and the black team's, for a mafioso).
  const you = snaps.find((x) => x.you !== null)!.you!;
  const mine = snaps.flatMap((x) => x.roles).filter(([seat]) => seat === you).map(([, r]) => r)[0];
  const allowed = new Set<number>([you]);
  for (const raw of olha.frames) {
    const msg = JSON.parse(raw) as { type: string; view?: { game: { result: unknown; seats: Array<{ seat: number; alive: boolean }>; you?: { teammates?: number[] } | null } | null } };
    if (msg.type !== "view" || !msg.view?.game || msg.view.game.result) continue;
    const game = msg.view.game;
    for (const mate of game.you?.teammates ?? []) allowed.add(mate);
    // §4 reveal is open: the card of a player who left is shown to the table at once.
    const gone = new Set(game.seats.filter((x) => !x.alive).map((x) => x.seat));
    for (const [seat] of roleFacts(game)) expect(allowed.has(seat) || gone.has(seat), `Olha received seat ${seat}'s role before the end`).toBe(true);
  }
  const end = await boardSnapshot(olha.page);
  expect(["red", "black", "draw"]).toContain(end.result);
  expect(new Set(end.roles.map(([seat]) => seat)).size).toBe(11);
  expect(olha.errors).toEqual([]);
  expect(host.errors).toEqual([]);
  console.log(
    `host-classic (live host): Olha was seat ${you} (${mine ?? "?"}); moves ${JSON.stringify(did)}; host confirms ${confirms}; phases ${[...phases].join(", ")}; ` +
      `misses ${misses.length ? misses.join("; ") : "none"}; result ${end.result}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});

/**
 * RULES.md §7 tatar with a consigliere (§7.10): a newcomer (a phone) creates a tatar table, invites a
 * consigliere and shares the code; the advisor joins with it from the home page on their own phone and
 * sees the banner "You advise seat N"; the newcomer fills the table with bots (twelve seats: the game
 * starts by itself). They whisper during the day (only the pair sees it); at night the whisper is
 * closed with its reason. On the newcomer's turn in the day's vote the consigliere votes for the
 * seat — the advisor's choice is the one taken, and the newcomer may not vote after it. Both pages
 * play to a result; the advisor's page receives exactly what the seat may see (no role but the seat's
 * own and, for a black seat, its team's before the end).
 *
 * Screenshots: tatar-consigliere-phone (the advisor's page: banner, whispers), tatar-whisper-phone
 * (the newcomer's page with the consigliere's whisper).
 */
test("RULES.md §7.10 tatar with a consigliere: invited by code, whispers by day only, votes for the seat; played to a result", async () => {
  const started = Date.now();
  const marta = await open("Marta", PHONE, true);
  const adv = await open("Danylo", PHONE, true);

  await marta.page.goto(`${server.base}/`);
  await marta.page.fill("#nick", "Marta", { timeout: LOAD_MS });
  await marta.page.click('[data-home="create"]');
  await marta.page.selectOption("#preset", "tatar");
  // Issue 31.5: tatar is led by a live host, so "Who hosts?" starts on "Me"; Marta plays, the server hosts.
  await marta.page.check('input[name="host"][value="server"]');
  await unfold(marta.page, 'details[data-more="options"]');
  await marta.page.check('input[name="sameRoom"]');
  await marta.page.click('form[data-form="create"] button[type="submit"]');
  await marta.page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: LOAD_MS });
  const code = marta.page.url().split("/t/")[1]!;

  // §7.10 the newcomer invites a consigliere; the advisor joins with the code from the home page.
  await marta.page.locator("[data-invite]").click();
  const invite = (await marta.page.locator("[data-invite-code]").getAttribute("data-invite-code"))!;
  expect(invite).toMatch(/^[A-Z0-9]{6,}$/);
  await adv.page.goto(`${server.base}/`);
  await adv.page.fill("#nick", "Danylo", { timeout: LOAD_MS });
  await adv.page.fill("#join-code", code.toLowerCase());
  await adv.page.fill("#join-own", invite);
  await adv.page.click('form[data-form="join"] button[type="submit"]');
  await adv.page.waitForURL(new RegExp(`/t/${code}`));
  await adv.page.locator("[data-advising]").waitFor();

  await marta.page.locator('[data-control="fill-bots"]').click();
  await marta.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  await adv.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  const seat = Number(await adv.page.locator("[data-advising]").getAttribute("data-advising"));
  // Shown to the table as that seat's consigliere.
  await marta.page.locator(`[data-consigliere-seat="${seat}"]`).waitFor();

  const acted = new Set<string>();
  const phases = new Set<string>();
  let whispered = false;
  let closedAtNight = false;
  let overrides = 0;
  const deadline = Date.now() + 420_000;
  let done = false;
  while (!done && Date.now() < deadline) {
    const [s, a] = await Promise.all([boardSnapshot(marta.page), boardSnapshot(adv.page)]);
    done = !!s.result && !!a.result;
    if (done) break;
    if (s.phase) phases.add(s.phase);
    expect(a.you, "the advisor's page is the seat's").toBe(s.you);
    // §7.10 whispers: by day (free talk) both ways; at night the box is closed with its reason.
    if (!whispered && s.phase === "free-talk" && !s.busy) {
      await adv.page.fill("#whisper-text", "Watch seat 3: too quiet");
      await adv.page.locator('[data-whispers] button[type="submit"]').click();
      await marta.page.locator('[data-whisper-from="consigliere"]').waitFor({ timeout: 10_000 });
      await shot(marta.page, "tatar-whisper-phone");
      await shot(adv.page, "tatar-consigliere-phone");
      whispered = true;
    }
    if (!closedAtNight && a.phase?.startsWith("night-") && (await adv.page.locator('[data-whisper-closed="night"]').count())) closedAtNight = true;
    // §7.10 the override: on the newcomer's turn to vote, the consigliere votes for the seat — their
    // choice is the one taken and the newcomer's page no longer offers a vote (the turn waits on the
    // test clock, which this driver does not advance while the advisor has a move to make).
    if (!acted.has(`override:${s.day}`) && s.actions["vote"]?.length && a.actions["vote"]?.length) {
      const other = a.actions["vote"]!.find((x) => x !== s.you)!;
      acted.add(`override:${s.day}`);
      try {
        await pick(adv.page, "vote", other);
      } catch (e) {
        // Missed only if the advisor's page moved on under the click (its turn passed); otherwise a failure.
        await unlessMovedOn(adv.page, a, e);
        continue;
      }
      // The consigliere's vote was sent: the newcomer's page no longer offers one (else the override failed).
      await expect.poll(async () => Object.keys((await boardSnapshot(marta.page)).actions).includes("vote"), { timeout: 10_000 }).toBe(false);
      overrides++;
      continue;
    }
    const pending = Object.keys(s.actions).filter((k) => (k === "end-speech" || k === "vote" || k.startsWith("use:")) && !acted.has(`${s.seq}:${s.day}:${k}`));
    if (!s.busy && !a.busy && pending.length === 0 && s.seq === a.seq && s.seq > 0) {
      await advanceAndWait(server.base, code, marta.page, s);
      continue;
    }
    const action = pending[0];
    if (action) {
      acted.add(`${s.seq}:${s.day}:${action}`);
      try {
        if (action === "end-speech") await marta.page.locator('[data-action="end-speech"]').click({ timeout: 5_000 });
        else {
          const targets = s.actions[action]!;
          const target = targets.find((x) => x !== s.you) ?? targets[0]!;
          await pick(marta.page, action, target);
        }
      } catch (e) {
        await unlessMovedOn(marta.page, s, e); // the page moved on under the click: read it again
      }
      await nextChange(marta.page, s, 1_000);
      continue;
    }
    await sleep(150);
  }
  expect(done, `the game reached a result (phases ${[...phases].join(", ")})`).toBe(true);
  expect(whispered, "a whisper by day reached the newcomer").toBe(true);
  expect(overrides, "the consigliere voted for the seat").toBeGreaterThan(0);
  // The replaced vote is in the protocol: the consigliere's choice is the one taken.
  const lastGame = adv.frames.map((f) => JSON.parse(f) as { type: string; view?: { game: { result: unknown; log: Array<{ type: string; data: Record<string, unknown> }> } | null } }).filter((m) => m.type === "view" && m.view?.game?.result).at(-1)!.view!.game!;
  expect(lastGame.log.some((e) => e.type === "vote-advised"), "vote-advised in the protocol").toBe(true);
  // The whisper is the pair's alone: no other connection of the table got it (the advisor's and the newcomer's frames only).
  expect(marta.frames.some((f) => f.includes("Watch seat 3: too quiet"))).toBe(true);
  // The advisor's page received nothing the seat may not see (§7.9: a card removed for fouls is shown to all).
  const allowed = new Set<number>([seat]);
  for (const raw of adv.frames) {
    const msg = JSON.parse(raw) as { type: string; view?: { game: { result: unknown; seats: Array<{ seat: number; out: string | null }>; you?: { teammates?: number[] } | null } | null } };
    if (msg.type !== "view" || !msg.view?.game || msg.view.game.result) continue;
    const game = msg.view.game;
    for (const mate of game.you?.teammates ?? []) allowed.add(mate);
    const removed = new Set(game.seats.filter((x) => x.out === "removed").map((x) => x.seat));
    for (const [x] of roleFacts(game)) expect(allowed.has(x) || removed.has(x), `the consigliere received seat ${x}'s role before the end`).toBe(true);
  }
  expect(marta.errors).toEqual([]);
  expect(adv.errors).toEqual([]);
  console.log(
    `tatar (consigliere of seat ${seat}): overrides ${overrides}; whisper ${whispered}; closed at night ${closedAtNight}; phases ${[...phases].join(", ")}; ` +
      `result ${(await boardSnapshot(marta.page)).result}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});

/** The person's moves in a club day (§6.4–§6.7), besides every night move. */
const ORDER = ["nominate", "end-speech", "vote-lift", "vote"];

/** The nicknames of the seats marked immune on a page (from the oval's marks and the page's latest view). */
async function immuneOn(p: Person): Promise<string[]> {
  const seats = await p.page.locator("[data-immune-seat]").evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.immuneSeat)));
  const last = p.frames.map((f) => JSON.parse(f) as { type: string; view?: { game: { seats: Array<{ seat: number; nickname: string }> } | null } }).filter((m) => m.type === "view" && m.view?.game).at(-1);
  return seats.map((x) => last!.view!.game!.seats[x - 1]!.nickname).sort();
}

/** The names in the "immune in the next game" line (data-evening-immune), or null while it is not shown. */
async function immuneLine(page: Page): Promise<string | null> {
  const el = page.locator("[data-evening-immune]").first();
  return (await el.count()) ? el.getAttribute("data-evening-immune") : null;
}

test("RULES.md §6.9–§6.11 a club evening with a live host: a foul from the host panel, two games at one table, game 1's first eliminated immune on day 1 of game 2", async () => {
  const started = Date.now();
  const host = await open("Host", DESKTOP, false);
  const olha = await open("Olha", PHONE, true);

  const code = await openLiveTable(server.base, "club", host, olha);

  // Twelve seats: the person and eleven bots (fill-bots fills to the format's minimum).
  await host.page.locator('[data-control="fill-bots"]').click();
  await expect.poll(async () => ((await (await fetch(`${server.base}/api/tables/${code}`)).json()) as { seats: { taken: number } }).seats.taken).toBe(12);
  await host.page.locator('[data-control="start"]:not([disabled])').click();
  await host.page.locator("[data-host-panel]").waitFor({ timeout: SLOW_MS });
  await olha.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });
  expect(await immuneOn(olha), "the evening's first game: nobody is immune").toEqual([]);

  // Game 1. §6.9 the host gives a foul from the panel to a bot's seat, in the day.
  let fouled = 0;
  const game1 = await playLive({
    base: server.base, code, host, person: olha, withinMs: 300_000, order: ORDER,
    each: async (s, h) => {
      if (fouled || h.phase !== "speech") return;
      const enabled = await host.page.locator("[data-host-foul]:not([disabled])").evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.hostFoul)));
      const seat = enabled.find((x) => x !== s.you);
      if (!seat) return;
      // The speech may end between the read above and the click (a slow run: the button went disabled, or
      // the seat's row went with its player): then a later speech tries again.
      const framesBefore = host.frames.length;
      const clicked = await host.page.locator(`[data-host-foul="${seat}"]:not([disabled])`).click({ timeout: 2_000 }).then(() => true, () => false);
      if (!clicked) return;
      const given = host.page.locator(`[data-foul-seat="${seat}"][data-fouls="1"]`);
      const refused = () => host.frames.slice(framesBefore).filter((f) => f.startsWith('{"type":"error"'));
      await expect.poll(async () => (await given.count()) > 0 || refused().length > 0 || !(await host.page.locator(`[data-foul-seat="${seat}"]`).count()), { timeout: SLOW_MS }).toBe(true);
      if (!(await given.count())) return console.log(`the host's foul on ${seat} did not stand (${refused().join(" ") || "the seat left the panel"}); trying in a later speech`);
      await shot(host.page, "club-host-foul-desktop");
      fouled = seat;
    },
  });
  expect(game1.done, `game 1 reached a result (phases ${[...game1.phases].join(", ")})`).toBe(true);
  expect(fouled, "the host gave a foul from the panel").toBeGreaterThan(0);
  expect(game1.confirms, "stages the host confirmed").toBeGreaterThan(0);
  for (const p of ["free-talk", "speech"]) expect(game1.phases.has(p), `game 1 went through ${p}`).toBe(true);

  // The end of game 1: who is immune in the next game (§6.10).
  await expect.poll(() => immuneLine(olha.page), { timeout: SLOW_MS }).not.toBeNull();
  const names = (await immuneLine(olha.page))!.split(", ").filter(Boolean).sort();
  expect(names.length, "game 1's first eliminated").toBeGreaterThan(0);
  await shot(olha.page, "club-evening-end-phone");
  const seats1 = (await boardSnapshot(olha.page)).you;

  // Game 2 of the evening (issue 38.5): the host opens it with every seat kept — the person presses
  // nothing, "the host opens the next game" — and starts it (the bots stay).
  await olha.page.locator("[data-next-game-wait]").waitFor({ timeout: SLOW_MS });
  expect(await olha.page.locator("[data-play-again]").count(), "at a host's table the host opens the next game").toBe(0);
  await host.page.locator("[data-next-game]").click({ timeout: SLOW_MS });
  await host.page.locator("[data-next-game-options]").waitFor({ timeout: SLOW_MS });
  expect((await immuneLine(host.page))!.split(", ").sort()).toEqual(names);
  // §6 the composition is set for each game: the host adds a Witness for game 2.
  await host.page.locator("[data-lobby-composition] > summary").click();
  await host.page.locator('[data-club-count="witness"]').fill("1");
  await host.page.locator("[data-composition-apply]:not([disabled])").click();
  await host.page.locator("[data-composition-apply][disabled]").waitFor({ timeout: SLOW_MS });
  await host.page.locator('[data-control="start"]:not([disabled])').click();
  await expect.poll(async () => (await boardSnapshot(olha.page)).series, { timeout: SLOW_MS }).toBe(2);
  await expect.poll(() => immuneOn(olha), { timeout: SLOW_MS }).toEqual(names);
  expect(await immuneOn(host)).toEqual(names);
  expect((await boardSnapshot(olha.page)).you, "club keeps the seats in the evening's next game").toBe(seats1);
  // The composition line shows game 2's counts, the Witness among them.
  await expect.poll(async () => (await olha.page.locator("[data-composition]").first().getAttribute("data-composition")) ?? "", { timeout: SLOW_MS }).toContain("witness:1");
  await shot(olha.page, "club-immune-phone");

  const game2 = await playLive({ base: server.base, code, host, person: olha, withinMs: 300_000, order: ORDER });
  expect(game2.done, `game 2 reached a result (phases ${[...game2.phases].join(", ")})`).toBe(true);

  // Issue 19 (RULES.md §8): the end links to game 2's record, replayed in the page with the engine.
  await olha.page.locator('[data-record-link="2"]').click();
  await olha.page.waitForURL(new RegExp(`/t/${code}/g/2$`));
  const steps = Number(await olha.page.locator("[data-record]").getAttribute("data-steps", { timeout: SLOW_MS }));
  expect(steps, "the replay's steps: createGame and every input").toBeGreaterThan(20);
  // Step 0: the table saw no role. In the middle the table saw only the cards of those who left
  // (§6 open reveal); "show every secret" shows all twelve (the game is over); the end shows them all.
  const roles = () => olha.page.locator("[data-record-seat][data-role]").count();
  expect(await roles()).toBe(0);
  await olha.page.locator("[data-record-next]").click();
  await olha.page.locator('[data-record-step][data-step="1"]').waitFor();
  const middle = Math.floor(steps / 2);
  await olha.page.locator("[data-record-step]").fill(String(middle));
  await olha.page.locator(`[data-record-step][data-step="${middle}"]`).waitFor();
  expect(await roles(), "the table's view in the middle of the game").toBeLessThan(12);
  await olha.page.locator("[data-record-secrets]").check();
  await expect.poll(roles).toBe(12);
  await shot(olha.page, "record-replay-phone");
  // Issue 35: the replay you can see — the oval with every seat, a counted vote's arrows from voter to
  // candidate (chapters: "go to" a count), the speaker ringed, and in the secret view the night's moves.
  const oval = olha.page.locator("[data-replay-oval]");
  expect(await oval.locator("[data-replay-seat]").count(), "the oval seats everyone").toBe(12);
  // A count whose tie opens a revote in the same step shows the revote (no arrows yet): take the first count
  // that stands on its own.
  const voteSteps = await olha.page.locator('[data-record-jump] option[data-moment="vote"]').evaluateAll((os) => os.map((o) => o.getAttribute("value")!));
  expect(voteSteps.length, "counted votes among the chapters").toBeGreaterThan(0);
  for (const voteStep of voteSteps) {
    await olha.page.locator("[data-record-jump]").selectOption(voteStep);
    await olha.page.locator(`[data-record-step][data-step="${voteStep}"]`).waitFor();
    if ((await oval.locator('[data-arrow="vote"]').count()) > 0) break;
  }
  const votes = await oval.locator('[data-arrow="vote"]').evaluateAll((ls) => ls.map((l) => [Number(l.getAttribute("data-from")), Number(l.getAttribute("data-to"))]));
  expect(votes.length, "the count's ballots drawn as arrows").toBeGreaterThan(0);
  // Each arrow joins two seats of the oval; a count may put its own voter out (the same step), so no "alive" here.
  for (const [from, to] of votes) {
    expect(await oval.locator(`[data-replay-seat="${from}"]`).count(), `voter ${from} on the oval`).toBe(1);
    expect(await oval.locator(`[data-replay-seat="${to}"]`).count(), `candidate ${to} on the oval`).toBe(1);
  }
  await shot(olha.page, "record-replay-oval-phone");
  const phone = olha.page.viewportSize()!;
  await olha.page.setViewportSize({ width: 1280, height: 800 });
  await shot(olha.page, "record-replay-oval-desktop");
  await olha.page.setViewportSize(phone);
  const nightStep = Number(await olha.page.locator('[data-record-jump] option[data-moment="night"]').nth(1).getAttribute("value"));
  await olha.page.locator("[data-record-jump]").selectOption(String(nightStep));
  let moves = 0;
  for (let k = 0; k < 60 && moves === 0; k++) {
    await olha.page.locator("[data-record-next]").click();
    await olha.page.locator(`[data-record-step][data-step="${nightStep + k + 1}"]`).waitFor();
    moves = await oval.locator('[data-arrow]:not([data-arrow="vote"])').count();
  }
  expect(moves, "the secret view draws the night's moves").toBeGreaterThan(0);
  await olha.page.locator("[data-record-secrets]").uncheck();
  expect(await oval.locator('[data-arrow]:not([data-arrow="vote"])').count(), "the table's view draws no night move").toBe(0);
  const stepNow = async () => Number(await olha.page.locator("[data-record-step]").getAttribute("data-step"));
  const paused = await stepNow();
  await olha.page.locator("[data-record-play]").click();
  await olha.page.locator('[data-record-play="playing"]').waitFor();
  await expect.poll(stepNow, { timeout: SLOW_MS }).toBeGreaterThan(paused + 1);
  await olha.page.locator("[data-record-play]").click();
  await olha.page.locator('[data-record-play="paused"]').waitFor();
  await olha.page.locator("[data-record-step]").fill(String(steps - 1));
  await expect.poll(roles, { timeout: SLOW_MS }).toBe(12);
  expect(olha.errors).toEqual([]);
  expect(host.errors).toEqual([]);
  console.log(
    `club evening: Olha seat ${seats1}; foul on seat ${fouled}; immune in game 2: ${names.join(", ")}; ` +
      `game 1 moves ${JSON.stringify(game1.did)}, host confirms ${game1.confirms}; game 2 moves ${JSON.stringify(game2.did)}, host confirms ${game2.confirms}; ` +
      `misses ${[...game1.misses, ...game2.misses].join("; ") || "none"}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});
