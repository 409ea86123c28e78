/**
 * The bot levels' texts (the create form's "Bots" choice, the organizer's options). Kept out of
 * the main catalogues, which are in every page's initial bundle: these lines load only with the home page
 * and the organizer's lazy panel (the table page's budget, docs/PERFORMANCE.md). en defines the keys; uk
 * and ru are typed against it. No runtime imports: the unit tests read it in Node
 * (test/unit/bot-level.test.ts checks every line is filled).
 */
import type { BotLevel } from "../../../shared/bots/levels.ts";
import type { Lang } from "../i18n/index.ts";

/**
 * The levels in the order the choices show them (the server's BOT_LEVELS; typed so none is missing).
 * @public Read through the lazily imported module (`levels()?.LEVELS`: create-form.tsx, OrganizerPanel.tsx), which knip does not follow.
 */
export const LEVELS = ["novice", "strong"] as const satisfies readonly BotLevel[];

type Lines = Record<"label" | "about" | BotLevel, string>;

const en: Lines = {
  label: "Bots",
  about: "How the table's bots play: a novice often votes and shoots on a whim; a strong bot reads the votes, the nominations and what players say about themselves.",
  novice: "Novice",
  strong: "Strong",
};

const uk: Lines = {
  label: "Боти",
  about: "Як грають боти за столом: новачок часто голосує й стріляє навмання; сильний бот зважає на голосування, висунення та на те, що гравці кажуть про себе.",
  novice: "Новачок",
  strong: "Сильний",
};

const ru: Lines = {
  label: "Боты",
  about: "Как играют боты за столом: новичок часто голосует и стреляет наугад; сильный бот учитывает голосования, выставления и то, что игроки говорят о себе.",
  novice: "Новичок",
  strong: "Сильный",
};

export const BOT_LEVEL_LINES: Record<Lang, Lines> = { en, uk, ru };

/** A bot-level line in language `l` (components pass the reactive lang()). */
export const botLevelText = (l: Lang, key: keyof Lines): string => BOT_LEVEL_LINES[l][key];
