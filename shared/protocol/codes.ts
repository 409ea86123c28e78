/**
 * Table codes and personal return codes (RULES.md §5.1, §8): short, typed by people, read aloud.
 * The alphabet leaves out the look-alikes 0/O, 1/I/L. Used by the worker (drawing and checking codes)
 * and by the web client (normalising what a person typed).
 */

/** 31 symbols: digits 2–9 and Latin capitals without I, L, O. */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** Length of a table (room) code: 31^6 ≈ 8.9e8 codes. */
export const TABLE_CODE_LENGTH = 6;
/** Length of a personal return code: 31^10 ≈ 8.2e14 (≈ 49.5 bits). */
export const RETURN_CODE_LENGTH = 10;

export const TABLE_CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${TABLE_CODE_LENGTH}}$`);
export const RETURN_CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${RETURN_CODE_LENGTH}}$`);

/**
 * What a person typed → the canonical code: upper case, without spaces and dashes.
 * Does not validate; pair with isTableCode, or RETURN_CODE_PATTERN for a return code.
 */
export function normalizeCode(typed: string): string {
  return typed.replace(/[\s\-_]/g, "").toUpperCase();
}

export function isTableCode(code: string): boolean {
  return TABLE_CODE_PATTERN.test(code);
}
