/**
 * RULES.md §5.7: who took the live host's place at a club table (club-takeover.ts) — the account now
 * hosting, kept in the table's storage for the rest of the table's games. The evening's named host's
 * claim (admission.ts claimHost) is refused while another account holds it: the rules let a returning
 * host take back only what the server hosts, so a person's takeover stands until a takeover by the
 * club's route (the named host is one of the club's hosts) hands it on, in the log for everyone.
 */
const HOST_TAKEN_KEY = "hostTakenBy";

interface Kv {
  get<T>(key: string): T | undefined;
  put<T>(key: string, value: T): void;
}

export function hostTakenBy(kv: Kv): string | null {
  return kv.get<string>(HOST_TAKEN_KEY) ?? null;
}

export function recordHostTaken(kv: Kv, userId: string): void {
  kv.put(HOST_TAKEN_KEY, userId);
}
