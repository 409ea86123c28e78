/** Passkeys (WebAuthn credentials) of accounts in D1 (docs/ACCOUNTS.md). */

export interface CredentialRow {
  id: string;
  user_id: string;
  public_key: ArrayBuffer;
  counter: number;
  transports: string | null;
}

/** A credential as the WebAuthn options name it: its id and, when known, its transports. */
export interface CredentialDescriptor {
  id: string;
  transports?: string[];
}

const transportsOf = (t: string | null) => (t ? { transports: JSON.parse(t) as string[] } : {});

/** The account's passkeys, for the options' allow or exclude list. */
export async function credentialsOf(db: D1Database, userId: string): Promise<CredentialDescriptor[]> {
  const rows = await db.prepare("SELECT id, transports FROM credentials WHERE user_id = ?").bind(userId).all<{ id: string; transports: string | null }>();
  return rows.results.map((r) => ({ id: r.id, ...transportsOf(r.transports) }));
}

export const credentialById = (db: D1Database, id: string) =>
  db.prepare("SELECT id, user_id, public_key, counter, transports FROM credentials WHERE id = ?").bind(id).first<CredentialRow>();

/** The statement that stores a verified new passkey (for a sign-up's batch, or run alone). */
export function insertCredential(
  db: D1Database,
  userId: string,
  cred: { id: string; publicKey: Uint8Array; counter: number; transports?: readonly string[] | undefined },
  now: number,
): D1PreparedStatement {
  return db
    .prepare("INSERT INTO credentials (id, user_id, public_key, counter, transports, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(cred.id, userId, cred.publicKey.slice().buffer, cred.counter, cred.transports ? JSON.stringify(cred.transports) : null, now);
}

/** The statement that records a passkey's use: its new signature counter (for the sign-in's batch). */
export const credentialUsed = (db: D1Database, id: string, counter: number, now: number): D1PreparedStatement =>
  db.prepare("UPDATE credentials SET counter = ?, last_used = ? WHERE id = ?").bind(counter, now, id);
