/**
 * RULES.md §5.7 (2026-12-06): "At a club table the club's owner and the club's hosts, seated or not, may
 * at once hand the table to the server or take over as its host from their own device (a seated player
 * who takes over gives their seat to a bot … and sees the host screen only from then on …: the table is
 * told who hosts now)." Through the real routes and sockets in workerd: a club's tatar evening opened by
 * its owner to play, with a named club host on the host screen; the host's page goes away (the
 * `host-away` alarm item delivered); then `GET/POST /api/tables/:code/takeover`.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { JoinResponse, TakeoverOfferResponse, TakeoverResponse } from "../../shared/protocol/http.ts";
import type { ClubPage, EveningPage, HostTokenResponse, OpenEveningResponse } from "../../shared/protocol/clubs.ts";
import { get, json, nick, post, signUp } from "./accounts-helpers.ts";
import { alarmsUntil, control, gameOf, hostSocketLost, logOf, settle } from "./fixture.ts";
import { connectAs, deviceFor, from, until, type Client } from "./helpers.ts";

const open: Client[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

interface Person {
  nick: string;
  cookie: string;
}

interface ClubTable {
  code: string;
  owner: Person & { join: JoinResponse; client: Client };
  member: Person & { join: JoinResponse; client: Client };
  /** The evening's named live host, and the evening's API path (its `/host` claims the host screen). */
  named: Person;
  evening: string;
  /** A club host who is not at the table. */
  spare: Person;
  /** A signed-in account of no role in the club. */
  stranger: Person;
  host: Client;
  spectator: Client;
  watching: () => Client[];
}

async function person(what: string): Promise<Person> {
  const n = nick(what);
  return { nick: n, cookie: await signUp(n) };
}

/** The club's tatar evening: the owner opens it to play with `named` as the live host; the owner and a member sit; bots fill; the game runs. */
async function clubTable(tag: string): Promise<ClubTable> {
  const [owner, named, spare, member, stranger] = [await person(`${tag}O`), await person(`${tag}H`), await person(`${tag}S`), await person(`${tag}M`), await person(`${tag}X`)];
  const club = await json<ClubPage>(await post("/api/clubs", { name: nick(`${tag}Club`), city: "Lviv", language: "uk", formats: ["tatar"], timeZone: "Europe/Kyiv" }, owner.cookie), 201);
  const clubId = club.club.id;
  for (const h of [named, spare]) expect((await post(`/api/clubs/${clubId}/hosts`, { nickname: h.nick }, owner.cookie)).status).toBe(200);
  const e = await json<EveningPage>(await post(`/api/clubs/${clubId}/evenings`, { startsAt: Date.now() + 2 * 3600_000, place: "Hall", presetId: "tatar" }, owner.cookie), 201);
  const evening = `/api/clubs/${clubId}/evenings/${e.evening.id}`;
  for (const p of [owner, member]) expect((await post(`${evening}/signup`, {}, p.cookie)).status).toBe(200);
  const opened = await json<OpenEveningResponse>(await post(`${evening}/open`, { play: true, host: named.nick }, owner.cookie), 201);
  const code = opened.code;
  const { token: hostToken } = await json<HostTokenResponse>(await post(`${evening}/host`, {}, named.cookie));
  const host = await connectAs(code, hostToken, "host");
  open.push(host);
  const sit = async (p: Person) => {
    const res = await post(`/api/tables/${code}/join`, { nickname: p.nick, deviceId: deviceFor(p.nick) }, p.cookie, from(p.nick));
    expect(res.status, await res.clone().text()).toBe(200);
    const join = (await res.json()) as JoinResponse;
    const client = await connectAs(code, join.token, p.nick);
    open.push(client);
    return { ...p, join, client };
  };
  const o = await sit(owner);
  const m = await sit(member);
  const spectator = await connectAs(code, undefined, "spectator");
  open.push(spectator);
  expect(await control(host, "fill", { type: "fill-bots" })).toMatchObject({ type: "ack" });
  await until(() => o.client.lastView().status === "playing", 15_000, "the game starts");
  const watching = () => [o.client, m.client, spectator].filter((c) => !c.closed);
  await settle(code, [host, ...watching()]);
  return { code, owner: o, member: m, named, evening, spare, stranger, host, spectator, watching };
}

/** The host's page goes away; the table's `host-away` item (the grace) is delivered: the game waits for the host. */
async function hostLeaves(t: ClubTable): Promise<number> {
  await hostSocketLost(t.code, t.host, t.watching());
  // The table's items in time order (the deal's and the acquaintance's timers may come first) up to the host's grace.
  await alarmsUntil(t.code, t.watching(), () => gameOf(t.spectator).hosting !== undefined, "the host's loss told");
  const hosting = gameOf(t.spectator).hosting;
  expect(hosting?.state).toBe("waiting");
  return hosting?.state === "waiting" ? hosting.until : 0;
}

