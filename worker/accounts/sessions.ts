/**
 * Sessions: a random 256-bit id in an HttpOnly, Secure, SameSite=Lax cookie on Path=/; D1 keeps only
 * its SHA-256 (domain "session:") with the account and an absolute expiry. An expired or unknown id
 * counts as no session (the row is deleted, the cookie cleared). Sign out deletes the row; sign out
 * everywhere deletes every row of the account.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Env } from "../env.ts";
import { randomToken } from "../security/random.ts";
import { digest } from "../security/hash.ts";
import { userById, type UserRow } from "./users.ts";

export const SESSION_COOKIE = "session";
/** Absolute lifetime of a session (no sliding renewal): 30 days. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
export const sessionHash = async (id: string): Promise<string> => hex(await digest("session", id));

/** A new session for `userId`: the cookie value and the statement that stores its digest (for a batch). */
export async function newSession(db: D1Database, userId: string, now: number): Promise<{ id: string; statement: D1PreparedStatement }> {
  const id = randomToken();
  const statement = db
    .prepare("INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
    .bind(await sessionHash(id), userId, now, now + SESSION_TTL_MS);
  return { id, statement };
}

export function setSessionCookie(c: Context, id: string): void {
  setCookie(c, SESSION_COOKIE, id, { httpOnly: true, secure: true, sameSite: "Lax", path: "/", maxAge: Math.floor(SESSION_TTL_MS / 1000) });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
}

export interface Session {
  idHash: string;
  user: UserRow;
}

/** The request's session, or null (no cookie, unknown, expired — then the row is deleted and the cookie cleared). */
export async function readSession(c: Context<{ Bindings: Env }>, now = Date.now()): Promise<Session | null> {
  const id = getCookie(c, SESSION_COOKIE);
  if (!id || id.length > 128) return null;
  const idHash = await sessionHash(id);
  const row = await c.env.DB.prepare("SELECT user_id, expires_at FROM sessions WHERE id_hash = ?").bind(idHash).first<{ user_id: string; expires_at: number }>();
  if (!row || row.expires_at <= now) {
    if (row) await c.env.DB.prepare("DELETE FROM sessions WHERE id_hash = ?").bind(idHash).run();
    clearSessionCookie(c);
    return null;
  }
  const user = await userById(c.env.DB, row.user_id);
  if (!user) return null;
  return { idHash, user };
}

/** The session's account id only (for routes that just link something to the account). */
export async function sessionUserId(c: Context<{ Bindings: Env }>): Promise<string | null> {
  return (await readSession(c))?.user.id ?? null;
}

/** Sign out: the session ends. */
export async function endSession(db: D1Database, idHash: string): Promise<void> {
  await db.prepare("DELETE FROM sessions WHERE id_hash = ?").bind(idHash).run();
}

/** Sign out everywhere: every session of the account ends (other devices included). */
export async function endAllSessions(db: D1Database, userId: string): Promise<void> {
  await db.prepare("DELETE FROM sessions WHERE user_id = ?").bind(userId).run();
}
