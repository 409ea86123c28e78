/**
 * Issue 33 "a client that derives nothing": web/, shared/bots and worker/ ask what kind of moment a
 * phase is (shared/engine/phase-kinds.ts, or the view's own flags such as `night`) instead of comparing
 * phase ids. This scans their code for a phase id compared (`=== "voting"`, `.startsWith("night")`,
 * `case "speech":`) or listed (`["speech", "voting"]`) and allows only the listed exceptions — each a
 * string that merely equals a phase id but names something else.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  isCarCrash, isDayToCount, isDealing, isDefenceSpeech, isExpelVote, isFirstNight, isLeavingSpeech, isNightPhase, isRoundSpeech, isTeamShot, isVotePhase, isVoteToWaitFor,
} from "../../shared/engine/phase-kinds.ts";
import { PHASE_NAMES } from "../../shared/engine/types.ts";
import { en } from "../../web/src/i18n/en.ts";

const ROOT = resolve(__dirname, "../..");
const DIRS = ["web/src", "shared/bots", "worker"];
const ids = PHASE_NAMES.join("|");
const q = `["'\`]`;
/** The same pattern as the report's `git grep` (docs/ARCHITECTURE.md "Phase ids"). */
const COMPARED = new RegExp(
  `(===|!==) *${q}(${ids})${q}|${q}(${ids})${q} *(===|!==)|startsWith\\(${q}night|case ${q}(${ids})${q}:|[\\[(] *${q}(${ids})${q} *,|, *${q}(${ids})${q} *[\\])]`,
);

/** Lines that match but name no phase: each with why. */
const EXCEPTIONS: Record<string, string> = {
  "web/src/home/presets.ts": "city's settings shown first: `speech` is a setting's id (the speech length), not the phase",
  "web/src/table/announce.ts": "`round === \"revote\"` reads a vote-counted log entry's BallotRound, not the phase",
  "web/src/table/logText.ts": "`night-turn` is a log event type; OWN_QUESTIONS are QuestionName ids with their own catalogue lines",
  "worker/table/consigliere.ts": "`why === \"speech\"` is whisperClosed's reason (shared/protocol/whisper.ts), not the phase",
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return p.endsWith("i18n") ? [] : files(p);
    return /\.(ts|tsx)$/.test(p) ? [p] : [];
  });
}

describe("issue 33: no phase-id literals compared in web/, shared/bots, worker/", () => {
  it("finds a phase id compared or listed (the scan works)", () => {
    for (const line of ['if (g.phase === "voting")', 'p.startsWith("night-")', 'case "speech":', 'new Set(["farewell", "last-words"])', '"night-shot" !== phase']) {
      expect(COMPARED.test(line), line).toBe(true);
    }
    expect(COMPARED.test('tk("phase", g.phase)')).toBe(false);
  });

  it("only the listed exceptions remain (web/src/dev fixtures build views and are left out; the catalogues are text)", () => {
    const found: string[] = [];
    for (const dir of DIRS) {
      for (const f of files(join(ROOT, dir))) {
        const rel = relative(ROOT, f);
        if (rel.startsWith("web/src/dev/")) continue;
        readFileSync(f, "utf8").split("\n").forEach((line, i) => {
          if (COMPARED.test(line) && !(rel in EXCEPTIONS)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
      }
    }
    expect(found).toEqual([]);
  });

  it("phase-kinds.ts gives each predicate exactly the phases the old comparisons named", () => {
    const which = (p: (id: string) => boolean) => PHASE_NAMES.filter(p);
    expect(which(isNightPhase)).toEqual(PHASE_NAMES.filter((p) => p === "acquaintance" || p.startsWith("night")));
    expect(which(isFirstNight)).toEqual(["acquaintance"]);
    expect(which(isTeamShot)).toEqual(["night-shot"]);
    expect(which(isDealing)).toEqual(["dealing"]);
    expect(which(isRoundSpeech)).toEqual(["speech"]);
    expect(which(isDefenceSpeech)).toEqual(["defence", "tie-speech"]);
    expect(which(isLeavingSpeech)).toEqual(["farewell", "last-words"]);
    expect(which(isExpelVote)).toEqual(["voting", "revote"]);
    expect(which(isVoteToWaitFor)).toEqual(["voting", "revote", "lift-vote"]);
    // TablePage's old `phase.includes("vote")` (revote, lift-vote, confirm-vote) missed "voting" itself
    // ("voting" does not contain "vote"): the first ballot's turn line was empty. Now every vote says "The town votes".
    expect(which(isVotePhase)).toEqual(["voting", "revote", "lift-vote", "confirm-vote"]);
    expect(PHASE_NAMES.filter((p) => p.includes("vote"))).toEqual(["revote", "lift-vote", "confirm-vote"]);
    // TablePage's old list, plus `defence`: host-classic's, a preset without breakAtZero (the only caller's condition).
    expect(which(isDayToCount)).toEqual(["speech", "defence", "tie-speech", "leader-speech", "voting", "revote"]);
    expect(which(isCarCrash)).toEqual(["car-crash"]);
    expect(isNightPhase("lobby")).toBe(false);
    expect(isNightPhase("night-unknown")).toBe(false);
  });

  it("the live host's script line: a phase has its own line exactly when the catalogue has host.script.<phase> (HostPanel scriptKey, no list of ids)", () => {
    // The list HostPanel kept before issue 33; the catalogue now says it.
    const scripted = ["dealing", "acquaintance", "introductions", "free-talk", "speech", "defence", "extra-word", "tie-speech", "leader-speech", "farewell", "last-words", "voting", "revote", "lift-vote", "confirm-vote", "car-crash", "gestures", "before-night", "night-shot", "game-over"];
    expect(PHASE_NAMES.filter((p) => Object.hasOwn(en, `host.script.${p}`)).sort()).toEqual(scripted.sort());
  });
});
