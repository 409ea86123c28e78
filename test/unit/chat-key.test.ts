/**
 * Issue 35: how the chat panel names a sender (web/src/table/chat.ts). Whether a page has a chat at all is the
 * table's decision, sent in every view (TableView.chat; tested over real frames in test/worker/chat.test.ts).
 */
import { describe, expect, it } from "vitest";
import { chatKeyKind } from "../../web/src/table/chat.ts";

describe("issue 35: the page's chat", () => {
  it("names a sender by the kind of their public key", () => {
    expect(chatKeyKind("v3")).toEqual({ kind: "spectator", n: 3 });
    expect(chatKeyKind("h").kind).toBe("host");
    expect(chatKeyKind("o").kind).toBe("organizer");
    expect(chatKeyKind("p4").kind).toBe("person");
  });
});
