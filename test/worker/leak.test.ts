/**
 * The leak oracle through the real table object (issue 6): seeded whole games with ten bot-driven
 * sockets and spectators; every frame sent to every connection is recorded and checked against what
 * its viewer is entitled to (RULES.md §1 Secrets; §2.1 own card only; §2.2 the black team meets;
 * §2.6 closed ballots hidden until the count; §2.10 only the checker sees a check; §2.12 all roles
 * at the end). The entitlement oracle is the engine's independent one
 * (test/unit/engine/entitlement.ts), applied to the state the table had at each frame's version
 * (captured by a trigger in the table's SQLite). On top: no token, return code, seed or digest ever
 * appears in any frame, and the table envelope carries no role or team outside the game view.
 *
 * Size: 2 games in `npm test`; FULL=1 (or LEAK_SOCKET_GAMES=n) runs 50.
 */
import { inject } from "vitest";
import { afterEach, describe, expect, it } from "vitest";
import type { GameView } from "../../shared/engine/types.ts";
import { assertEntitled } from "../unit/engine/entitlement.ts";
import { capturedVersions, openTable, playToEnd, sportSettings, type TableRun } from "./play.ts";
import type { Client } from "./helpers.ts";
import { runInDurableObject } from "cloudflare:test";

const GAMES = inject("leakSocketGames");

let run: TableRun | null = null;
afterEach(() => {
  run?.close();
  run = null;
});

function walkKeys(value: unknown, visit: (key: string, path: string) => void, path = ""): void {
  if (Array.isArray(value)) value.forEach((x, i) => walkKeys(x, visit, `${path}[${i}]`));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      visit(k, `${path}.${k}`);
      walkKeys(v, visit, `${path}.${k}`);
    }
  }
}

/** Check every frame one connection received. Returns the number of game views checked. */
function checkClient(c: Client, playerId: string | null, versions: Map<number, string | null>, secrets: string[]): number {
  let checked = 0;
  let seenLog = 0;
  expect(c.schemaFailures, `${c.name}: frames outside the protocol`).toEqual([]);
  for (let i = 0; i < c.frames.length; i++) {
    const text = c.raw[i]!;
    for (const s of secrets) expect(text.includes(s), `${c.name} frame ${i} carries a secret`).toBe(false);
    expect(text, `${c.name} frame ${i}`).not.toMatch(/"(rng|seed|deck|returnHash|tokenHash|return_hash|token_hash)"/);
    const f = c.frames[i]!;
    if (f.type === "welcome") {
      if (playerId) expect(f.identity).toMatchObject({ kind: "player", playerId });
      else expect(f.identity.kind).toBe("spectator");
    }
    if (f.type !== "view") continue;
    const { game, ...envelope } = f.view;
    walkKeys(envelope, (k, path) => expect(k === "role" || k === "team", `${c.name}: ${path} in the table envelope`).toBe(false));
    if (!game) continue;
    const state = versions.get(f.version);
    expect(state, `${c.name}: no captured state for version ${f.version}`).toBeTruthy();
    seenLog = assertEntitled(JSON.parse(state!), playerId, game as GameView, seenLog);
    checked++;
  }
  return checked;
}

describe(`leak oracle over sockets: ${GAMES} seeded games, every frame to every connection`, () => {
  for (let g = 0; g < GAMES; g++) {
    it(`game ${g}: ${JSON.stringify(sportSettings(g))}`, async () => {
      run = await openTable({ seed: `leak${g}`, settings: sportSettings(g), spectators: 1, mix: g % 3 });
      const stats = await playToEnd(run);
      const last = run.seated[0]!.client.lastView().game!;
      expect(last.result, "the game ended").not.toBeNull();
      // Every role is shown at the end (§2.12) — to spectators too.
      expect(run.spectators[0]!.lastView().game?.result?.roles).toHaveLength(10);

      const versions = await capturedVersions(run.code);
      const seed = await runInDurableObject(run.stub, (_i, state) => String(state.storage.sql.exec("SELECT seed FROM config").one().seed));
      const secrets = [seed, ...run.seated.flatMap((s) => [s.join.token, s.join.returnCode])];
      let views = 0;
      for (const s of run.seated) views += checkClient(s.client, s.join.playerId, versions, secrets);
      for (const sp of run.spectators) views += checkClient(sp, null, versions, secrets);
      // Not vacuous: every connection saw every public change of the game (quiet changes — night
      // actions, closed ballots — keep the version and reach only those they concern).
      expect(views).toBeGreaterThan(11 * 20);
      expect(stats.rejections, "bots only send what their views offer").toBeLessThanOrEqual(2);
    }, 120_000);
  }
});
