/**
 * RULES.md §5.7 (2026-12-06) in a real browser: a club evening's table (club format) opened by its owner to
 * play, with Hanna, a club host, on the host screen. Hanna's page goes away mid-game. Every player's phone
 * (360 px) is told what happens and when — "The host lost their connection. If they are not back in 2:5x,
 * the server hosts the rest of the game." — counted down, first in the announcements' box, over every
 * banner and not covered. The owner, seated at a laptop (1366 px), is offered the takeover and takes the
 * host's place: the laptop shows the host panel, the phones' notice goes and the log names the new host.
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { LOAD_MS, openPerson } from "./harness.ts";
import { browserSuite, register } from "./suite.ts";

const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1366, height: 800 };
const SLOW_MS = 30_000;

const suite = browserSuite({ vars: { BOT_THINK_MS: "100" } });

/** This device's key for the table (web/src/lib/seats-store.ts), then the table page. */
async function sitWith(page: Page, base: string, code: string, entry: Record<string, unknown>): Promise<void> {
  await page.goto(`${base}/`);
  await page.evaluate((e) => localStorage.setItem("mafia.tables", JSON.stringify([{ savedAt: Date.now(), ...e }])), entry);
  await page.goto(`${base}/t/${code}`);
}

/** The waiting notice's place: first in the announcements' box, its top on screen, above every other banner, and not covered where it reads. */
async function noticeOnTop(page: Page): Promise<{ first: boolean; onScreen: boolean; aboveAll: boolean; uncovered: boolean; banners: number }> {
  return page.evaluate(() => {
    const n = document.querySelector<HTMLElement>('.announcements [data-hosting="waiting"]')!;
    const box = n.getBoundingClientRect();
    // Every other announcement in the box comes below it.
    const banners = [...document.querySelectorAll<HTMLElement>(".announcements .ann")].filter((b) => b !== n && !n.contains(b) && b.getBoundingClientRect().height > 0);
    const line = n.querySelector("[data-host-countdown]")!.getBoundingClientRect();
    // The box lets taps through (pointer-events: none), which hit-testing skips: made hit-testable for the probe.
    n.style.pointerEvents = "auto";
    const hit = document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2);
    n.style.pointerEvents = "";
    return {
      first: n.parentElement?.firstElementChild === n,
      onScreen: box.top >= 0 && box.bottom <= window.innerHeight,
      aboveAll: banners.every((b) => b.getBoundingClientRect().top >= box.bottom - 1),
      banners: banners.length,
      uncovered: hit !== null && n.contains(hit),
    };
  });
}

