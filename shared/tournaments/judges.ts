/**
 * RULES.md §9.1 (2026-12-06): "a judge never judges or hosts a table at which they play; an entrant who is
 * also a judge judges only other tables." One round's tables get their judges here. Pure.
 *
 * Each table prefers the judges in turn from the list (table k starts at judge k mod J, as the schedule
 * always did), and no judge gets a table at which they play. As many tables as possible get a judge of
 * their own (a maximum matching, by augmenting paths: a few tables and judges); a table left over when
 * there are fewer judges than tables shares the first judge in its turn who does not play there; a
 * table at which every judge plays gets none (null) — the server hosts it, and the page says why.
 */

/** `tables[k]`: the accounts playing at table k (null for a bot's seat); `judges`: the judges' accounts in list order. */
export function assignJudges(tables: ReadonlyArray<ReadonlyArray<string | null>>, judges: readonly string[]): Array<string | null> {
  const n = judges.length;
  if (n === 0) return tables.map(() => null);
  // Table k's judges in its order of preference, without those who play at it.
  const prefs = tables.map((players, k) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const j = (k + i) % n;
      if (!players.includes(judges[j]!)) out.push(j);
    }
    return out;
  });
  const tableOf: Array<number | null> = judges.map(() => null);
  const judgeOf: Array<number | null> = tables.map(() => null);
  const tryTable = (k: number, seen: boolean[]): boolean => {
    for (const j of prefs[k]!) {
      if (seen[j]) continue;
      seen[j] = true;
      const holder = tableOf[j] ?? null;
      if (holder === null || tryTable(holder, seen)) {
        tableOf[j] = k;
        judgeOf[k] = j;
        return true;
      }
    }
    return false;
  };
  for (let k = 0; k < tables.length; k++) tryTable(k, judges.map(() => false));
  return judgeOf.map((j, k) => {
    if (j !== null) return judges[j]!;
    const shared = prefs[k]![0];
    return shared === undefined ? null : judges[shared]!;
  });
}
