/** The lobby rules (RULES.md §2 "starts by itself as soon as 10 players sit"; §5.1 organizer's start) and connection helpers. */
import { describe, expect, it } from "vitest";
import { rememberRef, takeToken, REFS_KEPT } from "../../worker/table/connection.ts";
import { addressFull, checkJoin, checkStart, deviceTaken, fillTarget, nextBotNickname, rematchKeepsSeats, reservedForBots, startsByItself, type LobbyPlayer, type LobbyRules } from "../../worker/table/lobby.ts";
import { PRESENCE_WINDOW_MS, earliest, presenceBroadcastAt } from "../../worker/table/schedule.ts";

const sport: LobbyRules = { seats: { min: 10, max: 10 }, start: "when-full" };
const profile: LobbyRules = { seats: { min: 6, max: 20 }, start: "organizer-command" };
const seated = (n: number): LobbyPlayer[] =>
  Array.from({ length: n }, (_, i) => ({ playerId: `p${i}`, nickname: `Player ${i + 1}`, place: i + 1, bot: false }));

describe("lobby", () => {
  it("seats people in join order until the preset's capacity", () => {
    expect(checkJoin("lobby", seated(0), sport, "Ann")).toEqual({ ok: true, place: 1 });
    expect(checkJoin("lobby", seated(9), sport, "Ann")).toEqual({ ok: true, place: 10 });
    const full = checkJoin("lobby", seated(10), sport, "Ann");
    expect(full.ok).toBe(false);
    if (!full.ok) expect(full.refusal.code).toBe("table-full");
  });

  it("refuses a nickname already at the table, whatever its case", () => {
    const r = checkJoin("lobby", seated(3), sport, "PLAYER 2");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal.code).toBe("nickname-taken");
  });

  it("refuses anyone once the game has started", () => {
    const r = checkJoin("playing", seated(3), profile, "Ann");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal.code).toBe("table-started");
  });

  it("sport starts by itself when the 10th player sits; profiles wait for the organizer", () => {
    expect(startsByItself(sport, 9)).toBe(false);
    expect(startsByItself(sport, 10)).toBe(true);
    expect(startsByItself(profile, 20)).toBe(false);
  });
});

describe("organizer's start (RULES.md §5.1 \"the night does not begin until the organizer's command\")", () => {
  it("organizer-command presets start on the command once at least the minimum sits; sport refuses it", () => {
    expect(checkStart("lobby", profile, 6)).toEqual({ ok: true });
    expect(checkStart("lobby", profile, 5)).toMatchObject({ ok: false, code: "not-allowed" });
    expect(checkStart("playing", profile, 8)).toMatchObject({ ok: false, code: "phase-closed" });
    expect(checkStart("lobby", sport, 10)).toMatchObject({ ok: false, code: "not-allowed" });
  });

  it("one device, one seat unless allowed", () => {
    const same = (a: Uint8Array, b: Uint8Array) => a.every((x, i) => x === b[i]) && a.length === b.length;
    const d = new Uint8Array([1, 2, 3]);
    const players = [{ deviceHash: d }, { deviceHash: null }];
    expect(deviceTaken(players, new Uint8Array([1, 2, 3]), false, same)).toBe(true);
    expect(deviceTaken(players, new Uint8Array([1, 2, 3]), true, same)).toBe(false);
    expect(deviceTaken(players, new Uint8Array([9]), false, same)).toBe(false);
    expect(deviceTaken(players, null, false, same)).toBe(false);
  });

  it("seats per address (issue 12): an address holds at most the table's limit; seats without a recorded address count for nobody", () => {
    const same = (x: Uint8Array, y: Uint8Array) => x.length === y.length && x.every((b, i) => b === y[i]);
    const home = new Uint8Array([7, 7]);
    const players = [{ addressHash: home }, { addressHash: new Uint8Array([8]) }, { addressHash: null }, {}];
    expect(addressFull(players, home, 2, same)).toBe(false);
    expect(addressFull([...players, { addressHash: new Uint8Array([7, 7]) }], home, 2, same)).toBe(true);
    expect(addressFull(players, home, 1, same)).toBe(true);
    expect(addressFull(players, new Uint8Array([9]), 1, same)).toBe(false);
  });
});

