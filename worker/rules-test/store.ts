/**
 * RULES.md §7.11 *decision*: the rules test's attempts and passes in D1
 * (migrations/*_newcomers_rules_test.sql). The server draws (a stored seed), checks and keeps; every
 * decision that two presses could race is one statement:
 *   - start: one INSERT … SELECT that lands only when the account has no unanswered attempt of the format
 *     and no failed one within RETAKE_WAIT_MS of `now`;
 *   - answer: one UPDATE … WHERE finished_at IS NULL RETURNING — a second answer changes nothing.
 */
import type { RulesTestAttempt, RulesTestPass, RulesTestResult, RulesTestStatus } from "../../shared/protocol/rules-test.ts";
import { drawQuestions, grade, PASS_MARK, publicQuestion, RETAKE_WAIT_MS, TEST_SIZE } from "../../shared/rules-test/index.ts";
import { base64url } from "../security/random.ts";

export interface AttemptRow {
  id: string;
  user_id: string;
  preset_id: string;
  seed: string;
  started_at: number;
  finished_at: number | null;
  score: number | null;
  passed: number | null;
}

export const newAttemptId = (): string => "r" + base64url(crypto.getRandomValues(new Uint8Array(12)));
export const isAttemptId = (id: string): boolean => /^r[A-Za-z0-9_-]{16}$/.test(id);

/** The page's view of an unanswered attempt: questions from the allowlist only. */
export function attemptView(row: AttemptRow): RulesTestAttempt {
  return { id: row.id, format: row.preset_id, startedAt: row.started_at, questions: drawQuestions(row.preset_id, row.seed).map(publicQuestion) };
}

export const attemptById = (db: D1Database, id: string) => db.prepare("SELECT * FROM rules_test_attempts WHERE id = ?").bind(id).first<AttemptRow>();

const openAttempt = (db: D1Database, userId: string, format: string) =>
  db.prepare("SELECT * FROM rules_test_attempts WHERE user_id = ? AND preset_id = ? AND finished_at IS NULL ORDER BY started_at DESC LIMIT 1").bind(userId, format).first<AttemptRow>();

/** When a new attempt may start after the last failed one (null: now). */
async function retakeAt(db: D1Database, userId: string, format: string, now: number): Promise<number | null> {
  const last = await db
    .prepare("SELECT MAX(finished_at) AS at FROM rules_test_attempts WHERE user_id = ? AND preset_id = ? AND passed = 0")
    .bind(userId, format)
    .first<{ at: number | null }>();
  const at = last?.at === null || last?.at === undefined ? null : last.at + RETAKE_WAIT_MS;
  return at !== null && at > now ? at : null;
}

export async function passOf(db: D1Database, userId: string, format: string): Promise<{ score: number; passedAt: number } | null> {
  const row = await db.prepare("SELECT score, passed_at FROM rules_test_passes WHERE user_id = ? AND preset_id = ?").bind(userId, format).first<{ score: number; passed_at: number }>();
  return row ? { score: row.score, passedAt: row.passed_at } : null;
}

/** Does the account hold a pass of the format at `mark` or better (a club may set a higher mark, §7.11)? */
export async function hasPass(db: D1Database, userId: string, format: string, mark = PASS_MARK): Promise<boolean> {
  const pass = await passOf(db, userId, format);
  return pass !== null && pass.score >= mark;
}

export async function passesOf(db: D1Database, userId: string): Promise<RulesTestPass[]> {
  const rows = await db.prepare("SELECT preset_id, score, passed_at FROM rules_test_passes WHERE user_id = ? ORDER BY preset_id").bind(userId).all<{ preset_id: string; score: number; passed_at: number }>();
  return rows.results.map((r) => ({ format: r.preset_id, score: r.score, passedAt: r.passed_at }));
}

export async function statusOf(db: D1Database, userId: string, format: string, now: number): Promise<RulesTestStatus> {
  const [pass, wait, open] = await Promise.all([passOf(db, userId, format), retakeAt(db, userId, format, now), openAttempt(db, userId, format)]);
  return { format, size: TEST_SIZE, passMark: PASS_MARK, pass, retakeAt: wait, attempt: open ? attemptView(open) : null };
}

export type StartOutcome = { ok: true; attempt: RulesTestAttempt; fresh: boolean } | { ok: false; retakeAt: number };

/** Start (or resume) an attempt: the unanswered one comes back unchanged; a failed one within the wait refuses. */
export async function start(db: D1Database, userId: string, format: string, now: number): Promise<StartOutcome> {
  const id = newAttemptId();
  const seed = base64url(crypto.getRandomValues(new Uint8Array(16)));
  const inserted = await db
    .prepare(
      `INSERT INTO rules_test_attempts (id, user_id, preset_id, seed, started_at)
       SELECT ?1, ?2, ?3, ?4, ?5
       WHERE NOT EXISTS (SELECT 1 FROM rules_test_attempts WHERE user_id = ?2 AND preset_id = ?3 AND finished_at IS NULL)
         AND NOT EXISTS (SELECT 1 FROM rules_test_attempts WHERE user_id = ?2 AND preset_id = ?3 AND passed = 0 AND finished_at + ?6 > ?5)
       RETURNING *`,
    )
    .bind(id, userId, format, seed, now, RETAKE_WAIT_MS)
    .first<AttemptRow>();
  if (inserted) return { ok: true, attempt: attemptView(inserted), fresh: true };
  const open = await openAttempt(db, userId, format);
  if (open) return { ok: true, attempt: attemptView(open), fresh: false };
  return { ok: false, retakeAt: (await retakeAt(db, userId, format, now)) ?? now };
}

export type AnswerOutcome = { ok: true; result: RulesTestResult } | { ok: false; why: "answered" | "size" };

/** Check the answers, store them once, keep a pass (the best score). */
export async function answer(db: D1Database, row: AttemptRow, answers: readonly number[], now: number): Promise<AnswerOutcome> {
  const questions = drawQuestions(row.preset_id, row.seed);
  if (answers.length !== questions.length) return { ok: false, why: "size" };
  const graded = grade(questions, answers);
  const [done] = await db.batch([
    db
      .prepare("UPDATE rules_test_attempts SET finished_at = ?2, answers = ?3, score = ?4, passed = ?5 WHERE id = ?1 AND finished_at IS NULL RETURNING id")
      .bind(row.id, now, JSON.stringify(answers), graded.score, graded.passed ? 1 : 0),
    // Kept only from the attempt that was just answered here (the update above landed in this batch).
    db
      .prepare(
        `INSERT INTO rules_test_passes (user_id, preset_id, score, passed_at)
         SELECT ?1, ?2, ?3, ?4 WHERE ?5 = 1 AND EXISTS (SELECT 1 FROM rules_test_attempts WHERE id = ?6 AND finished_at = ?4 AND score = ?3)
         ON CONFLICT (user_id, preset_id) DO UPDATE SET score = excluded.score, passed_at = excluded.passed_at WHERE excluded.score > rules_test_passes.score`,
      )
      .bind(row.user_id, row.preset_id, graded.score, now, graded.passed ? 1 : 0, row.id),
  ]);
  if (!done?.results.length) return { ok: false, why: "answered" };
  return {
    ok: true,
    result: {
      attemptId: row.id,
      format: row.preset_id,
      score: graded.score,
      size: questions.length,
      passMark: PASS_MARK,
      passed: graded.passed,
      retakeAt: graded.passed ? null : now + RETAKE_WAIT_MS,
      results: graded.results,
    },
  };
}