const offerOf = (code: string, who: Person | null) => get(`/api/tables/${code}/takeover`, who?.cookie);
const take = (code: string, who: Person | null, as: "server" | "host") => post(`/api/tables/${code}/takeover`, { as }, who?.cookie);
const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe("RULES.md §5.7 (2026-12-06) a club's owner or host covers for a live host who is away", () => {
  it("RULES.md §5.7 the owner, seated, takes over as host once the host is away: the seat goes to a bot, the owner's device gets the host screen, every seat is told who hosts now; a plain member and a stranger are refused", async () => {
    const t = await clubTable("CtA");
    // The host is here: nothing is offered, and a takeover is refused.
    expect(await json<TakeoverOfferResponse>(await offerOf(t.code, t.owner))).toEqual({ offers: [], until: null, seated: true });
    expect(await errorCode(await take(t.code, t.owner, "host"))).toBe("not-allowed");

    const awayUntil = await hostLeaves(t);
    expect(await json<TakeoverOfferResponse>(await offerOf(t.code, t.owner))).toEqual({ offers: ["server", "host"], until: awayUntil, seated: true });
    // A plain member, a stranger and nobody signed in are offered nothing and refused.
    expect((await json<TakeoverOfferResponse>(await offerOf(t.code, t.member))).offers).toEqual([]);
    expect((await json<TakeoverOfferResponse>(await offerOf(t.code, t.stranger))).offers).toEqual([]);
    for (const who of [t.member, t.stranger]) {
      for (const as of ["server", "host"] as const) {
        const res = await take(t.code, who, as);
        expect(res.status, `${who.nick} as ${as}`).toBe(403);
        expect(await errorCode(res)).toBe("not-club-host");
      }
    }
    expect((await offerOf(t.code, null)).status).toBe(401);
    expect((await take(t.code, null, "server")).status).toBe(401);
    expect(gameOf(t.spectator).hosting?.state).toBe("waiting");

    const ownerSeat = gameOf(t.owner.client).you!.seat;
    const res = await take(t.code, t.owner, "host");
    expect(res.status, await res.clone().text()).toBe(200);
    const got = (await res.json()) as TakeoverResponse;
    expect(got.token).toEqual(expect.any(String));
    // The owner's seat is a bot's now: its socket is closed, its return code dead.
    await until(() => t.owner.client.closed, 15_000, "the owner's seat socket closes");
    expect(await errorCode(await post(`/api/tables/${t.code}/return`, { returnCode: t.owner.join.returnCode }))).toBe("bad-return-code");
    const newHost = await connectAs(t.code, got.token!, "owner hosting");
    open.push(newHost);
    const welcome = newHost.frames.find((f) => f.type === "welcome");
    expect(welcome?.type === "welcome" && welcome.identity.kind).toBe("host");
    await settle(t.code, [newHost, ...t.watching()]);
    const g = gameOf(newHost);
    expect(g.host, "the host screen").not.toBeNull();
    const known = (c: Client) => gameOf(c).seats.filter((s) => s.role !== undefined).length;
    expect(known(newHost), "the host screen shows every card dealt, more than a seat knows").toBeGreaterThan(known(t.member.client));
    expect(g.seats.find((s) => s.seat === ownerSeat)?.bot).toBe(true);
    for (const c of [newHost, ...t.watching()]) {
      expect(gameOf(c).hosting, c.name).toBeUndefined();
      expect(logOf(c, "host-taken").map((e) => e.data), c.name).toEqual([{ by: t.owner.nick }]);
    }
    // Nothing more to take over; the old host's token no longer hosts.
    expect((await json<TakeoverOfferResponse>(await offerOf(t.code, t.spare))).offers).toEqual([]);
    expect(await errorCode(await take(t.code, t.spare, "server"))).toBe("not-allowed");
    // §5.7: the departed named host cannot take the host screen back by claiming it again: the takeover stands.
    const claim = await post(`${t.evening}/host`, {}, t.named.cookie);
    expect([claim.status, await errorCode(claim)]).toEqual([403, "not-allowed"]);
    expect(newHost.closed, "the new host's screen stays open").toBe(false);
    await settle(t.code, [newHost, ...t.watching()]);
    expect(gameOf(newHost).host, "still the host screen").not.toBeNull();
  });

  it("RULES.md §5.7 a club host who is not at the table hands it to the server at once: announced with their name; the stage goes on without waiting", async () => {
    const t = await clubTable("CtB");
    await hostLeaves(t);
    expect(await json<TakeoverOfferResponse>(await offerOf(t.code, t.spare))).toMatchObject({ offers: ["server", "host"], seated: false });
    const res = await take(t.code, t.spare, "server");
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ code: t.code, token: null });
    await settle(t.code, t.watching());
    for (const c of t.watching()) {
      expect(gameOf(c).hosting, c.name).toEqual({ state: "server" });
      expect(logOf(c, "server-hosting").map((e) => e.data), c.name).toEqual([{ why: "club", by: t.spare.nick }]);
    }
    expect((await json<TakeoverOfferResponse>(await offerOf(t.code, t.owner))).offers).toEqual([]);
    expect(await errorCode(await take(t.code, t.owner, "host"))).toBe("not-allowed");
  });
});
