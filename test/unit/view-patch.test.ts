/**
 * Issue 36, view patches (docs/PROTOCOL.md "View patches"): whole games of every preset, and every
 * viewer — each player, the live host's view, a spectator, and the consigliere of seat 1 where the
 * preset has consiglieri. After every input each viewer's frame is built as the table's fan-out builds
 * it (`logAfterFor` + `viewFrame` from shared/protocol/view-patch.ts, the functions worker/table/fanout.ts
 * calls), sent as text, parsed and applied by `applyViewFrame` (what every receiver runs) to the view
 * the viewer held. The result must deep-equal `viewFor`'s full view at every step; a patch is sent only
 * when smaller than the full frame; and the leak oracle (test/unit/engine/entitlement.ts) runs on what
 * the patches carry: every value a patch sets is the value at that place of the viewer's entitled full
 * view, and that view passes the oracle.
 *
 * The views are built as the fan-out builds them, from one public part per version (`sharedView`), and
 * must still equal `viewFor` built alone and share no object with each other.
 *
 * Size: PATCH_GAMES per preset (1 in `npm test`, at the preset's smallest table; 3 with TEST_DEEP=1, the next
 * sizes up; 10 with FULL=1, or any number).
 */
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { playGame, type BotKind } from "../../shared/bots/index.ts";
import { getPreset, sharedView, viewFor, type GameState, type GameView, type Viewer } from "../../shared/engine/index.ts";
import { allPresetIds } from "../../shared/engine/presets/index.ts";
import type { PatchOp, ServerMessage, TableView } from "../../shared/protocol/messages.ts";
import { applyViewFrame, applyViewPatch, logAfterFor, viewFrame, type HeldView, type SentView } from "../../shared/protocol/view-patch.ts";
import { assertEntitled } from "./engine/entitlement.ts";
import { settingsFor } from "./engine/property.ts";
import { DEEP, FULL } from "./deep.ts";

const GAMES = Number(process.env.PATCH_GAMES ?? (FULL ? 10 : DEEP ? 3 : 1));

/** A table envelope around the game view (what changes in it — status, the consigliere's mark — is diffed like the rest). */
function envelope(game: GameView, advises: string | null): TableView {
  return { code: "PATCH1", status: game.result ? "ended" : "playing", game, connected: [], ...(advises ? { advises } : {}) } as unknown as TableView;
}

/**
 * Views built from one shared public part share no object with each other but frozen ones — a public
 * seat a view adds nothing to (issue 36) — and the log's entries (their `data` has always been the
 * event's own, read-only). A seat a view adds a role or a tally to is that view's own copy.
 */
function ownObjects(x: unknown, name: string, owners: Map<object, string>, top = true): void {
  if (x === null || typeof x !== "object") return;
  const had = owners.get(x);
  // A frozen object (a public seat the view adds nothing to, issue 36) may be shared: nobody can change it.
  if (had !== undefined && had !== name && !Object.isFrozen(x)) throw new Error(`an object shared by the views of ${had} and ${name}: ${JSON.stringify(x).slice(0, 200)}`);
  owners.set(x, name);
  if (Array.isArray(x)) for (const v of x) ownObjects(v, name, owners, false);
  else for (const [k, v] of Object.entries(x)) if (!(top && k === "log")) ownObjects(v, name, owners, false);
}

/** The value at a JSON Pointer of `view` (undefined: none there). */
function at(view: unknown, path: string): unknown {
  let x = view;
  for (const raw of path.slice(1).split("/")) {
    const k = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (x === null || typeof x !== "object") return undefined;
    x = (x as Record<string, unknown>)[k];
  }
  return x;
}

interface Watcher {
  name: string;
  viewer: Viewer;
  /** The player id the leak oracle judges this viewer as (null: a spectator; undefined: the host, who sees all). */
  oracle: string | null | undefined;
  advises: string | null;
  sent?: SentView;
  held: HeldView | null;
  seenLog: number;
}

