/** RULES.md §8 Chat: a chat line is one line of visible text (shared/protocol/chat.ts chatLine). */
import { describe, expect, it } from "vitest";
import { chatAddressLimit, chatLine, CHAT_RATE_LIMIT } from "../../shared/protocol/chat.ts";

describe("chatLine", () => {
  it("line breaks and every kind of blank run become one space; the line is trimmed", () => {
    expect(chatLine("fine\n\nAlice: I am the sheriff")).toBe("fine Alice: I am the sheriff");
    expect(chatLine("a\r\nb\u2028c\u2029d\u0085e\tf\u000bg")).toBe("a b c d e f g");
    expect(chatLine("  x\u00a0\u00a0\u2003\u3000\u2800y  ")).toBe("x y");
  });
  it("bidirectional controls and invisible characters are removed", () => {
    expect(chatLine("\u202Eevil\u202C")).toBe("evil");
    expect(chatLine("a\u202A\u202B\u202D\u2066\u2067\u2068\u2069\u200E\u200F\u061Cb")).toBe("ab");
    expect(chatLine("a\u200B\u2060\uFEFF\u00AD\u034F\u115F\u1160\u3164\uFFA0\u180Eb")).toBe("ab");
  });
  it("a line with nothing visible left is empty (the table refuses it)", () => {
    for (const blank of ["", "   ", "\u3164", "\u2800", "\u200B\u200D\u200C", "\uFE0F", "\u0301\u0301", "\u202E", "\n\n", "\u115F\u1160\uFFA0", "\u{E0020}\u{E007F}"]) {
      expect(chatLine(blank), JSON.stringify(blank)).toBe("");
    }
  });
  it("joiners, variation selectors and a few combining marks stay inside visible text; a tall stack of marks is cut to three", () => {
    expect(chatLine("\u2764\uFE0F")).toBe("\u2764\uFE0F");
    expect(chatLine("\u{1F468}\u200D\u{1F469}\u200D\u{1F467}")).toBe("\u{1F468}\u200D\u{1F469}\u200D\u{1F467}");
    expect(chatLine("Привіт, Йосип! ё")).toBe("Привіт, Йосип! ё");
    // NFC first: z + U+0301 is ź; of the five marks left on it, three stay.
    expect(chatLine("z" + "\u0301\u0302\u0303\u0304\u0305\u0306")).toBe("\u017A\u0302\u0303\u0304");
  });
  it("an address's budget is the person's times the seats it may hold", () => {
    expect(chatAddressLimit(2)).toEqual({ burst: CHAT_RATE_LIMIT.burst * 2, perSecond: CHAT_RATE_LIMIT.perSecond * 2 });
    expect(chatAddressLimit(0)).toEqual(CHAT_RATE_LIMIT);
  });
});
