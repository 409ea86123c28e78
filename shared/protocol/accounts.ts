/**
 * Accounts: sign-up / sign-in (passkeys, password fallback), sessions, profiles (docs/ACCOUNTS.md).
 * Request bodies are strict except the WebAuthn credential, which is produced by the browser
 * (@simplewebauthn/browser) and verified field by field by @simplewebauthn/server on the worker.
 */
import * as v from "valibot";
import { own } from "../own.ts";
import { NicknameSchema } from "./http.ts";

/** Password rules (docs/ACCOUNTS.md "Passwords"): 10–200 characters, at least two character classes,
 *  not the nickname, not one character repeated. Checked by the worker (passwordProblem). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/** A password as typed; strength is checked by the worker so the error can say what is wrong. */
export const PasswordSchema = v.pipe(v.string(), v.maxLength(PASSWORD_MAX, `password is longer than ${PASSWORD_MAX} characters`));

/** Which password rule is broken — a stable id for the UI's message catalogues (the API's 400
 *  `weak-password` message is the English text of PASSWORD_RULE_MESSAGES). */
export type PasswordRule = "too-short" | "too-long" | "one-kind" | "few-distinct" | "contains-nickname";

export const PASSWORD_RULE_MESSAGES: Record<PasswordRule, string> = {
  "too-short": `The password must be at least ${PASSWORD_MIN} characters long.`,
  "too-long": `The password must be at most ${PASSWORD_MAX} characters long.`,
  "one-kind": "The password must mix at least two kinds of characters: lower case, upper case, digits, symbols.",
  "few-distinct": "The password repeats too few different characters.",
  "contains-nickname": "The password must not contain the nickname.",
};

/** The first rule this password breaks, or null when it is acceptable. Shared so the sign-up form can say it before sending. */
export function passwordRule(password: string, nickname?: string): PasswordRule | null {
  const chars = [...password];
  if (chars.length < PASSWORD_MIN) return "too-short";
  if (chars.length > PASSWORD_MAX) return "too-long";
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) => re.test(password)).length;
  if (kinds < 2) return "one-kind";
  if (new Set(chars).size < 4) return "few-distinct";
  const nick = nickname?.normalize("NFC").toLowerCase();
  if (nick && [...nick].length >= 3 && password.normalize("NFC").toLowerCase().includes(nick)) return "contains-nickname";
  return null;
}

/** The English reason a password is refused, or null. */
export function passwordProblem(password: string, nickname?: string): string | null {
  const rule = passwordRule(password, nickname);
  return rule ? (own(PASSWORD_RULE_MESSAGES, rule) ?? null) : null;
}

/** POST /api/auth/password/register */
export const PasswordRegisterRequestSchema = v.strictObject({ nickname: NicknameSchema, password: PasswordSchema });

/** POST /api/auth/password/login */
export const PasswordLoginRequestSchema = v.strictObject({ nickname: NicknameSchema, password: PasswordSchema });

/** POST /api/auth/password/set — signed in: add or change the fallback password (the current one is required to change it). */
export const PasswordSetRequestSchema = v.strictObject({ password: PasswordSchema, currentPassword: v.optional(PasswordSchema) });

/** POST /api/auth/passkey/register/options — a new account with this nickname, or (signed in, no nickname) one more passkey. */
export const PasskeyRegisterOptionsRequestSchema = v.strictObject({ nickname: v.optional(NicknameSchema) });

/** POST /api/auth/passkey/login/options — with a nickname the browser is told that account's passkeys; without, discoverable credentials. */
export const PasskeyLoginOptionsRequestSchema = v.strictObject({ nickname: v.optional(NicknameSchema) });

const b64url = v.pipe(v.string(), v.maxLength(8192), v.regex(/^[A-Za-z0-9_-]*={0,2}$/, "not base64url"));

/** What @simplewebauthn/browser's startRegistration / startAuthentication return (extra keys tolerated). */
export const WebAuthnCredentialSchema = v.looseObject({
  id: b64url,
  rawId: b64url,
  type: v.literal("public-key"),
  response: v.looseObject({ clientDataJSON: b64url }),
  clientExtensionResults: v.optional(v.record(v.string(), v.unknown())),
});

/** POST /api/auth/passkey/register/verify and /login/verify */
export const PasskeyVerifyRequestSchema = v.strictObject({ response: WebAuthnCredentialSchema });

/* ------------------------------------------------ responses ------------------------------------------------ */

export const RatingSchema = v.strictObject({
  mu: v.number(),
  sigma: v.number(),
  /** The shown rating: openskill's ordinal, mu − 3·sigma (0 for a new account, grows as games confirm skill). */
  ordinal: v.number(),
  /** Rated (sport) games. */
  games: v.number(),
});

/** The signed-in account (GET /api/me, and every successful sign-in / sign-up). */
export const MeSchema = v.strictObject({
  id: v.string(),
  nickname: v.string(),
  createdAt: v.number(),
  passkeys: v.number(),
  hasPassword: v.boolean(),
  rating: RatingSchema,
  xp: v.number(),
  coins: v.number(),
  /** RULES.md §8: the nick is published in finished games' records (false: others see "Player N"). */
  publishNick: v.boolean(),
});
export type Me = v.InferOutput<typeof MeSchema>;

