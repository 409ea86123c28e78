/**
 * In a finished game the server sends "" as the nick of a seat whose player opted
 * out of publication (worker/table/publication.ts). The page names that seat "Player {seat}" from its
 * catalogue: every object of the view with an empty `nickname` and a numeric `seat` gets the label.
 * Pure; the view is returned as is when nothing is blank.
 */
import type { TableView } from "../../../shared/protocol/messages.ts";

/**
 * Whether a part of a view holds a blank nickname, by object: a patched view shares what did not change
 * with the view before, so a frame looks only at what it changed (not the whole view and its log, as
 * serializing it to search the text did). Views are never mutated once built, so an answer stays true.
 */
const blankIn = new WeakMap<object, boolean>();

function hasBlank(x: unknown): boolean {
  if (x === null || typeof x !== "object") return false;
  const known = blankIn.get(x);
  if (known !== undefined) return known;
  const out = Array.isArray(x) ? x.some(hasBlank) : (x as { nickname?: unknown }).nickname === "" || Object.values(x).some(hasBlank);
  blankIn.set(x, out);
  return out;
}

export function labelHidden(view: TableView, label: (seat: number) => string): TableView {
  if (!hasBlank(view)) return view;
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (x === null || typeof x !== "object") return x;
    const o = x as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) out[k] = walk(v);
    if (o.nickname === "" && typeof o.seat === "number") out.nickname = label(o.seat);
    return out;
  };
  return walk(view) as TableView;
}
