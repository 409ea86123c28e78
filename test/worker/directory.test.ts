/**
 * The public lobby list can't go stale (issue 11): tables push their listing through separate stubs,
 * so pushes may arrive out of order. The directory applies a push only if it is not older (the
 * table's version, `seq`) than the one it holds, and an ended table leaves a tombstone that an older
 * push arriving later cannot bring back (worker/directory/Directory.ts).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TableListing, TableStatus } from "../../shared/protocol/http.ts";
import { LISTING_TTL_MS } from "../../worker/directory/Directory.ts";

/** A directory of its own (the worker's is shared by every test file). */
const directory = (name: string) => env.DIRECTORY.get(env.DIRECTORY.idFromName(`test-directory-${name}`));

const listing = (code: string, status: TableStatus, taken: number, updatedAt: number): TableListing => ({
  code, presetId: "sport", status, seats: { taken, max: 10 }, updatedAt,
});

describe("directory: monotonic listings", () => {
  it("an older push arriving after a newer one is ignored: a started table does not show as open again", async () => {
    const d = directory("order");
    const now = Date.now();
    expect(await d.upsert(listing("ORD1", "lobby", 9, now), 9)).toBe(true);
    // The start (version 11) overtakes the 10th join's push (version 10) on the way.
    expect(await d.upsert(listing("ORD1", "playing", 10, now + 2), 11)).toBe(true);
    expect(await d.upsert(listing("ORD1", "lobby", 10, now + 1), 10)).toBe(false);
    expect(await d.list()).toEqual([listing("ORD1", "playing", 10, now + 2)]);
    expect(await d.list("lobby")).toEqual([]);
    // Same version, same or later time: applied (a repeated push changes nothing).
    expect(await d.upsert(listing("ORD1", "playing", 10, now + 2), 11)).toBe(true);
    expect(await d.list()).toEqual([listing("ORD1", "playing", 10, now + 2)]);
  });

  it("an ended table stays gone: older lobby or playing pushes after the end do not resurrect it", async () => {
    const d = directory("tombstone");
    const now = Date.now();
    await d.upsert(listing("END1", "lobby", 3, now), 3);
    await d.upsert(listing("END2", "lobby", 1, now), 1);
    expect(await d.upsert(listing("END1", "ended", 10, now + 5), 40)).toBe(true);
    expect((await d.list()).map((l) => l.code)).toEqual(["END2"]);
    expect(await d.upsert(listing("END1", "lobby", 4, now + 1), 4)).toBe(false);
    expect(await d.upsert(listing("END1", "playing", 10, now + 3), 39)).toBe(false);
    // Even a push of the same version with a later clock does not beat the end.
    expect(await d.upsert(listing("END1", "playing", 10, now + 9), 40)).toBe(false);
    expect((await d.list()).map((l) => l.code)).toEqual(["END2"]);
    expect(await d.list("lobby")).toEqual([listing("END2", "lobby", 1, now)]);
    expect(await d.list("playing")).toEqual([]);
  });

  it("the TTL cleanup drops tombstones with idle listings", async () => {
    const d = directory("ttl");
    const now = Date.now();
    await d.upsert(listing("TTL1", "ended", 10, now), 50);
    expect(await d.list(undefined, now + LISTING_TTL_MS + 1)).toEqual([]);
    // The tombstone is gone: the code's row can be written again (a 6 h late push is not expected).
    expect(await d.upsert(listing("TTL1", "lobby", 1, now + LISTING_TTL_MS + 2), 1)).toBe(true);
  });
});