/** POST /api/me/publication — publish one's nick in finished games' records, or be "Player N" to others (docs/CLUBS.md "Publication"). */
export const PublicationRequestSchema = v.strictObject({ publish: v.boolean() });

/** 200 from GET /api/me (null: not signed in, or the session expired), and from sign-in / sign-up. */
export const MeResponseSchema = v.strictObject({ user: v.nullable(MeSchema) });
export type MeResponse = v.InferOutput<typeof MeResponseSchema>;

/** 200 from the passkey options routes: pass `options` to @simplewebauthn/browser as `optionsJSON`. */
export const PasskeyOptionsResponseSchema = v.strictObject({ options: v.record(v.string(), v.unknown()) });
export type PasskeyOptionsResponse = v.InferOutput<typeof PasskeyOptionsResponseSchema>;

export const OutcomeSchema = v.picklist(["win", "loss", "draw"]);

/** One finished game as shown on a profile: the table's record (seat — role — nick) and this player's part. */
export const GameRecordSchema = v.strictObject({
  id: v.string(),
  code: v.string(),
  presetId: v.string(),
  startedAt: v.number(),
  endedAt: v.number(),
  winner: v.string(),
  reason: v.string(),
  rated: v.boolean(),
  /** The profile owner's seat in this game. */
  you: v.strictObject({ seat: v.number(), role: v.string(), team: v.string(), outcome: OutcomeSchema }),
  /** Rating before → after (rated games only). */
  rating: v.nullable(v.strictObject({ before: v.number(), after: v.number(), xp: v.number(), coins: v.number() })),
  /** The game's number in its table's series — its record is /t/<code>/g/<gameNo>; null for games recorded before numbers. */
  gameNo: v.nullable(v.number()),
  /** A seat whose player opted out of publication is `hidden` (nickname and account null; "Player {seat}") for anyone else. */
  seats: v.array(
    v.strictObject({
      seat: v.number(),
      role: v.string(),
      team: v.string(),
      nickname: v.nullable(v.string()),
      hidden: v.boolean(),
      bot: v.boolean(),
      account: v.nullable(v.string()),
      outcome: OutcomeSchema,
    }),
  ),
});
export type GameRecord = v.InferOutput<typeof GameRecordSchema>;

const SideStatsSchema = v.strictObject({ games: v.number(), wins: v.number() });

/** 200 from GET /api/users/:nick */
export const ProfileSchema = v.strictObject({
  nickname: v.string(),
  createdAt: v.number(),
  rating: RatingSchema,
  xp: v.number(),
  coins: v.number(),
  /** Every finished game (both presets). */
  stats: v.strictObject({
    games: v.number(),
    wins: v.number(),
    losses: v.number(),
    draws: v.number(),
    bySide: v.strictObject({ red: SideStatsSchema, black: SideStatsSchema, solo: SideStatsSchema }),
    /** Games and wins per format (preset id), most played first; empty for others when the player opted out. */
    byFormat: v.array(v.strictObject({ presetId: v.string(), games: v.number(), wins: v.number() })),
    /** Games and wins per role (the role's id, any format), most played first; empty for others when the player opted out. */
    byRole: v.array(v.strictObject({ role: v.string(), games: v.number(), wins: v.number() })),
  }),
  /** The latest games, newest first (at most 50). */
  games: v.array(GameRecordSchema),
  /**
   * The sport rating after each rated game (the ordinal, as `rating.ordinal`), oldest first, at most
   * the latest 200 — the profile's plot. Empty for others when the player opted out (like `games`).
   */
  ratingHistory: v.array(v.strictObject({ seq: v.number(), rating: v.number(), at: v.number() })),
  /**
   * This player opted out of publication and the viewer is someone else — `games` is empty, so
   * no game of theirs (code, seat) maps a record's "Player N" back to this nick (docs/CLUBS.md "Publication").
   */
  gamesHidden: v.boolean(),
  /** RULES.md §7.11: the rules tests this account passed, per format (the best score). */
  rulesTests: v.optional(v.array(v.strictObject({ format: v.string(), score: v.number(), passedAt: v.number() }))),
  /**
   * RULES.md §7.11, seed 004 "the top 3 get gold, silver and bronze medals as the season's winners":
   * the player's medals — place 1–3 of a closed season's table — latest season first. Empty for
   * others when the player opted out (a medal names a season's table row).
   */
  medals: v.array(
    v.strictObject({
      club: v.strictObject({ id: v.string(), name: v.string() }),
      season: v.strictObject({ id: v.string(), name: v.string() }),
      place: v.picklist([1, 2, 3]),
      medal: v.picklist(["gold", "silver", "bronze"]),
    }),
  ),
});
export type Profile = v.InferOutput<typeof ProfileSchema>;
