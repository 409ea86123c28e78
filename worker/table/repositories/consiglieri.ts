/**
 * The consiglieri's rows (RULES.md §7.10): `consiglieri` (one per advised seat: a pending invitation
 * or the advisor who joined), `consigliere_tokens` (the advisors' token digests) and
 * `consigliere_required` (the newcomers of a rating table). The tables are the table's migrations 1
 * and 4 (migrations.ts); only consigliere.ts uses these functions, and only they touch these tables.
 */

/** One seat's consigliere: a pending invitation (nickname null) or the advisor who joined with it. */
export interface ConsigliereRow {
  /** The advised seat's player. */
  playerId: string;
  nickname: string | null;
  /** Digest of the one-time code while the invitation waits; null once used. */
  inviteHash: Uint8Array | null;
  /** The invitation was made by the organizer or host for this seat and its player has not consented yet. */
  awaitingConsent: boolean;
  /** The series' game in whose lobby the invitation was made (its code binds only before that game's deal). */
  inviteGame: number | null;
  returnHash: Uint8Array | null;
  deviceHash: Uint8Array | null;
  /** RULES.md §7.10: the advisor's account, when they bound signed in (null: a guest). */
  advisorUserId: string | null;
  /** The worker found that account experienced (10 finished games of the format here, or marked by the club). */
  experienced: boolean;
}

/** What binds an advisor to a seat: their return code's and device's digests, when, and their account. */
export interface Binding {
  nickname: string;
  returnHash: Uint8Array;
  deviceHash: Uint8Array | null;
  joinedAt: number;
  advisorUserId: string | null;
  experienced: boolean;
}

const toBytes = (v: unknown): Uint8Array | null => (v === null || v === undefined ? null : new Uint8Array(v as ArrayBuffer));
const toBuffer = (b: Uint8Array | null): ArrayBuffer | null => (b ? (b.slice().buffer as ArrayBuffer) : null);

export function consiglieriRows(sql: SqlStorage) {
  return {
    /** The accounts named as newcomers at this rating table. */
    required(): string[] {
      return sql.exec("SELECT user_id FROM consigliere_required").toArray().map((r) => String(r.user_id));
    },
    require(userId: string): void {
      sql.exec("INSERT OR IGNORE INTO consigliere_required (user_id) VALUES (?)", userId);
    },
    release(userId: string): void {
      sql.exec("DELETE FROM consigliere_required WHERE user_id = ?", userId);
    },
    /** The consiglieri bound by this account count as experienced from now on. */
    markAdvisorExperienced(userId: string): void {
      sql.exec("UPDATE consiglieri SET experienced = 1 WHERE advisor_user_id = ?", userId);
    },
    all(): ConsigliereRow[] {
      return sql.exec("SELECT player_id, nickname, invite_hash, awaiting_consent, invite_game, return_hash, device_hash, advisor_user_id, experienced FROM consiglieri").toArray().map((r) => ({
        playerId: String(r.player_id),
        nickname: r.nickname === null ? null : String(r.nickname),
        inviteHash: toBytes(r.invite_hash),
        awaitingConsent: Number(r.awaiting_consent) === 1,
        inviteGame: r.invite_game === null || r.invite_game === undefined ? null : Number(r.invite_game),
        returnHash: toBytes(r.return_hash),
        deviceHash: toBytes(r.device_hash),
        advisorUserId: r.advisor_user_id === null || r.advisor_user_id === undefined ? null : String(r.advisor_user_id),
        experienced: Number(r.experienced) === 1,
      }));
    },
    /** An advisor bound directly (an accepted request): any invitation of the seat is replaced. */
    bindDirect(playerId: string, b: Binding): void {
      sql.exec(
        `INSERT INTO consiglieri (player_id, nickname, invite_hash, return_hash, device_hash, joined_at, awaiting_consent, advisor_user_id, experienced) VALUES (?, ?, NULL, ?, ?, ?, 0, ?, ?)
         ON CONFLICT(player_id) DO UPDATE SET nickname = excluded.nickname, invite_hash = NULL, return_hash = excluded.return_hash, device_hash = excluded.device_hash, joined_at = excluded.joined_at, awaiting_consent = 0,
           advisor_user_id = excluded.advisor_user_id, experienced = excluded.experienced`,
        playerId, b.nickname, toBuffer(b.returnHash), toBuffer(b.deviceHash), b.joinedAt, b.advisorUserId, b.experienced ? 1 : 0,
      );
    },
    /** The advisor joined with the seat's invitation code: the invitation is used. */
    bindInvited(playerId: string, b: Binding): void {
      sql.exec(
        "UPDATE consiglieri SET nickname = ?, invite_hash = NULL, return_hash = ?, device_hash = ?, joined_at = ?, advisor_user_id = ?, experienced = ? WHERE player_id = ?",
        b.nickname, toBuffer(b.returnHash), toBuffer(b.deviceHash), b.joinedAt, b.advisorUserId, b.experienced ? 1 : 0, playerId,
      );
    },
    /** A new invitation for the seat: whatever the seat had (an advisor, an earlier invitation) is replaced. */
    invite(playerId: string, inviteHash: Uint8Array, awaitingConsent: boolean, gameNo: number): void {
      sql.exec(
        `INSERT INTO consiglieri (player_id, nickname, invite_hash, awaiting_consent, invite_game) VALUES (?, NULL, ?, ?, ?)
         ON CONFLICT(player_id) DO UPDATE SET nickname = NULL, invite_hash = excluded.invite_hash, awaiting_consent = excluded.awaiting_consent, invite_game = excluded.invite_game, return_hash = NULL, device_hash = NULL, joined_at = NULL, advisor_user_id = NULL, experienced = 0`,
        playerId, toBuffer(inviteHash), awaitingConsent ? 1 : 0, gameNo,
      );
    },
    consented(playerId: string): void {
      sql.exec("UPDATE consiglieri SET awaiting_consent = 0 WHERE player_id = ?", playerId);
    },
    drop(playerId: string): void {
      sql.exec("DELETE FROM consiglieri WHERE player_id = ?", playerId);
    },
    tokens(): { tokenHash: Uint8Array; playerId: string }[] {
      return sql.exec("SELECT token_hash, player_id FROM consigliere_tokens").toArray().map((r) => ({ tokenHash: toBytes(r.token_hash) as Uint8Array, playerId: String(r.player_id) }));
    },
    /** A new token for the seat's advisor; only the newest `kept` of the seat stay. */
    addToken(tokenHash: Uint8Array, playerId: string, now: number, kept: number): void {
      sql.exec("INSERT INTO consigliere_tokens (token_hash, player_id, created_at) VALUES (?, ?, ?)", toBuffer(tokenHash), playerId, now);
      sql.exec(
        `DELETE FROM consigliere_tokens WHERE player_id = ?1 AND rowid NOT IN
           (SELECT rowid FROM consigliere_tokens WHERE player_id = ?1 ORDER BY created_at DESC, rowid DESC LIMIT ?2)`,
        playerId, kept,
      );
    },
    dropTokens(playerId: string): void {
      sql.exec("DELETE FROM consigliere_tokens WHERE player_id = ?", playerId);
    },
  };
}

export type ConsiglieriRows = ReturnType<typeof consiglieriRows>;
