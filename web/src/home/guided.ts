/**
 * A guided first game: "First game with hints" on the home page opens a private sport table
 * (RULES.md §2) for this person, turns the hint line on (web/src/table/hints.ts) and asks the table page to
 * fill the other nine seats with bots once it opens (sport starts by itself when full, §2). The windows
 * are the table's own: the server gives the longer windows for beginners by default to every
 * table that is not rated; sport is rated (§2.14), so this table keeps the rules' windows.
 */
import { api } from "../lib/api.ts";
import { navigate, tablePath } from "../lib/router.ts";
import { saveTable } from "../lib/seats-store.ts";
import { setHints } from "../table/hints.ts";
import { normalizeCode, sitDown } from "./forms.tsx";

const FILL_KEY = "mafia.guided.fill";

export async function startGuidedGame(name: string): Promise<void> {
  const created = await api.createTable({ presetId: "sport", public: false, host: "server", botLevel: "novice" });
  const code = normalizeCode(created.code);
  saveTable({ code, playerId: "", nickname: "", token: created.organizerToken, returnCode: null, kind: "organizer", organizerToken: created.organizerToken });
  await sitDown(code, name, created.organizerToken);
  setHints(true);
  try {
    sessionStorage.setItem(FILL_KEY, code);
  } catch {
    /* the person presses "Fill with bots and start" themselves; the hint line says so */
  }
  navigate(tablePath(code));
}

/** Once, at the guided table's lobby: whether the page should fill the empty seats with bots now. */
export function takeGuidedFill(code: string): boolean {
  try {
    if (sessionStorage.getItem(FILL_KEY) !== code) return false;
    sessionStorage.removeItem(FILL_KEY);
    return true;
  } catch {
    return false;
  }
}