test("RULES.md §5.7 the host leaves: every phone shows the countdown over the banners; the seated owner takes the host's place from a laptop", async () => {
  const base = suite.server.base;
  const tag = Date.now().toString(36).slice(-4);
  const open = (name: string, viewport = PHONE) => openPerson(suite.chrome.browser, suite.contexts, name, { viewport, phone: viewport === PHONE, waitMs: SLOW_MS });
  const [owner, hanna, petro, olena] = await Promise.all([open(`Own${tag}`, LAPTOP), open(`Han${tag}`), open(`Pet${tag}`), open(`Ole${tag}`)]);
  await Promise.all([owner, hanna, petro, olena].map((p) => register(p.page, base, p.name)));
  const api = async (p: Page, path: string, data: unknown, status = 200) => {
    const res = await p.request.post(`${base}${path}`, { data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
    return res.json();
  };
  const club = await api(owner.page, "/api/clubs", { name: `Cover ${tag}`, city: "Lviv", language: "uk", formats: ["club"], timeZone: "Europe/Kyiv" }, 201);
  const clubId = club.club.id as string;
  await api(owner.page, `/api/clubs/${clubId}/hosts`, { nickname: hanna.name });
  const e = await api(owner.page, `/api/clubs/${clubId}/evenings`, { startsAt: Date.now() + 2 * 3600_000, place: "Hall", presetId: "club" }, 201);
  const evening = `/api/clubs/${clubId}/evenings/${e.evening.id}`;
  for (const p of [owner, petro, olena]) await api(p.page, `${evening}/signup`, {});
  const opened = await api(owner.page, `${evening}/open`, { play: true, host: hanna.name }, 201);
  const code = opened.code as string;
  const { token: hostToken } = await api(hanna.page, `${evening}/host`, {});
  for (const p of [owner, petro, olena]) {
    const j = await api(p.page, `/api/tables/${code}/join`, { nickname: p.name, deviceId: `device-${p.name}-0000000000` });
    await sitWith(p.page, base, code, { code, playerId: j.playerId, nickname: p.name, token: j.token, returnCode: j.returnCode, kind: "player", organizerToken: null });
  }
  await sitWith(hanna.page, base, code, { code, playerId: "", nickname: "", token: hostToken, returnCode: null, kind: "host", organizerToken: null });
  await hanna.page.locator("[data-host-panel], [data-organizer]").first().waitFor({ timeout: LOAD_MS });
  // The host seats bots and starts (the host's own commands, from a second socket of the host's page).
  const started = await hanna.page.evaluate(async ([c, token]) => {
    const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/api/tables/${c}/socket`);
    const replies: Array<{ type: string; ref?: string }> = [];
    // An accepted command's ack rides the sender's view frame (docs/PROTOCOL.md "Acks"), or comes alone.
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data)) as { type: string; ref?: string; ack?: string };
      replies.push(msg.ack ? { type: "ack", ref: msg.ack } : msg);
    };
    await new Promise((r) => (ws.onopen = r));
    ws.send(JSON.stringify({ type: "hello", token }));
    const command = async (ref: string, action: unknown) => {
      ws.send(JSON.stringify({ type: "control", ref, action }));
      for (let i = 0; i < 100 && !replies.some((x) => x.ref === ref); i++) await new Promise((r) => setTimeout(r, 100));
      return replies.find((x) => x.ref === ref)?.type;
    };
    const out = [await command("fill", { type: "fill-bots" }), await command("start", { type: "start" })];
    ws.close();
    return out;
  }, [code, hostToken] as const);
  expect(started).toEqual(["ack", "ack"]);
  const phones = [petro, olena];
  for (const p of [owner, ...phones]) await p.page.locator(".board[data-phase]").waitFor({ timeout: SLOW_MS });

  // The host's page goes away.
  const left = Date.now();
  await hanna.page.close();
  for (const p of phones) {
    const notice = p.page.locator('.announcements [data-hosting="waiting"]');
    await notice.waitFor({ timeout: SLOW_MS });
    expect(await notice.locator(".ann-line").textContent()).toBe("The host lost their connection.");
    const countdown = p.page.locator("[data-host-countdown]");
    expect(await countdown.textContent()).toMatch(/^If they are not back in [0-3]:\d\d, the server hosts the rest of the game\.$/);
    const first = Number(await countdown.getAttribute("data-host-countdown"));
    expect(first).toBeGreaterThan(150);
    expect(first).toBeLessThanOrEqual(180);
    await expect.poll(async () => Number(await countdown.getAttribute("data-host-countdown")), { timeout: SLOW_MS }).toBeLessThan(first);
    const place = await noticeOnTop(p.page);
    expect(place, p.name).toMatchObject({ first: true, onScreen: true, aboveAll: true, uncovered: true });
    // A plain member is offered nothing.
    expect(await p.page.locator("[data-takeover]").count()).toBe(0);
  }

  // The owner, seated at the laptop, takes the host's place (after ~10 s: the 5 s grace, then the offer).
  const take = owner.page.locator('[data-takeover-as="host"]');
  await take.waitFor({ timeout: SLOW_MS });
  await expect.poll(() => Date.now() - left >= 10_000, { timeout: SLOW_MS, interval: 500 }).toBe(true);
  await take.click();
  await owner.page.locator("[data-host-panel]").waitFor({ timeout: SLOW_MS });
  for (const p of phones) {
    await expect.poll(() => p.page.locator('[data-hosting="waiting"]').count(), { timeout: SLOW_MS }).toBe(0);
    await expect.poll(() => p.page.locator('[data-event="host-taken"]').count(), { timeout: SLOW_MS }).toBeGreaterThan(0);
  }
  for (const p of [owner, ...phones]) expect(p.errors, p.name).toEqual([]);
}, 300_000);
