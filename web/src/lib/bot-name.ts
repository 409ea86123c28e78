/**
 * A bot's name in the page's language: the server names bots "Bot 1", "Bot 2"… in every
 * language (worker/table/lobby.ts botNickname; names like it are reserved for bots), and the page shows
 * them as its catalogue's `seat.botName` ("Бот 1"). Pure: the number of a bot's server name, or null for
 * any other name (a person's, or a bot's that does not follow the pattern).
 */
export function botNumber(nickname: string | null | undefined, bot = true): number | null {
  if (!bot || !nickname) return null;
  const m = /^Bot (\d{1,4})$/.exec(nickname);
  return m ? Number(m[1]) : null;
}
