/**
 * Lookups by a key that may come from outside (a client's preset id, a role id in a stored state, an
 * error code or a message key from the server): only the record's *own* properties count, never what
 * every object inherits from Object.prototype (`constructor`, `__proto__`, `toString`,
 * `hasOwnProperty`, …). `PRESETS["constructor"]` is `Object`, not "no such preset";
 * `own(PRESETS, "constructor")` is undefined.
 */
export function own<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

