/**
 * RULES.md §7.10 the consigliere on the page (pure helpers). A consigliere's connection gets
 * exactly the seat's view; what they may send is the seat's vote or night action (`you.advice`, also
 * after the player chose: the consigliere's choice replaces it). The page offers that list in place of
 * the seat's own actions, so the action bar and the oval work for the consigliere unchanged.
 */
import flags from "virtual:preset-flags";
import type { TableView } from "../../../shared/protocol/messages.ts";

/** The seat's view as the consigliere's page offers it: `you.actions` are the consigliere's (`advice`). */
export function asAdvisor(view: TableView): TableView {
  const you = view.game?.you;
  if (!view.game || !you) return view;
  return { ...view, game: { ...view.game, you: { ...you, actions: you.advice ?? [] } } };
}

/** The nickname of each seat's consigliere, by seat (public: lobby[].consigliere). */
export function consiglieriBySeat(view: TableView | null): Map<number, string> {
  const out = new Map<number, string>();
  for (const p of view?.lobby ?? []) if (p.seat !== null && p.consigliere) out.set(p.seat, p.consigliere);
  return out;
}

/** RULES.md §7.10: whether this preset's tables take a consigliere (the preset's flag, from the build-time list). */
export const allowsConsigliere = (presetId: string): boolean => flags.consigliere.includes(presetId);

/** RULES.md §6: whether the organizer sets each game's role counts in the lobby (a preset with `roleCounts` that is not a §5 profile). */
export const setsComposition = (presetId: string): boolean => flags.lobbyCounts.includes(presetId);

/** RULES.md §6.9: whether this preset's live host may remove a player without warning (the preset's `fouls.hostRemoval`, from the build-time list). */
export const allowsHostRemoval = (presetId: string): boolean => flags.hostRemoval.includes(presetId);
