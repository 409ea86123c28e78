/**
 * The text of a frame the page sends for an intent. Issue 32: an act or a host input carries the
 * `phaseSeq` of the view it was made on, so the server refuses it (`stale`) if the stage has moved on
 * meanwhile — a second tab's confirm, a retry, a late vote for a ballot that has closed.
 */
export type IntentType = "act" | "control" | "host" | "table";

export function intentFrame(type: IntentType, ref: string, action: unknown, phaseSeq: number | null | undefined): string {
  const bound = (type === "act" || type === "host") && typeof phaseSeq === "number";
  return JSON.stringify(bound ? { type, ref, action, phaseSeq } : { type, ref, action });
}