describe("view patches: previous view + patch = viewFor, for every viewer after every input", () => {
  for (const presetId of allPresetIds()) {
    it(`${presetId}: ${GAMES} game(s)`, () => {
      const preset = getPreset(presetId)!;
      let patches = 0;
      let fulls = 0;
      let patchBytes = 0;
      let fullBytes = 0;
      for (let g = 0; g < GAMES; g++) {
        const min = presetId === "custom" ? 10 : preset.seats.min;
        const seats = min + (g % (preset.seats.max - min + 1));
        const ids = Array.from({ length: seats }, (_, i) => `p${i + 1}`);
        const watchers: Watcher[] = [
          ...ids.map((id): Watcher => ({ name: id, viewer: { kind: "player", playerId: id }, oracle: id, advises: null, held: null, seenLog: 0 })),
          { name: "host", viewer: { kind: "host" }, oracle: undefined, advises: null, held: null, seenLog: 0 },
          { name: "spectator", viewer: { kind: "spectator" }, oracle: null, advises: null, held: null, seenLog: 0 },
          ...(preset.consigliere ? [{ name: "consigliere of p1", viewer: { kind: "player", playerId: "p1" }, oracle: "p1", advises: "p1", held: null, seenLog: 0 } satisfies Watcher] : []),
        ];
        let version = 0;
        const bots: BotKind[] = ids.map((_, i) => (g % 2 === 0 && i % 2 ? "heuristic" : "random"));
        const r = playGame({
          presetId,
          seed: `patch-${presetId}-${g}`,
          seats,
          settings: presetId === "sport" ? { voting: g % 2 ? "open" : "closed" } : settingsFor(g, presetId),
          bots,
          botFlag: g % 2 === 1,
          onInput: (state: GameState, _input, now) => {
            version++;
            // The fan-out: the public part once for all the viewers of this version (issue 36) …
            const shared = sharedView(state);
            const owners = new Map<object, string>();
            for (const w of watchers) {
              // … each view built with the log after what the connection holds, then the frame.
              const game = viewFor(state, w.viewer, { logAfter: logAfterFor(w.sent), shared });
              ownObjects(game, w.name, owners);
              const next = envelope(game, w.advises);
              const built = viewFrame(w.sent, version, now, next);
              w.sent = built.sent;
              const msg = JSON.parse(built.frame) as Extract<ServerMessage, { type: "view" | "patch" }>;
              const want = envelope(viewFor(state, w.viewer), w.advises);
              const wantFrame = JSON.stringify({ type: "view", version, serverNow: now, view: next });
              if (msg.type === "patch") {
                patches++;
                patchBytes += built.frame.length;
                expect(msg.base).toBe(w.held!.version);
                expect(built.frame.length, "a patch is sent only when smaller than the full frame").toBeLessThan(wantFrame.length);
                // Nothing in the patch beyond the viewer's own full view (the oracle's view below).
                // (A strict native comparison first, vitest's lenient one only on a miss: every op of every frame of whole games.)
                for (const op of msg.ops) {
                  if (op.length === 2 && !isDeepStrictEqual(op[1], at(want, op[0]))) expect(op[1], `${w.name}: ${op[0]}`).toEqual(at(want, op[0]));
                  if (op.length === 3 && !isDeepStrictEqual(op[2], (at(want, op[0]) as unknown[]).slice(op[1]))) expect(op[2], `${w.name}: ${op[0]}`).toEqual((at(want, op[0]) as unknown[]).slice(op[1]));
                }
              } else {
                fulls++;
                fullBytes += built.frame.length;
                expect(built.frame).toBe(wantFrame);
              }
              const held = applyViewFrame(w.held, msg);
              if (held === null) expect.fail(`${w.name}: the frame does not follow the view held`);
              if (held.version !== version) expect(held.version).toBe(version);
              if (!isDeepStrictEqual(held.view, want)) expect(held.view, `${w.name} after input ${version}`).toEqual(want);
              w.held = held;
              if (w.oracle !== undefined) w.seenLog = assertEntitled(state, w.oracle, held.view.game!, w.seenLog);
            }
          },
        });
        expect((r.state as unknown as { result: unknown }).result, `game ${g} did not end`).not.toBeNull();
      }
      // Patches are the rule: a full frame only for each viewer's first view (and the end, when smaller).
      expect(patches).toBeGreaterThan(fulls * 10);
      console.log(`${presetId}: ${patches} patches (mean ${(patchBytes / patches).toFixed(0)} B), ${fulls} full frames (mean ${(fullBytes / fulls).toFixed(0)} B)`);
    }, Math.max(120_000, GAMES * 40_000)); // the slowest preset: ~21 s a game on a busy two-core machine
  }
});