describe("presence coalescing (issue 12)", () => {
  it("the first change after a quiet window goes at once; later ones wait for the window's end, and share it", () => {
    expect(presenceBroadcastAt(5_000, null, null)).toBeNull(); // nothing sent yet by this instance
    expect(presenceBroadcastAt(5_000, 5_000 - PRESENCE_WINDOW_MS, null)).toBeNull(); // window over
    expect(presenceBroadcastAt(5_000, 4_600, null)).toBe(4_600 + PRESENCE_WINDOW_MS);
    expect(presenceBroadcastAt(5_300, 4_600, 5_600)).toBe(5_600); // one view already waits: join it
  });

  it("a presence view ties after every other item of the alarm", () => {
    expect(earliest([{ kind: "presence", at: 10 }, { kind: "report", at: 10 }])!.kind).toBe("report");
    expect(earliest([{ kind: "presence", at: 9 }, { kind: "deadline", at: 10 }])!.kind).toBe("presence");
  });
});

describe("connection limits", () => {
  it("token bucket: a burst of 20, then 5 per second", () => {
    let bucket = { tokens: 20, at: 0 };
    let allowed = 0;
    for (let i = 0; i < 30; i++) {
      const r = takeToken(bucket, 0);
      bucket = r.bucket;
      if (r.allowed) allowed++;
    }
    expect(allowed).toBe(20);
    expect(takeToken(bucket, 100).allowed).toBe(false); // 0.5 token
    expect(takeToken(bucket, 200).allowed).toBe(true); // 1 token after 200 ms
    expect(takeToken({ tokens: 0, at: 0 }, 60_000).bucket.tokens).toBe(19); // capped at the burst
  });

  it("remembers a bounded number of refs", () => {
    let refs: string[] = [];
    for (let i = 0; i < 40; i++) refs = rememberRef(refs, `r${i}`).refs;
    expect(refs).toHaveLength(REFS_KEPT);
    expect(rememberRef(refs, "r39").fresh).toBe(false);
    expect(rememberRef(refs, "r0").fresh).toBe(true); // forgotten
  });
});

describe("bots in the lobby (issue 13): names and how far fill-bots fills", () => {
  it("bot names are reserved for bots, look-alikes included; other names containing 'bot' are not", () => {
    for (const name of ["Bot 1", "bot 12", "BOT3", "Bot #4", "Bot-5", "Бот 6", "Bоt 7", "Ｂｏｔ 8"]) expect(reservedForBots(name), name).toBe(true);
    for (const name of ["Botany", "Robot 1", "Bot", "Bottle 2", "Abbot 3", "Ann"]) expect(reservedForBots(name), name).toBe(false);
  });

  it("the next bot takes the lowest free name, skipping names in use or look-alikes", () => {
    expect(nextBotNickname([])).toBe("Bot 1");
    expect(nextBotNickname([{ nickname: "Bot 1" }, { nickname: "bot 2" }, { nickname: "Bot 4" }])).toBe("Bot 3");
  });

  it("fill-bots fills a when-full table to its maximum; an organizer-started one to the minimum, then to the maximum", () => {
    expect(fillTarget(sport, 1)).toBe(10);
    const city: LobbyRules = { seats: { min: 10, max: 12 }, start: "organizer-command" };
    expect(fillTarget(city, 1)).toBe(10);
    expect(fillTarget(city, 9)).toBe(10);
    expect(fillTarget(city, 10)).toBe(12);
    expect(fillTarget(city, 12)).toBe(12);
  });

  it("issue 38.7, RULES.md §3: a city table fills to its full 12 at once (not to 10 with '2 seats left'); club and host-classic still fill to their minimum first", () => {
    const city: LobbyRules & { presetId: string } = { seats: { min: 10, max: 12 }, start: "organizer-command", presetId: "city" };
    expect(fillTarget(city, 1)).toBe(12);
    expect(fillTarget(city, 11)).toBe(12);
    expect(fillTarget({ seats: { min: 12, max: 15 }, start: "organizer-command", presetId: "club" }, 1)).toBe(12);
    expect(fillTarget({ seats: { min: 8, max: 16 }, start: "organizer-command", presetId: "host-classic" }, 1)).toBe(8);
  });

  it("a rematch keeps the seats except in sport (RULES.md §1 Seat: drawn at every start)", () => {
    expect(rematchKeepsSeats("sport")).toBe(false);
    expect(rematchKeepsSeats("city")).toBe(true);
  });
});
