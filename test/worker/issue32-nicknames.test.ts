/**
 * Issue 32, finding 4: invisible and blank look-alike nicknames. "Victim" plus a default-ignorable code
 * point (U+034F, U+FE0F, U+3164, U+115F) or a blank-rendering one (U+2800), or U+3164 + "Victim", must
 * not sit beside "Victim"; a nick that renders blank ("\u3164", "\u2800", "\u115F") is refused; and the
 * table's look-alike check (UTS #39 skeletons) applies to account nicknames too.
 */
import { describe, expect, it } from "vitest";
import { nick, post } from "./accounts-helpers.ts";
import { createTable, deviceFor, join, joinWith } from "./helpers.ts";

describe("issue 32 finding 4: invisible, blank and look-alike nicknames", () => {
  it("a table refuses invisible twins of a seated nick and blank nicks", async () => {
    const { code } = await createTable({ presetId: "sport" });
    await join(code, "Victim");
    const twins = ["Victim\u034F", "Victim\uFE0F", "Victim\u3164", "Victim\u115F", "Victim\u2800", "\u3164Victim", "Vic\u2060tim"];
    const blanks = ["\u3164", "\u2800", "\u115F", "\u3164\u3164", "\uFFA0"];
    for (const [i, nickname] of [...twins, ...blanks].entries()) {
      const res = await joinWith(code, { nickname, deviceId: deviceFor(`f4-${i}`) }, `10.32.4.${i + 1}`);
      expect(res.status, `${JSON.stringify(nickname)} was accepted`).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("bad-request");
    }
    // An ordinary nick with a visible non-Latin script still sits.
    expect((await joinWith(code, { nickname: "Олена", deviceId: deviceFor("f4-ok") }, "10.32.4.200")).status).toBe(200);
  });

  it("an account nick that looks like another account's is refused (UTS #39 skeletons, as at the table)", async () => {
    const base = nick("Victim");
    const register = (nickname: string) => post("/api/auth/password/register", { nickname, password: "correct horse 42" });
    expect((await register(base)).status).toBe(200);
    const cyrillic = base.replace("i", "\u0456"); // Cyrillic і
    expect(cyrillic).not.toBe(base);
    const res = await register(cyrillic);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("nickname-confusable");
    const ivan = nick("Ivan");
    expect((await register(ivan)).status).toBe(200);
    expect((await register(`l${ivan.slice(1)}`)).status, "lvan beside Ivan").toBe(409);
    // A passkey sign-up asks the same question before its challenge.
    expect((await post("/api/auth/passkey/register/options", { nickname: cyrillic })).status).toBe(409);
    expect((await register(`${base}\u3164`)).status).toBe(400);
  });
});
