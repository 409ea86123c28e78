/**
 * In a finished game the server sends "" as the nick of a seat whose player opted
 * out of publication (worker/table/publication.ts). The page names that seat "Player {seat}" from its
 * catalogue: every object of the view with an empty `nickname` and a numeric `seat` gets the label.
 * Pure; the view is returned as is when nothing is blank.
 */
import type { TableView } from "../../../shared/protocol/messages.ts";

export function labelHidden(view: TableView, label: (seat: number) => string): TableView {
  if (!JSON.stringify(view).includes('"nickname":""')) return view;
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
