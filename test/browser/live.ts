/**
 * A game with a live host (RULES.md §5.7) clicked through to its result in two pages: the host's (who
 * confirms every stage that waits for them) and one seated person's (who plays what the page offers).
 * When neither page has a move left in the phase, the test clock lives through the rest of it. Used by
 * the host-classic game (issue 17) and the club evening (issue 18).
 */
import type { Page } from "playwright-core";
import { advanceAndWait, boardSnapshot, LOAD_MS, nextChange, unlessMovedOn, type BoardSnap, type Person, unfold } from "./harness.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Click a seat of an action and its confirm (a one-tap choice needs none). */
export async function pick(page: Page, action: string, target: number): Promise<void> {
  const btn = page.locator(`[data-action="${action}"] [data-target="${target}"]`);
  const oneTap = (await btn.getAttribute("data-one-tap", { timeout: 5_000 })) !== null;
  if ((await btn.getAttribute("aria-pressed")) !== "true") await btn.click({ timeout: 5_000 });
  if (!oneTap) await page.locator(`[data-confirm="${action}"]`).click({ timeout: 5_000 });
}

/**
 * The host creates a table of `preset` from the home page as its live host (no seat; "the whole table
 * may sit from one network"), and the person joins by the code from the home page. Returns the code.
 */
export async function openLiveTable(base: string, preset: string, host: Person, person: Person): Promise<string> {
  await host.page.goto(`${base}/`);
  await host.page.click('[data-home="create"]', { timeout: LOAD_MS });
  await host.page.selectOption("#preset", preset);
  await unfold(host.page, 'details[data-more="options"]');
  await host.page.check('input[name="host"][value="me"]');
  await host.page.check('input[name="sameRoom"]');
  await host.page.click('form[data-form="create"] button[type="submit"]');
  await host.page.waitForURL(/\/t\/[A-Z0-9]{6}$/, { timeout: LOAD_MS });
  const code = host.page.url().split("/t/")[1]!;
  await host.page.locator("[data-organizer]").waitFor();

  await person.page.goto(`${base}/`);
  await person.page.fill("#nick", person.name, { timeout: LOAD_MS });
  await person.page.fill("#join-code", code.toLowerCase());
  await person.page.click('form[data-form="join"] button[type="submit"]');
  await person.page.waitForURL(new RegExp(`/t/${code}$`));
  return code;
}

export interface LiveGame {
  base: string;
  code: string;
  host: Person;
  person: Person;
  /** The person's moves besides every night move ("use:…"), in the order tried within one phase. */
  order: string[];
  /** How long the game may take (a bound for a starved machine, not an expectation). */
  withinMs: number;
  /** Before the host confirms a stage (a screenshot of the host's screen, say). */
  beforeConfirm?: (host: BoardSnap) => Promise<void>;
  /** The person's move done by the caller (return true), e.g. with a screenshot in between. */
  move?: (action: string, target: number, s: BoardSnap) => Promise<boolean>;
  /** Each round of the loop, before anything is clicked (the caller's own checks and clicks). */
  each?: (s: BoardSnap, h: BoardSnap) => Promise<void>;
}

export interface LiveResult {
  done: boolean;
  phases: Set<string>;
  did: Record<string, number>;
  confirms: number;
  /** Clicks that missed because the page moved on under them (any other miss fails the game). */
  misses: string[];
  snaps: BoardSnap[];
}

export async function playLive(g: LiveGame): Promise<LiveResult> {
  const { host, person } = g;
  const acted = new Set<string>();
  const r: LiveResult = { done: false, phases: new Set(), did: {}, confirms: 0, misses: [], snaps: [] };
  const deadline = Date.now() + g.withinMs;
  while (Date.now() < deadline) {
    const [s, h] = await Promise.all([boardSnapshot(person.page), boardSnapshot(host.page)]);
    r.snaps.push(s);
    if (s.result && h.result) return { ...r, done: true };
    if (s.phase) r.phases.add(s.phase);
    await g.each?.(s, h);
    // The host confirms a stage that waits for them (§5.7).
    const ready = host.page.locator('[data-host-confirm="ready"]:not([disabled])');
    if (await ready.count()) {
      await g.beforeConfirm?.(h);
      try {
        await ready.click({ timeout: 5_000 });
        r.confirms++;
      } catch (e) {
        if (await ready.count()) throw e; // still offered and not clickable: a failure, not a stage that moved on
      }
      // A confirmed stage moves the table on: the host's page shows the next one.
      await nextChange(host.page, h, 1_000);
      continue;
    }
    const pending = Object.keys(s.actions).filter((k) => (g.order.includes(k) || k.startsWith("use:")) && !acted.has(`${s.seq}:${s.day}:${k}`));
    if (!s.busy && !h.busy && pending.length === 0 && s.seq === h.seq && s.seq > 0) {
      await advanceAndWait(g.base, g.code, person.page, s);
      continue;
    }
    const action = [...g.order, ...pending.filter((k) => k.startsWith("use:"))].find((k) => pending.includes(k));
    if (action) {
      acted.add(`${s.seq}:${s.day}:${action}`);
      try {
        if (action === "end-speech") await person.page.locator('[data-action="end-speech"]').click({ timeout: 5_000 });
        else if (action === "vote-lift") await person.page.locator('[data-lift="yes"]').click({ timeout: 5_000 });
        else if (action === "choose-side") await person.page.locator('[data-side="black"]').click({ timeout: 5_000 });
        else {
          const targets = s.actions[action]!;
          const target = targets.find((x) => x !== s.you) ?? targets[0]!;
          if (!(await g.move?.(action, target, s))) await pick(person.page, action, target);
        }
        r.did[action] = (r.did[action] ?? 0) + 1;
      } catch (e) {
        await unlessMovedOn(person.page, s, e); // the page moved on under the click: noted, read it again
        r.misses.push(`${action}: ${String(e).split("\n")[0]}`);
      }
      await nextChange(person.page, s, 1_000);
      continue;
    }
    await sleep(150);
  }
  return r;
}