describe("view patches: a frame that does not follow is refused (the receiver sends sync)", () => {
  const game = viewFor(playGame({ presetId: "sport", seed: "patch-chain", bots: "random" }).state, { kind: "spectator" });
  const view = envelope(game, null);
  const held: HeldView = { version: 7, view };

  it("a patch on another version than the one held, or with nothing held", () => {
    const ok = applyViewFrame(held, { type: "patch", base: 7, version: 8, ops: [["/game/day", 9]] });
    expect(ok?.view.game?.day).toBe(9);
    expect(held.view.game?.day, "the held view is left as it was").toBe(game.day);
    expect(applyViewFrame(held, { type: "patch", base: 6, version: 8, ops: [["/game/day", 9]] })).toBeNull();
    expect(applyViewFrame(null, { type: "patch", base: 7, version: 8, ops: [] })).toBeNull();
  });

  it("operations that do not fit the view, or could reach a prototype", () => {
    const bad: PatchOp[][] = [
      [["/nothing/here", 1]],
      [["/game/seats/99", {}]],
      [["/game/seats/x", {}]],
      [["/game/seats/01", {}]],
      [["/game/seats/0"]],
      [["/game/nope"]],
      [["/game/log", game.log.length + 1, []]],
      [["/game/day", -1, []]],
      [["game/day", 1]],
      [["", 1]],
      [["/__proto__/polluted", true]],
      [["/game/constructor", 1]],
    ];
    for (const ops of bad) expect(applyViewPatch(view, ops), JSON.stringify(ops)).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a finished game's log, held whole already, is not sent again (it only grows)", () => {
    expect(game.result).not.toBeNull();
    const sent = viewFrame(undefined, 1, 0, view).sent;
    const again = JSON.parse(viewFrame(sent, 2, 0, { ...view, connected: [3] } as unknown as TableView).frame) as Extract<ServerMessage, { type: "patch" }>;
    expect(again.type).toBe("patch");
    expect(again.ops).toEqual([["/connected", [3]]]);
    expect(applyViewFrame({ version: 1, view }, again)?.view).toEqual({ ...view, connected: [3] });
  });

  it("issue 36: a small patch goes without the full view being serialized; a big one is still weighed against it", () => {
    const first = viewFrame(undefined, 1, 0, view);
    const logChars = JSON.stringify(view.game!.log).length;
    expect(first.sent.fullLength, "the full frame's length without its log").toBe(first.frame.length - logChars);
    const next = { ...view, connected: [3] } as unknown as TableView;
    const stringify = vi.spyOn(JSON, "stringify");
    try {
      const small = viewFrame(first.sent, 2, 0, next);
      expect(JSON.parse(small.frame).type).toBe("patch");
      expect(stringify.mock.calls.length, "only the patch's operations were serialized").toBe(1);
      expect(small.sent.fullLength, "the measure is carried on").toBe(first.sent.fullLength);
      stringify.mockClear();
      // No measure (or a patch not far under it): the full frame is built and the smaller one goes.
      const weighed = viewFrame({ ...first.sent, fullLength: 0 }, 2, 0, next);
      expect(JSON.parse(weighed.frame).type).toBe("patch");
      expect(stringify.mock.calls.length, "the full view was serialized to compare").toBeGreaterThan(1);
    } finally {
      stringify.mockRestore();
    }
  });

  it("keys holding / and ~ travel escaped (RFC 6901)", () => {
    const a = { ...view, odd: { "a/b": 1, "c~d": 2 } } as unknown as TableView;
    const b = { ...view, odd: { "a/b": 3, "c~d": 4 } } as unknown as TableView;
    const built = viewFrame({ version: 1, view: { ...a, game: { ...a.game!, log: [], logAfter: null } } }, 2, 0, { ...b, game: { ...b.game!, logAfter: b.game!.logUpTo, log: [] } });
    const msg = JSON.parse(built.frame) as Extract<ServerMessage, { type: "patch" }>;
    expect(msg.type).toBe("patch");
    expect(msg.ops).toEqual([["/odd/a~1b", 3], ["/odd/c~0d", 4]]);
    expect(applyViewFrame({ version: 1, view: a }, msg)?.view).toEqual(b);
  });
});
