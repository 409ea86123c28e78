/**
 * A seat's name as every screen shows it: a bot's server name ("Bot 3", worker/table/lobby.ts botNickname)
 * reads in the page's language ("Бот 3") through one function, web/src/table/names.ts shownName. The
 * banners, the host's foul and mute lists, the immunity line between games, the replay, the tournament
 * pages and the organizer's dialogs all print seat names; a screen that prints `x.nickname` directly
 * leaves "Bot 3" in English in a Ukrainian or Russian page. Names like "Bot 3" are reserved for bots
 * (worker/table/lobby.ts reservedForBots), so the function never rewrites a person's name.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { en } from "../../web/src/i18n/en.ts";
import { render, type PluralLang } from "../../web/src/i18n/plural.ts";
import { ru } from "../../web/src/i18n/ru.ts";
import { uk } from "../../web/src/i18n/uk.ts";
import { botNumber } from "../../web/src/lib/bot-name.ts";
import { botNickname } from "../../worker/table/lobby.ts";

const MAIN: Record<PluralLang, Record<string, string>> = { en, uk, ru };
/** shownName with the catalogue of `l` (the same steps: the bot's number, then `seat.botName`). */
const shown = (l: PluralLang, nickname: string, bot = true) => {
  const n = botNumber(nickname, bot);
  return n === null ? nickname : render(MAIN[l]["seat.botName"]!, l, { n });
};

/** The screens that print seat names: the table, the replay, the tournament pages, the review. */
const DIRS = ["web/src/table", "web/src/record", "web/src/tournaments"];
const FILES = ["web/src/clubs/Review.tsx"];

function screens(): string[] {
  const out = [...FILES];
  for (const d of DIRS) for (const f of readdirSync(d)) if (f.endsWith(".tsx")) out.push(join(d, f));
  return out;
}

describe("a seat's display name: bots in the page's language, one function", () => {
  it("'Bot 3' reads 'Бот 3' in uk and ru and 'Bot 3' in en; a person's name is kept", () => {
    expect(shown("uk", botNickname(3))).toBe("Бот 3");
    expect(shown("ru", botNickname(11))).toBe("Бот 11");
    expect(shown("en", botNickname(3))).toBe("Bot 3");
    expect(shown("uk", "Оля")).toBe("Оля");
    expect(shown("ru", "Bot 3", false)).toBe("Bot 3");
  });

  it("the shown name is idempotent (a name already shown is not rewritten again)", () => {
    for (const l of ["uk", "ru"] as const) expect(shown(l, shown(l, botNickname(7)))).toBe(shown(l, botNickname(7)));
  });

  it("every screen that prints a seat's nickname prints it through shownName", () => {
    const raw: string[] = [];
    for (const file of screens()) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (!/\.nickname\b/.test(line)) return;
          // Comparisons of a nickname and the viewer's own saved identity are not printed names; a line
          // that compares something else (a seat) and prints the nickname it found still counts.
          if (/shownName\(|\.nickname\s*[!=]==|[!=]==\s*[\w.?]*\.nickname\b|![\w.?]*\.nickname\b|identity|saved|me\(\)|id\.nickname|\/\/|^\s*\*/.test(line)) return;
          raw.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(raw).toEqual([]);
  });
});
