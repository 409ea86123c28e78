/**
 * RULES.md §7.11: the rules test's HTTP bodies (docs/NEWCOMERS.md has the routes). Requests are
 * strict valibot schemas; responses are types. Before an attempt is answered the page holds only
 * `PublicQuestion`s (no correct option, no explanation); the answer's response brings both.
 */
import * as v from "valibot";
import type { PublicQuestion, Texts } from "../rules-test/types.ts";
import { DeviceIdSchema, NicknameSchema, SeatTokenSchema } from "./http.ts";

export type { PublicQuestion, Texts } from "../rules-test/types.ts";

/** POST /api/rules-test/attempts/:id/answer — one option index per question, in the attempt's order. */
export const RulesTestAnswerRequestSchema = v.strictObject({
  answers: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(9))), v.minLength(1), v.maxLength(10)),
});

/** An attempt as the page sees it before answering. */
export interface RulesTestAttempt {
  id: string;
  format: string;
  startedAt: number;
  questions: PublicQuestion[];
}

/** GET /api/rules-test/:format — the signed-in account's standing in that format's test. */
export interface RulesTestStatus {
  format: string;
  size: number;
  passMark: number;
  /** The kept pass (best score), or null. */
  pass: { score: number; passedAt: number } | null;
  /** After a failed attempt: when a new one may start (null: now). */
  retakeAt: number | null;
  /** An attempt started and not answered yet (the same questions come back). */
  attempt: RulesTestAttempt | null;
}

/** POST …/answer's 200: the score, and only now each question's correct option and explanation. */
export interface RulesTestResult {
  attemptId: string;
  format: string;
  score: number;
  size: number;
  passMark: number;
  passed: boolean;
  retakeAt: number | null;
  results: { id: string; section: string; chosen: number; correct: number; right: boolean; explanation: Texts }[];
}

/** A profile's kept passes (GET /api/users/:nick). */
export interface RulesTestPass {
  format: string;
  score: number;
  passedAt: number;
}

/* ------------------------------------------- A club's newcomers ------------------------------------------- */

/** POST /api/clubs/:id/rules-test — the owner's setting "rules test required for evenings" and its mark (8–10). */
export const ClubRulesTestRequestSchema = v.strictObject({
  required: v.boolean(),
  mark: v.optional(v.pipe(v.number(), v.integer(), v.minValue(8), v.maxValue(10))),
});

/** POST /api/clubs/:id/advise — a member offers (or stops offering) to advise newcomers as a consigliere (§7.10). */
export const AdviseRequestSchema = v.strictObject({ offer: v.boolean() });

/** GET /api/clubs/:id/evenings/:eid/newcomers — the evening's newcomer rules, for the signed-in viewer. */
export interface EveningNewcomers {
  format: string;
  /** The club's setting and mark; `passed`: the viewer holds a pass at that mark (null: signed out, or the evening's named host, who takes no seat). */
  rulesTest: { required: boolean; mark: number; hasBank: boolean; passed: boolean | null };
  /** The viewer's own member setting (null: not a member, or signed out). */
  advises: boolean | null;
  /** The club's members who offer to advise (nicknames), the candidates for a consigliere. */
  candidates: string[];
  /** Requests to the viewer to advise a newcomer at the evening's table. */
  requests: { tableCode: string; playerId: string; nickname: string }[];
  /**
   * RULES.md §7.10 (2026-12-06), in a format with consiglieri: `rating` — the club's season runs, so the
   * evening's table is a rating table; `needs` — the evening's players who still need an advisor (before the
   * table opens: its players without experience; once open: the newcomers the table still waits for);
   * `can` — the club's members who can advise (10 finished games of the format here, or marked experienced).
   * Nicknames; a member who opted out of publication is left out unless the viewer runs the club. Null in
   * other formats.
   */
  advisors: { rating: boolean; needs: string[]; can: string[] } | null;
}


/** POST /api/tables/:code/consigliere/ask — the seated newcomer asks an advising member (by nickname). */
export const ConsigliereAskRequestSchema = v.strictObject({ token: SeatTokenSchema, nickname: NicknameSchema });
/** POST /api/tables/:code/consigliere/accept — the asked member accepts, signed in: bound at once. */
export const ConsigliereAcceptRequestSchema = v.strictObject({
  playerId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, "not a player id")),
  deviceId: v.optional(DeviceIdSchema),
});
