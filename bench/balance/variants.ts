/**
 * Issue 20: what the balance report plays per preset — a small documented set of variants (the
 * settings that change who wins, not every combination), and the rule paths each preset's flow can take
 * (shown even when they never happen, so a path the bots never reach stands out). Every variant is
 * played over every table size its settings allow (presets/index.ts seatRange), the sizes in turn.
 */
export interface Variant {
  /** Stable key: part of every game's seed. */
  key: string;
  /** What it changes, for the report. */
  label: string;
  settings: Record<string, unknown>;
}

export interface PresetPlan {
  preset: string;
  /** The first is the default: the preset's headline. */
  variants: Variant[];
  /** PATHS ids this preset's flow can produce (bench/balance/report.ts). */
  paths: string[];
}

const DEFAULT: Variant = { key: "default", label: "default settings", settings: {} };
/** Issue 20: the public claims (every preset's speeches). */
const CLAIMS = ["claim-role", "claim-check", "claim-opinion", "claim-vote"];
/** Departures and nights every preset has, and the claims. */
const COMMON = ["voted-out", "killed", "quiet-night", "draw", ...CLAIMS];
/** The §5 profiles' day: a vote on any living player, a tie → defence and one revote. */
const PROFILE = ["tie", "revote", "revote-tied", "tie-stays", ...COMMON];

export const PLANS: readonly PresetPlan[] = [
  {
    preset: "sport",
    variants: [DEFAULT, { key: "open", label: "open voting (§2.6)", settings: { voting: "open" } }],
    paths: ["tie", "revote", "revote-tied", "tie-stays", "leader-stays", "lift-vote", "lift-passed", "no-candidates", "single-candidate-leaves", "single-candidate-stays", "voting-cancelled", "voted-out", "lifted", "shot", "quiet-night", "fouled", "tech-vote", "removed", "draw", ...CLAIMS],
  },
  {
    preset: "city",
    variants: [
      { key: "default", label: "default composition (1 Mafia at 10, 2 at 11–12; §3)", settings: {} },
      { key: "mafia1", label: "1 Mafia at every size", settings: { mafia: 1 } },
      { key: "mafia3", label: "3 Mafia (12 seats only, §3)", settings: { mafia: 3 } },
      { key: "maniac-red", label: "the Maniac red (§3)", settings: { maniac: "red" } },
    ],
    paths: ["tie", "revote", "revote-tied", "tie-stays", "leader-stays", "lift-vote", "lift-passed", "no-candidates", "single-candidate-leaves", "single-candidate-stays", "voted-out", "lifted", "killed", "quiet-night", "draw", ...CLAIMS],
  },
  {
    preset: "tatar",
    variants: [DEFAULT],
    paths: ["tie", "revote", "revote-tied", "early-vote", "peaceful-day", "voted-out", "killed", "quiet-night", "fouled", "removed", "draw", ...CLAIMS],
  },
  {
    preset: "host-classic",
    variants: [DEFAULT],
    paths: ["tie", "revote", "revote-tied", "confirm-vote", "confirm-passed", "car-crash", "car-crash-passed", "no-candidates", ...COMMON],
  },
  { preset: "classic", variants: [DEFAULT], paths: PROFILE },
  { preset: "extended", variants: [DEFAULT], paths: PROFILE },
  { preset: "fast", variants: [DEFAULT], paths: PROFILE },
  { preset: "dark-city", variants: [DEFAULT], paths: PROFILE },
  {
    preset: "custom",
    variants: [
      { key: "default", label: "no counts chosen: Classic's composition, open vote, a second tie → nobody (§5.5)", settings: {} },
      { key: "tie-random", label: "a second tie → one of the tied by lot", settings: { onTie: "random" } },
      { key: "absolute", label: "absolute majority of the living", settings: { majority: "absolute" } },
      { key: "closed", label: "closed voting", settings: { voting: "closed" } },
    ],
    paths: [...PROFILE, "tie-drawn"],
  },
  {
    preset: "club",
    variants: [
      { key: "default", label: "default composition: Boss, 2 Mafia, Commissar, Doctor, Maniac (§6)", settings: {} },
      { key: "kamikaze-witness", label: "+ Kamikaze, + Witness", settings: { kamikaze: 1, witness: 1 } },
      { key: "no-maniac", label: "no Maniac", settings: { maniac: 0 } },
      { key: "curser-swindler-werewolf", label: "+ Curser, + Swindler, + Werewolf", settings: { curser: 1, swindler: 1, werewolf: 1 } },
    ],
    paths: ["tie", "revote", "revote-tied", "dropped", "expel-anyone", "expel-anyone-passed", "expel-both", "expel-both-passed", "no-candidates", "too-many-candidates", "voted-out", "killed", "quiet-night", "cursed", "turned", "swapped", "draw", ...CLAIMS],
  },
];

export const PRESET_ORDER: readonly string[] = PLANS.map((p) => p.preset);

export function planOf(preset: string): PresetPlan {
  return PLANS.find((p) => p.preset === preset) ?? { preset, variants: [DEFAULT], paths: COMMON };
}
