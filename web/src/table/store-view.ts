/**
 * What the table's store is given for a new view. A view frame changes a few leaves of a view that holds
 * the whole log; cloning the whole view and reconciling every node of it cost a phone's frame more than
 * the render itself. Here `next` is taken apart only where it differs from `prev` (the view the store was
 * last given): a subtree that is the same object as before (a patched view shares what did not change
 * with the view it was applied to) becomes the store's own node at that place, where reconcile stops
 * at once (`unwrap` of a store node is its raw object, not a walk). What did change is copied, so the
 * store never adopts an object of `next`: reconcile keeps and later mutates what it is given, and the
 * next patch applies to `next`.
 *
 * The store's node stands in for `prev`'s subtree only where the two hold the same data: the store was
 * reconciled to `prev`, and reconcile moves array elements by their `id`, so an array whose elements'
 * ids moved (and an object whose id changed) is copied whole rather than taken apart.
 */
export function storeTarget(next: unknown, prev: unknown, held: unknown): unknown {
  if (next === null || typeof next !== "object") return next;
  if (next === prev && held !== null && typeof held === "object") return held;
  if (prev === null || typeof prev !== "object" || held === null || typeof held !== "object") return structuredClone(next);
  if (Array.isArray(next) !== Array.isArray(prev) || Array.isArray(held) !== Array.isArray(next)) return structuredClone(next);
  if (Array.isArray(next)) {
    const p = prev as unknown[];
    const h = held as unknown[];
    if (h.length !== p.length) return structuredClone(next);
    const common = Math.min(next.length, p.length);
    for (let i = 0; i < common; i++) if (idOf(next[i]) !== idOf(p[i])) return structuredClone(next);
    const out = new Array<unknown>(next.length);
    for (let i = 0; i < next.length; i++) out[i] = i < common ? storeTarget(next[i], p[i], h[i]) : structuredClone(next[i]);
    return out;
  }
  if (idOf(next) !== idOf(prev)) return structuredClone(next);
  const n = next as Record<string, unknown>;
  const p = prev as Record<string, unknown>;
  const h = held as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(n)) out[k] = storeTarget(n[k], p[k], h[k]);
  return out;
}

/** The key reconcile matches array elements by (its default, `id`). */
function idOf(x: unknown): unknown {
  return x !== null && typeof x === "object" && !Array.isArray(x) ? (x as { id?: unknown }).id : undefined;
}
