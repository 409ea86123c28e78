/**
 * The table's few single values kept in the object's key-value storage rather than in a table: the
 * live host's loss (presence.ts), the spectators' media peer counter (media.ts) and the SFU's sessions
 * and pulls (sfu.ts). Each part gets only its own value.
 */

const HOST_LOST_KEY = "hostLostAt";
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
