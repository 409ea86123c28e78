/**
 * Issue 31.4 "bots' speeches last long enough to read their claims: a few seconds each, not one": a
 * table's bot ends its own speech only once it has held the floor BOT_SPEECH_MS (worker/table/bots.ts,
 * bot-move.ts speechHeldUntil / nextBotMoveAt); its other moves go after the usual think delay.
 */
import { describe, expect, it } from "vitest";
import { makePlayers } from "../../shared/bots/index.ts";
import { apply, createGame, nextDeadline, viewFor, type GameState } from "../../shared/engine/index.ts";
import { BOT_SPEECH_MS, botSpeechMs, nextBotMoveAt, speechHeldUntil } from "../../worker/table/bot-move.ts";

/** worker/table/bots.ts BOT_THINK_MS (not imported: that module is the table's, with the runtime's types). */
const BOT_THINK_MS = 1200;

/** A sport table of bots (cards dealt at once) at its first day speech. */
function firstSpeech(): { state: GameState; speaker: string; other: string; started: number } {
  let state = createGame("sport", { autoDeal: true }, makePlayers(10, true), "bot-speech", 0);
  for (let i = 0; i < 20 && viewFor(state, { kind: "spectator" }).phase !== "speech"; i++) {
    const r = apply(state, { kind: "timeout", phaseSeq: state.phaseSeq }, nextDeadline(state)!);
    if (!r.ok) throw new Error(r.rejection.code);
    state = r.state;
  }
  const v = viewFor(state, { kind: "spectator" });
  expect(v.phase).toBe("speech");
  const seatOf = (id: string) => viewFor(state, { kind: "player", playerId: id }).you!.seat;
  const speakerId = ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10"].find((id) => seatOf(id) === v.speaker)!;
  const other = ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10"].find((id) => id !== speakerId)!;
  const started = v.log.filter((e) => e.type === "speech-started").at(-1)!.at;
  return { state, speaker: speakerId, other, started };
}

describe("issue 31.4: a bot's speech lasts a few seconds", () => {
  it("the speaker bot's end of speech waits until it held the floor BOT_SPEECH_MS; another seat's move is not held", () => {
    const { state, speaker, other, started } = firstSpeech();
    expect(BOT_SPEECH_MS).toBeGreaterThanOrEqual(3000);
    expect(speechHeldUntil(state, speaker, { type: "end-speech" }, 5000)).toBe(started + 5000);
    expect(speechHeldUntil(state, speaker, { type: "shout" }, 5000)).toBeNull();
    expect(speechHeldUntil(state, other, { type: "end-speech" }, 5000)).toBeNull();
  });

  it("the next bot move is due no sooner than the speaker's hold when ending its speech is all it wants to do", () => {
    const { state, speaker, started } = firstSpeech();
    const bots = [{ playerId: speaker, seat: viewFor(state, { kind: "player", playerId: speaker }).you!.seat, level: "strong" as const }];
    const at = nextBotMoveAt(state, bots, "seed", started, BOT_THINK_MS, 5000);
    // The bot either claims first (after a think) or ends its speech — never before 5 s of floor.
    expect(at).not.toBeNull();
    expect(at! >= started + BOT_THINK_MS).toBe(true);
    const late = nextBotMoveAt(state, bots, "seed", started + 4000, BOT_THINK_MS, 5000);
    expect(late).toBe(started + 4000 + BOT_THINK_MS);
  });

  it("BOT_SPEECH_MS is the default; the env overrides it; quick test bots (BOT_THINK_MS only) speak as fast as they think", () => {
    expect(botSpeechMs({})).toBe(BOT_SPEECH_MS);
    expect(botSpeechMs({ BOT_SPEECH_MS: "2500" })).toBe(2500);
    expect(botSpeechMs({ BOT_THINK_MS: "100" })).toBe(100);
    expect(botSpeechMs({ BOT_THINK_MS: "100", BOT_SPEECH_MS: "3000" })).toBe(3000);
  });
});
