/**
 * The banners' per-tick cost on a long log (web/src/table/Banners.tsx, announce.ts), in Node over a
 * Solid store like the page's (reads go through the store's proxies): the whole walk of every tick
 * before (the seats spread, each entry of the tail announced again) against the tail made once per
 * change of the log and filtered by the time. Run: node --conditions=browser --experimental-transform-types bench/banners-tick.ts
 * (the browser build of Solid: the server build's memos track nothing)
 */
import { createMemo, createRoot } from "solid-js";
import { createStore, unwrap } from "solid-js/store";
import { type BotKind, playGame } from "../shared/bots/index.ts";
import { seatedPlayers, viewFor } from "../shared/engine/index.ts";
import type { GameView } from "../shared/engine/types.ts";
import { activeFrom, announcementTail, nextChange } from "../web/src/table/announce.ts";
import { LONGEST, wholeWalk } from "../test/support/announce-walk.ts";

const shown = (n: string | null | undefined) => n ?? "";

const r = playGame({ presetId: process.env.PRESET ?? "sport", seed: "bench-banners", bots: (process.env.BOTS ?? "random") as BotKind, stepMs: Number(process.env.STEP ?? 700) });
const id = seatedPlayers(r.state)[0]!.playerId;
const full: GameView = viewFor(r.state, { kind: "player", playerId: id });
const N = Number(process.env.ENTRIES ?? 300);
const view = { ...full, log: full.log.slice(0, N) };
const last = view.log[view.log.length - 1]!.at;
const you = view.you?.seat ?? null;

createRoot(() => {
  const [game] = createStore(structuredClone(view));
  if (unwrap(game.log) === game.log) throw new Error("no store proxies");
  const dismissed = new Set<string>();
  // The ticks: the last 10 s of the log (banners on) and the 10 s after.
  const nows = Array.from({ length: 200 }, (_, i) => last - 10_000 + i * 100);
  let sink = 0;
  // Each tick is one run of a computation, as the page's memo: every read through the store registers a dependency.
  const run = (body: () => number) => createRoot((dispose) => (createMemo(() => (sink += body())), dispose()));
  const time = (name: string, body: (now: number) => number, rounds = 50) => {
    const all = () => {
      for (const now of nows) run(() => body(now));
    };
    for (let i = 0; i < 5; i++) all();
    const t0 = performance.now();
    for (let i = 0; i < rounds; i++) all();
    console.log(`${name.padEnd(46)} ${(((performance.now() - t0) * 1000) / rounds / nows.length).toFixed(2)} µs`);
  };
  time("before, a tick: whole walk + seats spread", (now) => wholeWalk(game.log, you, now, { dismissed, seats: game.seats.map((s) => ({ ...s, nickname: shown(s.nickname) })) }).length);
  time("  of which the seats spread", () => game.seats.map((s) => ({ ...s, nickname: shown(s.nickname) })).length);
  const names = new Map(game.seats.map((s) => [s.seat, shown(s.nickname)] as const));
  const tail = announcementTail(game.log, you, nows[0]!, (s) => names.get(s) ?? "");
  time("after, a tick: filter the tail + next change", (now) => activeFrom(tail, now, { dismissed })!.length + (nextChange(tail, now) ?? 0));
  time("after, a change of the log: remake the tail", (now) => announcementTail(game.log, you, now, (s) => names.get(s) ?? "").items.length);
  time("(an empty computation, for scale)", () => 0);
  console.log(`${view.log.length} entries, tail at the last entry ${announcementTail(game.log, you, last).items.length}`);
});
