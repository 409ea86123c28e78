/**
 * Signing an account in (docs/ACCOUNTS.md): the session row and this device remembered as the account's
 * (others' failed passwords never lock it out here: limits.ts) are stored in one batch with the rows that
 * make the account or its passkey, so a sign-up that fails leaves nothing behind.
 */
import { newDevice } from "./limits.ts";
import { newSession } from "./sessions.ts";

/** Store a sign-in of `userId` after `first` (in one batch); the session and device cookie values to set. */
export async function openSession(db: D1Database, userId: string, now: number, first: readonly D1PreparedStatement[] = []): Promise<{ sessionId: string; deviceId: string }> {
  const session = await newSession(db, userId, now);
  const device = await newDevice(db, userId, now);
  await db.batch([...first, session.statement, ...device.statements]);
  return { sessionId: session.id, deviceId: device.id };
}
