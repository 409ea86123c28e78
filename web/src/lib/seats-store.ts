/**
 * "My tables on this device": the saved links. One entry per table code, in localStorage under
 * `mafia.tables`. The token is the device's key to the seat (sent in the socket's hello); the
 * return code is shown to the player so they can come back from another device.
 * See docs/UI.md "Routes and saved links".
 */
import { createSignal } from "solid-js";

export interface SavedTable {
  code: string;
  /** Empty for a creator who has not sat down (kind "organizer") or the live host (kind "host"). */
  playerId: string;
  nickname: string;
  /** What `hello` sends: the seat token, or the organizer token of a seatless creator / live host. */
  token: string;
  returnCode: string | null;
  savedAt: number;
  /** Missing: a player (entries saved without a kind). "consigliere" — the advisor of seat `playerId` (RULES.md §7.10). */
  kind?: "player" | "organizer" | "host" | "consigliere";
  /** The creator's organizer token while it is unspent (not seated yet): `join` sends it. */
  organizerToken?: string | null;
  /** The game of the table's series this seat was last seen in (rematch); missing = 1. */
  game?: number;
}

const KEY = "mafia.tables";

function read(): SavedTable[] {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? "[]") as unknown;
    return Array.isArray(raw) ? (raw as SavedTable[]).filter((e) => e && typeof e.code === "string" && typeof e.token === "string") : [];
  } catch {
    return [];
  }
}

const [saved, setSaved] = createSignal<SavedTable[]>(read());
export { saved };

function write(list: SavedTable[]): void {
  setSaved(list);
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    /* private mode: the session still works, only the saved link is lost */
  }
}

export function savedFor(code: string): SavedTable | undefined {
  return saved().find((e) => e.code === code.toUpperCase());
}

export function saveTable(entry: Omit<SavedTable, "savedAt">): void {
  // NB: a seat entry replaces the creator's organizer entry for the same code (the token was spent).
  const code = entry.code.toUpperCase();
  const previous = savedFor(code);
  const returnCode = entry.returnCode ?? (previous?.playerId === entry.playerId ? previous.returnCode : null);
  write([{ ...entry, code, returnCode, savedAt: Date.now() }, ...saved().filter((e) => e.code !== code)].slice(0, 30));
}

export function forgetTable(code: string): void {
  write(saved().filter((e) => e.code !== code.toUpperCase()));
}

const NICK = "mafia.nickname";
export function lastNickname(): string {
  try {
    return localStorage.getItem(NICK) ?? "";
  } catch {
    return "";
  }
}
export function rememberNickname(nickname: string): void {
  try {
    localStorage.setItem(NICK, nickname);
  } catch {
    /* ignore */
  }
}
