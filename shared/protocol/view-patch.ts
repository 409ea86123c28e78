/**
 * View patches (docs/PROTOCOL.md "View patches"): after its first full view, a connection
 * gets each new view as a `patch` frame against the last view it received — only what changed, the
 * public part, its own part and the new log entries alike. A full `view` frame (with a log delta) is
 * sent instead when the patch would not be smaller, on `hello` and on `sync`.
 *
 * The format, small and JSON-only: `ops` is a list of operations applied in order, each addressed by
 * a JSON Pointer (RFC 6901: `/game/seats/3/alive`; `~1` is `/`, `~0` is `~`; an array's element by its
 * index):
 *   - `[path, value]`         set: an object's key (added or replaced), or an array's element (the
 *                             index equal to the length appends);
 *   - `[path]`                remove an object's key;
 *   - `[path, from, items]`   an array: keep its first `from` elements, then append `items` (the log
 *                             tail: `["/game/log", n, [entries after the first n]]`).
 * The frame names the version of the view it applies to (`base`); a receiver holding another version
 * (or none) asks `{type:"sync"}` for a full view. Every receiver — the web client, the tests, the
 * benchmarks' drivers — rebuilds its view with `applyViewFrame` here; the table object and the
 * benchmarks' baseline server build frames with `viewFrame`.
 */
import type { PatchOp, TableView } from "./messages.ts";
import { mergeView } from "./view-merge.ts";

/** What the sender remembers of the last view a connection received: its version and the view without its log. */
export interface SentView {
  readonly version: number;
  /** The view as the receiver holds it, except `game.log` (kept empty here: the log goes by `logUpTo`). */
  readonly view: TableView;
  /**
   * The length of the last full frame built for this connection without its log entries (0: not
   * known). A patch under half of it goes without building the full frame to compare (most
   * frames then serialize only the patch's operations, not the whole view beside them).
   */
  readonly fullLength?: number;
}

/** The `logAfter` to build the next view with for a connection that holds `sent` (null: the whole log). */
export function logAfterFor(sent: SentView | undefined): number | null {
  return sent?.view.game ? sent.view.game.logUpTo : null;
}

const NO_LOG: never[] = [];

/** The view as the receiver holds it minus its log (log entries are never diffed: they only grow). */
function withoutLog(view: TableView): TableView {
  return view.game ? { ...view, game: { ...view.game, log: NO_LOG, logAfter: null } } : view;
}

