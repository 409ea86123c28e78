/**
 * The text of a frame the page sends for an intent. An act or a host input carries the `phaseSeq` of the
 * view it was made on (required), so the server refuses it (`stale`) if the stage has moved on meanwhile
 * — a second tab's confirm, a retry, a late vote for a ballot that has closed. Without a game in the view
 * there is no stage to name and nothing to act on: null, nothing is sent.
 */
export type IntentType = "act" | "control" | "host" | "table";

export function intentFrame(type: IntentType, ref: string, action: unknown, phaseSeq: number | null | undefined): string | null {
  if (type === "act" || type === "host") return typeof phaseSeq === "number" ? JSON.stringify({ type, ref, action, phaseSeq }) : null;
  return JSON.stringify({ type, ref, action });
}
