/**
 * Issue 32, finding 7: CSRF rested on SameSite=Lax alone — a form-encoded or text/plain POST carrying the
 * cookie went through (`logout-all`, an evening's `withdraw` and `signup`). Now a state-changing request
 * whose Origin or Sec-Fetch-Site says another site is refused with 403 `forbidden-origin`, and a body
 * that is not application/json where JSON is expected with 415 `bad-content-type` (Hono's validator
 * read other types as `{}`). The page's own requests — real browser headers, JSON or no body — work.
 */
import { describe, expect, it } from "vitest";
import { me, nick, post, signUp } from "./accounts-helpers.ts";
import { api, ORIGIN } from "./helpers.ts";

const CROSS = { origin: "https://evil.example", "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" };
const PAGE = { origin: ORIGIN, "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors" };

/** A form post as a browser sends it from another site's page (a cookie rides along with SameSite=None or a top-level POST). */
function raw(path: string, cookie: string, headers: Record<string, string>, body: string | null, type: string | null): Promise<Response> {
  return api(path, { method: "POST", headers: { cookie, ...(type ? { "content-type": type } : {}), ...headers }, ...(body === null ? {} : { body }) });
}

const code = async (res: Response) => ((await res.json()) as { error?: { code: string } }).error?.code;

async function evening(): Promise<{ path: string; owner: string }> {
  const owner = await signUp(nick("F7Own"));
  const club = await post("/api/clubs", { name: nick("F7Club"), city: "Lviv", language: "uk", formats: ["club"], timeZone: "Europe/Kyiv" }, owner);
  const clubId = ((await club.json()) as { club: { id: string } }).club.id;
  const e = await post(`/api/clubs/${clubId}/evenings`, { startsAt: Date.now() + 48 * 3600_000, place: "Hall", presetId: "club" }, owner);
  expect(e.status).toBe(201);
  return { path: `/api/clubs/${clubId}/evenings/${((await e.json()) as { evening: { id: string } }).evening.id}`, owner };
}

describe("issue 32 finding 7: cross-site requests and non-JSON bodies", () => {
  it("a cross-site form POST to logout-all, signup and withdraw is refused with 403; nothing changes", async () => {
    const cookie = await signUp(nick("F7Vic"));
    const { path } = await evening();
    for (const [type, body] of [["application/x-www-form-urlencoded", "a=1"], ["text/plain", "{}"], ["multipart/form-data; boundary=x", "--x--"]] as const) {
      const out = await raw("/api/auth/logout-all", cookie, CROSS, body, type);
      expect(out.status, `logout-all as ${type}`).toBe(403);
      expect(await code(out)).toBe("forbidden-origin");
      expect((await me(cookie)).user, "still signed in").not.toBeNull();
      expect((await raw(`${path}/signup`, cookie, CROSS, body, type)).status, `signup as ${type}`).toBe(403);
    }
    // Sec-Fetch-Site alone (no Origin) and Origin alone (no Sec-Fetch-Site) are each enough.
    expect((await raw(`${path}/signup`, cookie, { "sec-fetch-site": "cross-site" }, "{}", "text/plain")).status).toBe(403);
    expect((await raw(`${path}/signup`, cookie, { origin: "https://evil.example" }, "{}", "application/json")).status).toBe(403);
    expect((await raw(`${path}/signup`, cookie, { origin: "null" }, "{}", "application/json")).status).toBe(403);
    // The page signs up, then a cross-site withdraw is refused and the seat stays.
    expect((await raw(`${path}/signup`, cookie, PAGE, "{}", "application/json")).status).toBe(200);
    const w = await raw(`${path}/withdraw`, cookie, CROSS, "a=1", "application/x-www-form-urlencoded");
    expect(w.status).toBe(403);
    const page = (await (await api(path, { headers: { cookie } })).json()) as { you: { state: string } | null };
    expect(page.you?.state).toBe("seated");
  });

  it("a body that is not JSON is refused with 415 even without Origin (non-browser clients send JSON)", async () => {
    const cookie = await signUp(nick("F7Json"));
    const { path } = await evening();
    for (const [type, body] of [["application/x-www-form-urlencoded", "a=1"], ["text/plain", "{}"], [null, "{}"]] as const) {
      const res = await raw(`${path}/signup`, cookie, {}, body, type);
      expect(res.status, `signup as ${type}`).toBe(415);
      expect(await code(res)).toBe("bad-content-type");
    }
    expect((await api("/api/tables", { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify({ presetId: "sport" }) })).status).toBe(415);
    expect((await api("/api/auth/password/register", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "nickname=x&password=y" })).status).toBe(415);
  });

  it("the page's own requests still work: JSON with the page's headers, and the bodiless logout-all", async () => {
    const cookie = await signUp(nick("F7Page"));
    const { path } = await evening();
    expect((await raw(`${path}/signup`, cookie, PAGE, "{}", "application/json; charset=utf-8")).status).toBe(200);
    expect((await raw(`${path}/withdraw`, cookie, PAGE, "{}", "application/json")).status).toBe(200);
    expect((await raw(`${path}/signup`, cookie, PAGE, "{}", "application/json")).status).toBe(200);
    // The web client's sign-up and table creation (lib/api.ts `call`).
    expect((await raw("/api/tables", "", PAGE, JSON.stringify({ presetId: "sport" }), "application/json")).status).toBe(201);
    // Sign out everywhere: a POST without a body, as web/src/lib/api.ts sends it.
    const out = await raw("/api/auth/logout-all", cookie, PAGE, null, null);
    expect(out.status).toBe(200);
    expect((await me(cookie)).user).toBeNull();
  });
});