function escape(key: string): string {
  return key.includes("~") || key.includes("/") ? key.replace(/~/g, "~0").replace(/\//g, "~1") : key;
}

/** The JSON Pointer of a path of keys (built only for an operation: most of a diff's walk finds nothing). */
function pointer(path: readonly (string | number)[]): string {
  let out = "";
  for (const k of path) out += `/${typeof k === "number" ? k : escape(k)}`;
  return out;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === "object" && !Array.isArray(x);
}

/**
 * Whether two JSON values are equal as JSON: the same keys with equal values in any order (a key whose
 * value is undefined counts as absent, as in JSON text), arrays element by element. What the
 * table compares views and view parts with, instead of serializing both; it stops at the first
 * difference.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const k in x) {
    const v = x[k];
    if (v === undefined) continue;
    keys++;
    if (!sameJson(v, y[k])) return false;
  }
  for (const k in y) if (y[k] !== undefined) keys--;
  return keys === 0;
}

/** Two arrays of plain values alike, element by element (a loop: views share frozen arrays, and V8's array builtins take a slow path on those). */
function sameScalars(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The operations that turn `a` into `b` (both JSON values), appended to `ops`. `path` is the keys down
 * to here, pushed and popped in place (building every visited node's pointer string would cost
 * more than the rest of the walk).
 */
function diff(a: unknown, b: unknown, path: (string | number)[], ops: PatchOp[]): void {
  if (a === b) return;
  // Two different plain values, or a value against an object: set (most of a view's leaves).
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") {
    ops.push([pointer(path), b]);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    // Arrays of plain values (nominees, seats lists) are short: replaced whole when they differ.
    const scalars = (b.length === 0 || typeof b[0] !== "object") && (a.length === 0 || typeof a[0] !== "object");
    if (scalars) {
      if (!sameScalars(a, b)) ops.push([pointer(path), b]);
      return;
    }
    const common = Math.min(a.length, b.length);
    if (b.length !== a.length) ops.push([pointer(path), common, b.slice(common)]);
    for (let i = 0; i < common; i++) {
      path.push(i);
      diff(a[i], b[i], path, ops);
      path.pop();
    }
    return;
  }
  if (isObject(a) && isObject(b)) {
    for (const k in a) {
      if (a[k] !== undefined && b[k] === undefined) {
        path.push(k);
        ops.push([pointer(path)]);
        path.pop();
      }
    }
    for (const k in b) {
      const y = b[k];
      if (y === undefined) continue;
      const x = a[k];
      path.push(k);
      if (x === undefined) ops.push([pointer(path), y]);
      else diff(x, y, path, ops);
      path.pop();
    }
    return;
  }
  ops.push([pointer(path), b]);
}

/**
 * The operations that turn the view the receiver holds (`sent`) into `next` (`stripped`: `next` without
 * its log). `next` is built with `logAfter = logAfterFor(sent)`: its log holds only the new entries (or
 * the whole log again, once the game is over or when `sent` had no game), which become one
 * `[/game/log, from, entries]` operation.
 */
function diffView(sent: SentView, next: TableView, stripped: TableView): PatchOp[] {
  const ops: PatchOp[] = [];
  diff(sent.view, stripped, [], ops);
  const game = next.game;
  const before = sent.view.game;
  // A finished game's log is sent whole in every view (the end reveals all), but it only ever grows:
  // one already held whole at the end, with as many entries, is the same log.
  const same = game !== null && before !== null && before.result !== null && game.result !== null && before.logUpTo === game.logUpTo;
  if (game && !same && (game.logAfter === null || game.log.length > 0)) ops.push(["/game/log", game.logAfter ?? 0, game.log]);
  return ops;
}

/**
 * The frame for a connection that holds `sent` (undefined: nothing, or nothing the sender remembers):
 * a `patch` when there is a base and the patch is smaller than the full frame, else the `view` itself
 * (`view` built with `logAfterFor(sent)`, so a full frame still carries only the log's tail). Returns
 * the text to send and what the connection then holds.
 */
export function viewFrame(sent: SentView | undefined, version: number, serverNow: number, view: TableView): { frame: string; sent: SentView } {
  const stripped = withoutLog(view);
  let patch: string | null = null;
  if (sent) {
    patch = `{"type":"patch","base":${sent.version},"version":${version},"serverNow":${serverNow},"ops":${JSON.stringify(diffView(sent, view, stripped))}}`;
    // Most frames: a patch far smaller than any full view of this connection lately — no full frame built.
    // A view's size without its log moves little from one version to the next (seats, timers, actions),
    // so under half of the last one measured it is smaller than this one's full frame too (the property
    // test in test/unit/view-patch.test.ts checks every frame of whole games against the full frame).
    if (sent.fullLength && patch.length * 2 < sent.fullLength) return { frame: patch, sent: { version, view: stripped, fullLength: sent.fullLength } };
  }
  const full = `{"type":"view","version":${version},"serverNow":${serverNow},"view":${JSON.stringify(view)}}`;
  // The full frame's length without its log entries (the log's tail varies; the rest is the view's size).
  const fullLength = full.length - (view.game && view.game.log.length ? JSON.stringify(view.game.log).length : 0);
  const held: SentView = { version, view: stripped, fullLength };
  if (patch !== null && patch.length < full.length) return { frame: patch, sent: held };
  return { frame: full, sent: held };
}

/** RFC 6901 reference tokens of a pointer (null: not a pointer, or one that could reach a prototype). */
function tokens(path: string): string[] | null {
  if (!path.startsWith("/")) return null;
  const out = path.slice(1).split("/").map((t) => (t.includes("~") ? t.replace(/~1/g, "/").replace(/~0/g, "~") : t));
  return out.some((t) => t === "__proto__" || t === "constructor" || t === "prototype") ? null : out;
}

/** An array index token: digits only, at most `max`. */
function indexOf(token: string, max: number): number | null {
  if (!/^(0|[1-9][0-9]*)$/.test(token)) return null;
  const i = Number(token);
  return i <= max ? i : null;
}

/**
 * `view` with `ops` applied, as a new value (what did not change is shared with `view`, which is left
 * as it was); null when an operation does not fit the view (the receiver then asks for a `sync`).
 */
export function applyViewPatch(view: TableView, ops: readonly PatchOp[]): TableView | null {
  const copies = new Set<object>();
  const own = <T extends object>(x: T): T => {
    if (copies.has(x)) return x;
    const c = (Array.isArray(x) ? x.slice() : { ...x }) as T;
    copies.add(c);
    return c;
  };
  const root = own(view as unknown as Record<string, unknown>);
  for (const op of ops) {
    const keys = tokens(op[0]);
    if (!keys || keys.length === 0) return null;
    // Walk to the container of the last token (the array itself for a splice), copying on the way.
    const walk = op.length === 3 ? keys.length : keys.length - 1;
    let at: Record<string, unknown> | unknown[] = root;
    for (let i = 0; i < walk; i++) {
      const k = keys[i]!;
      const idx = Array.isArray(at) ? indexOf(k, at.length - 1) : k;
      if (idx === null) return null;
      const child = (at as Record<string | number, unknown>)[idx];
      if (child === null || typeof child !== "object") return null;
      const copy = own(child as object);
      (at as Record<string | number, unknown>)[idx] = copy;
      at = copy as Record<string, unknown> | unknown[];
    }
    if (op.length === 3) {
      const [, from, items] = op;
      if (!Array.isArray(at) || !Number.isInteger(from) || from < 0 || from > at.length || !Array.isArray(items)) return null;
      at.length = from;
      for (const x of items) at.push(x);
      continue;
    }
    const last = keys[keys.length - 1]!;
    if (Array.isArray(at)) {
      const i = indexOf(last, op.length === 2 ? at.length : at.length - 1);
      if (i === null || op.length === 1) return null; // elements are never removed one by one
      at[i] = op[1];
    } else if (op.length === 2) at[last] = op[1];
    else if (!(last in at)) return null;
    else delete at[last];
  }
  return root as unknown as TableView;
}

/** What a receiver holds: the full view and its version. */
export interface HeldView {
  version: number;
  view: TableView;
}

type ViewFrame = { type: "view"; version: number; view: TableView } | { type: "patch"; base: number; version: number; ops: PatchOp[] };

/**
 * The full view after a `view` or `patch` frame, given what the receiver held; null when the frame
 * does not follow it (a patch on another version, a log delta after other entries, an operation that
 * does not fit): the receiver then sends `{type:"sync"}` and waits for the full view.
 */
export function applyViewFrame(held: HeldView | null, msg: ViewFrame): HeldView | null {
  if (msg.type === "view") {
    const view = mergeView(held?.view ?? null, msg.view);
    return view ? { version: msg.version, view } : null;
  }
  if (!held || held.version !== msg.base) return null;
  const view = applyViewPatch(held.view, msg.ops);
  return view ? { version: msg.version, view } : null;
}
