/**
 * Issue 35, clubs you can find (RULES.md §6.11 the club evening, §8 "public … listed"; docs/CLUBS.md "The
 * directory"): GET /api/clubs lists the public clubs — name, city, next evening, members — with search and
 * pages; a private club is never listed but its page stays reachable by its link; the listing names no
 * person, so an owner who opted out of publication is not named there either; bad queries get a typed
 * error.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ClubDirectory, ClubPage } from "../../shared/protocol/clubs.ts";
import { DIRECTORY_PAGE } from "../../worker/clubs/directory.ts";
import { get, json, nick, post, signUp } from "./accounts-helpers.ts";

const HOUR = 3600_000;
const TAG = `zq${Date.now().toString(36)}`; // a word no other club has: searches in this file see only its clubs

async function newClub(owner: string, name: string, extra: Record<string, unknown> = {}): Promise<ClubPage> {
  return json<ClubPage>(await post("/api/clubs", { name, city: "Київ", language: "uk", formats: ["sport"], timeZone: "Europe/Kyiv", ...extra }, owner), 201);
}
const list = async (query: string) => json<ClubDirectory>(await get(`/api/clubs${query}`));

describe("issue 35: the public club directory", () => {
  let owner: string;
  let ownerNick: string;
  let pub: ClubPage;
  let priv: ClubPage;
  let later: ClubPage;
  beforeAll(async () => {
    ownerNick = nick("Dir");
    owner = await signUp(ownerNick);
    pub = await newClub(owner, `Нічне Місто ${TAG}`);
    priv = await newClub(owner, `Тихий ${TAG}`, { listed: false });
    later = await newClub(owner, `Zebra ${TAG}`);
    // Page filler: enough listed clubs of this file for three pages.
    for (let i = 0; i < 2 * DIRECTORY_PAGE; i++) await newClub(owner, `Filler ${String(i).padStart(2, "0")} ${TAG}`);
    await post(`/api/clubs/${pub.club.id}/evenings`, { startsAt: Date.now() + 48 * HOUR, place: "Кав'ярня", presetId: "sport" }, owner);
  }, 120_000);

  it("lists a public club with its name, city, next evening and member count; a private one never", async () => {
    const d = await list(`?q=${encodeURIComponent(TAG)}`);
    expect(d.total).toBe(2 + 2 * DIRECTORY_PAGE);
    const all = [...d.clubs];
    for (let p = 2; p <= Math.ceil(d.total / d.pageSize); p++) all.push(...(await list(`?q=${encodeURIComponent(TAG)}&page=${p}`)).clubs);
    expect(all.map((c) => c.id)).not.toContain(priv.club.id);
    const line = all.find((c) => c.id === pub.club.id)!;
    expect(line).toMatchObject({ name: `Нічне Місто ${TAG}`, city: "Київ", members: 1, formats: ["sport"] });
    expect(line.nextEvening).toBeGreaterThan(Date.now());
    expect(all.find((c) => c.id === later.club.id)!.nextEvening).toBeNull();
  });

  it("the private club's page is still reachable by its link, and says it is unlisted", async () => {
    const page = await json<ClubPage>(await get(`/api/clubs/${priv.club.id}`));
    expect(page.club).toMatchObject({ name: `Тихий ${TAG}`, listed: false });
  });

  it("search matches the name or the city, case-insensitively, Cyrillic too; LIKE's own characters are plain text", async () => {
    expect((await list(`?q=${encodeURIComponent(`нічне місто ${TAG.toUpperCase()}`)}`)).clubs.map((c) => c.id)).toEqual([pub.club.id]);
    expect((await list(`?q=${encodeURIComponent(`zebra ${TAG}`)}`)).clubs.map((c) => c.id)).toEqual([later.club.id]);
    expect((await list(`?q=${encodeURIComponent(`київ ${TAG}`)}`)).total).toBe(0); // "name · city": the city is after the name
    expect((await list(`?q=${encodeURIComponent("КИЇВ")}`)).clubs.length).toBeGreaterThan(0);
    expect((await list(`?q=${encodeURIComponent(`%${TAG}`)}`)).total).toBe(0);
    expect((await list(`?q=${encodeURIComponent(`Тихий ${TAG}`)}`)).total).toBe(0); // private: not even by its exact name
  });

  it("pages: 20 a page in name order, no club twice, the last page partial", async () => {
    const q = `?q=${encodeURIComponent(TAG)}`;
    const p1 = await list(q);
    const p2 = await list(`${q}&page=2`);
    const p3 = await list(`${q}&page=3`);
    expect([p1.clubs.length, p2.clubs.length, p3.clubs.length]).toEqual([DIRECTORY_PAGE, DIRECTORY_PAGE, 2]);
    const ids = [...p1.clubs, ...p2.clubs, ...p3.clubs].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const names = [...p1.clubs, ...p2.clubs, ...p3.clubs].map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await list(`${q}&page=4`)).clubs).toEqual([]);
  });

  it("the owner makes a club private in its settings, and it leaves the directory; back again", async () => {
    const q = `?q=${encodeURIComponent(`zebra ${TAG}`)}`;
    expect((await post(`/api/clubs/${later.club.id}/settings`, { listed: false }, owner)).status).toBe(200);
    expect((await list(q)).total).toBe(0);
    expect((await post(`/api/clubs/${later.club.id}/settings`, { listed: true }, owner)).status).toBe(200);
    expect((await list(q)).total).toBe(1);
    const stranger = await signUp(nick("Dirx"));
    expect((await post(`/api/clubs/${later.club.id}/settings`, { listed: false }, stranger)).status).toBe(403);
    expect((await list(q)).total).toBe(1);
  });

  it("publication opt-out (§8): the listing names no person — an opted-out owner's nick and account appear nowhere in it", async () => {
    expect((await post("/api/me/publication", { publish: false }, owner)).status).toBe(200);
    const text = await (await get(`/api/clubs?q=${encodeURIComponent(TAG)}`)).text();
    expect(text).not.toContain(ownerNick);
    const ownerId = (await env.DB.prepare("SELECT id FROM users WHERE nick = ?").bind(ownerNick).first<{ id: string }>())!.id;
    expect(text).not.toContain(ownerId);
    await post("/api/me/publication", { publish: true }, owner);
  });

  it("bad queries get a typed 400 and no list: a page of 0, of letters, past 1000; a search longer than 60", async () => {
    for (const q of ["?page=0", "?page=abc", "?page=1001", `?q=${"x".repeat(61)}`]) {
      const res = await get(`/api/clubs${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code, q).toBe("bad-request");
    }
  });

  it("a club made before the directory (no search key) is found once the directory reads it", async () => {
    const old = await newClub(owner, `Legacy ${TAG}`);
    await env.DB.prepare("UPDATE clubs SET search_key = NULL WHERE id = ?").bind(old.club.id).run();
    expect((await list(`?q=${encodeURIComponent(`legacy ${TAG}`)}`)).clubs.map((c) => c.id)).toEqual([old.club.id]);
  });
});
