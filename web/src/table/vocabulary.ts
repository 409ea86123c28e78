/**
 * The page's words for the engine's open vocabulary (RULES.md §5.3 a night effect, §5.4 "a solo role
 * wins by its own condition"): an effect, an ability, a role or a result reason the catalogue knows is
 * shown by its line; one it does not know — a format's own, registered in the engine only — by a
 * generic line that carries the id's own label, so a new value reads as words instead of vanishing.
 * Pure (the catalogue is passed in as `Words`), so the same text is checked in a unit test.
 */
import type { GameView } from "../../../shared/engine/types.ts";

/** A catalogue line with its parameters filled in, or null when the catalogue has no such key. */
export type Words = (key: string, params?: Record<string, string>) => string | null;

type Result = Pick<NonNullable<GameView["result"]>, "winner" | "reason" | "roles">;

/** An id in its own words: "hermit-outlasted" → "hermit outlasted". */
export function idLabel(id: string): string {
  return id.replace(/[-_]+/g, " ").trim();
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A name: the catalogue's line (`role.<id>`, `ability.<id>`), else the id's own label, capitalised. */
export function nameOf(words: Words, key: string, id: string): string {
  return words(key) ?? capital(idLabel(id));
}

/** The end screen's reason line: the catalogue's, else "By the format's own rule: <the reason's own words>." */
export function reasonText(words: Words, result: Pick<Result, "reason">): string {
  return words(`reason.${result.reason}`) ?? words("reason.own", { rule: idLabel(result.reason) }) ?? idLabel(result.reason);
}

/**
 * The end screen's winner line. A reason the catalogue knows keeps its format's line (`end.win.<team>`);
 * a solo win by a rule it does not know names the solo roles dealt ("Hermit wins alone").
 */
export function winnerText(words: Words, result: Result): string {
  if (result.winner === "solo" && words(`reason.${result.reason}`) === null) {
    const roles = [...new Set(result.roles.filter((r) => r.team === "solo").map((r) => r.role))];
    if (roles.length) return words("end.win.solo.own", { role: roles.map((r) => nameOf(words, `role.${r}`, r)).join(", ") }) ?? roles.join(", ");
  }
  return words(`end.win.${result.winner}`) ?? idLabel(result.winner);
}
