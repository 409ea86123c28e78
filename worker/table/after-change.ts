/**
 * What happens after every change of the table (version bumped) is an explicit, ordered list
 * of named subscribers, registered in one place (table.ts `afterChange`). Each one is a step with one
 * job: learning publication opt-outs, scheduling the bots, recording the delayed spectators' view,
 * the fan-out of views and the ack, the finished game's report, the alarm, the directory listing.
 */

/** The socket and ref of the frame a change answers. (Here, not in ports.ts: this file imports nothing, so unit tests run it in Node.) */
export type Ack = { ws: WebSocket; ref: string };

/** One change, as its subscribers see it. */
export interface Change {
  readonly now: number;
  /** The frame this change answers (its sender gets an ack after the views). */
  readonly ack?: Ack;
  /** A socket that is going away and gets nothing. */
  readonly closing?: WebSocket;
  /** The bots' next move waits for a person: no bot move is scheduled. */
  readonly botsIdle: boolean;
}

/**
 * One subscriber: named by what it does after a change. Subscribers marked `inTransaction` that follow
 * each other run together in one SQLite transaction (their writes land together or not at all); they
 * are synchronous.
 */
export type Subscriber =
  | { readonly name: string; readonly inTransaction: true; run(change: Change): void }
  | { readonly name: string; readonly inTransaction?: false; run(change: Change): void | Promise<void> };

export class AfterChange {
  constructor(
    /** In order: a subscriber sees what the ones before it did. */
    readonly subscribers: readonly Subscriber[],
    private readonly tx: (fn: () => void) => void,
  ) {}

  async run(now: number, ack?: Ack, closing?: WebSocket, botsIdle = false): Promise<void> {
    const change: Change = { now, botsIdle, ...(ack ? { ack } : {}), ...(closing ? { closing } : {}) };
    const subs = this.subscribers;
    for (let i = 0; i < subs.length; ) {
      if (subs[i]!.inTransaction) {
        let j = i;
        while (j < subs.length && subs[j]!.inTransaction) j++;
        const group = subs.slice(i, j);
        this.tx(() => {
          for (const s of group) s.run(change);
        });
        i = j;
      } else {
        // Awaited only when it returns a promise: a synchronous subscriber runs in the same turn as the
        // one before it, as the steps did when afterChange was one function.
        const done = subs[i]!.run(change);
        if (done) await done;
        i++;
      }
    }
  }
}
