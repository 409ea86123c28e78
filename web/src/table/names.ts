/** A seat's name as shown, a bot's in the page's language ("Бот 1" for the server's "Bot 1"). */
import { t } from "../i18n/index.ts";
import { botNumber } from "../lib/bot-name.ts";

/** The name to show: a bot's server name in this language; any other name as it is. `bot` false: a person's. */
export function shownName(nickname: string | null | undefined, bot = true): string {
  const n = botNumber(nickname, bot);
  return n === null ? (nickname ?? "") : t("seat.botName", { n });
}
