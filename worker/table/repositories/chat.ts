/**
 * The chat's rows: `chat` (the lines, by channel and era), `chat_muted` (the keys the organizer muted)
 * and `chat_counter` (the spectators' numbers), all from the table's migrations (migrations.ts). Only
 * chat.ts uses these functions, and only they touch these tables.
 */

export interface ChatRow {
  id: number;
  at: number;
  name: string;
  key: string;
  text: string;
}

export function chatRows(sql: SqlStorage) {
  return {
    /** Store a line; returns its id. */
    add(channel: string, era: number, at: number, name: string, key: string, text: string): number {
      return Number(sql.exec("INSERT INTO chat (channel, era, at, name, key, text) VALUES (?, ?, ?, ?, ?, ?) RETURNING id", channel, era, at, name, key, text).one().id);
    },
    /** Drop the lines of eras before `era` (never shown again). */
    dropBefore(era: number): void {
      sql.exec("DELETE FROM chat WHERE era < ?", era);
    },
    /** Keep only the channel's last `kept` lines. */
    keepLast(channel: string, kept: number): void {
      sql.exec("DELETE FROM chat WHERE channel = ?1 AND id <= (SELECT id FROM chat WHERE channel = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)", channel, kept);
    },
    /** The channel's last `limit` lines of the era, oldest first. */
    history(channel: string, era: number, limit: number): ChatRow[] {
      return sql
        .exec("SELECT id, at, name, key, text FROM chat WHERE channel = ? AND era = ? ORDER BY id DESC LIMIT ?", channel, era, limit)
        .toArray()
        .reverse()
        .map((r) => ({ id: Number(r.id), at: Number(r.at), name: String(r.name), key: String(r.key), text: String(r.text) }));
    },
    mute(key: string): void {
      sql.exec("INSERT INTO chat_muted (key) VALUES (?) ON CONFLICT(key) DO NOTHING", key);
    },
    unmute(key: string): void {
      sql.exec("DELETE FROM chat_muted WHERE key = ?", key);
    },
    muted(): string[] {
      return sql.exec("SELECT key FROM chat_muted ORDER BY key").toArray().map((r) => String(r.key));
    },
    /** The next spectator's number (1, 2, 3 …). */
    nextSpectator(): number {
      return Number(sql.exec("INSERT INTO chat_counter (id, spectators) VALUES (1, 1) ON CONFLICT(id) DO UPDATE SET spectators = spectators + 1 RETURNING spectators").one().spectators);
    },
  };
}

export type ChatRows = ReturnType<typeof chatRows>;
