/**
 * The table's few single values kept in the object's key-value storage rather than in a table: the
 * live host's loss (presence.ts), who took the host's place (club-takeover.ts, host-claim.ts), the
 * spectators' media peer counter (media.ts) and the SFU's sessions and pulls (sfu.ts). Each part gets
 * only its own value.
 */

const HOST_LOST_KEY = "hostLostAt";
const HOST_TAKEN_KEY = "hostTakenBy";
const SPECTATOR_SEQ_KEY = "mediaSpectatorSeq";
const SFU_KEY = "sfu";

/** One stored value: read, written, deleted. */
export interface Keyed<T> {
  get(): T | undefined;
  put(value: T): void;
  delete(): void;
}

function keyed<T>(kv: SyncKvStorage, key: string): Keyed<T> {
  return {
    get: () => kv.get<T>(key),
    put: (value) => kv.put(key, value),
    delete: () => void kv.delete(key),
  };
}

/** RULES.md §5.7: when the live host's connection was lost (not told to the game yet). */
export const hostLostAt = (kv: SyncKvStorage): Keyed<number> => keyed(kv, HOST_LOST_KEY);
/**
 * RULES.md §5.7: the account that took the live host's place at a club table (club-takeover.ts), kept
 * for the rest of the table's games. The evening's named host's claim (host-claim.ts) is refused while
 * another account holds it: the rules let a returning host take back only what the server hosts, so a
 * person's takeover stands until a takeover by the club's route (the named host is one of the club's
 * hosts) hands it on, in the log for everyone.
 */
export const hostTakenBy = (kv: SyncKvStorage): Keyed<string> => keyed(kv, HOST_TAKEN_KEY);
/** The next spectator's media peer number. */
export const spectatorSeq = (kv: SyncKvStorage): Keyed<number> => keyed(kv, SPECTATOR_SEQ_KEY);
/** The SFU's sessions and pulls (the type is sfu.ts's). */
export const sfuState = <T>(kv: SyncKvStorage): Keyed<T> => keyed(kv, SFU_KEY);

/** The runtime's one alarm (real time): the alarm part arms and clears it. */
export interface RuntimeAlarm {
  get(): Promise<number | null>;
  set(at: number): Promise<void>;
  delete(): Promise<void>;
}

export function runtimeAlarm(storage: DurableObjectStorage): RuntimeAlarm {
  return {
    get: () => storage.getAlarm(),
    set: (at) => storage.setAlarm(at),
    delete: () => storage.deleteAlarm(),
  };
}
