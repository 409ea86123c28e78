/**
 * RULES.md §6.11, §8 "a player may opt out of publication": the pure half of
 * worker/accounts/publication.ts (which looks up who opted out in D1 and is what an API calls): rows that
 * name people in a finished game, masked for one viewer. An opted-out account other than the viewer's
 * keeps its seat, gets `hidden: true`, and its nick (and the `identity` fields that also name the person)
 * becomes null — the name is never sent; the client renders "Player {seat}" from its catalogue.
 * The account ids are the input, never the output: the result has no `userId`.
 */

/** A row that names a person in a finished game: their seat, the nick they played under, their account (null: a guest or a bot). */
export interface NamedRow {
  seat: number;
  nickname: string;
  userId: string | null;
}

/** How a published row names its person: by nick, or hidden ("Player {seat}" in the client's language). */
export type PublishedName = { hidden: false; nickname: string } | { hidden: true; nickname: null };

/** `R` as published: no `userId`; `nickname` (and the `identity` fields, null when hidden) per PublishedName. */
export type Published<R extends NamedRow, K extends keyof R = never> = Omit<R, "nickname" | "userId" | K> & { [P in K]: R[P] | null } & PublishedName;

/**
 * Pure: mask the rows of opted-out accounts (`hidden`) other than the viewer's. `identity` lists the
 * row's other fields that name the person (e.g. `account`, the account's nick): null when hidden.
 */
export function maskRows<R extends NamedRow, K extends keyof R = never>(
  rows: readonly R[],
  hidden: ReadonlySet<string>,
  viewerId: string | null,
  identity: readonly K[] = [],
): Array<Published<R, K>> {
  return rows.map((row) => {
    const { userId, nickname, ...rest } = row;
    const hide = isHidden(userId, hidden, viewerId);
    if (!hide) return { ...rest, hidden: false, nickname } as unknown as Published<R, K>;
    const masked: Record<string, unknown> = { ...rest, hidden: true, nickname: null };
    for (const k of identity) masked[k as string] = null;
    return masked as unknown as Published<R, K>;
  });
}

/** The rule itself: an opted-out account is hidden from everyone but its own holder. */
export const isHidden = (userId: string | null, hidden: ReadonlySet<string>, viewerId: string | null): boolean => userId !== null && hidden.has(userId) && userId !== viewerId;

/** One name as a published list may show it (a season table, an evening's lists): the nick, or null when hidden. */
export const publicName = (userId: string | null, nickname: string, hidden: ReadonlySet<string>, viewerId: string | null): string | null =>
  isHidden(userId, hidden, viewerId) ? null : nickname;
