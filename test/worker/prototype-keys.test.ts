/**
 * A prototype key (`__proto__`, `constructor`, `prototype`) anywhere in a JSON body is refused the same
 * way on every route (docs/PROTOCOL.md "Errors"; worker/security/prototype-keys.ts): 400 `bad-settings`
 * under `settings`, 400 `bad-request` elsewhere, the issue's path naming the key, nothing changed. The
 * routes are walked from the app itself, so a route added later is walked too.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ErrorResponseSchema } from "../../shared/protocol/http.ts";
import { app } from "../../worker/index.ts";
import { get, json, post, signUp, nick } from "./accounts-helpers.ts";
import { ORIGIN, worker } from "./helpers.ts";

const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype"] as const;
const WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Raw JSON text, so that "__proto__" stays a key (an object literal would set the prototype). */
function send(method: string, path: string, body: string, cookie?: string): Promise<Response> {
  return worker.fetch(new Request(ORIGIN + path, { method, headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body }));
}

async function refusal(res: Response): Promise<{ status: number; code: string; paths: string[] }> {
  const text = await res.text();
  const parsed = v.safeParse(ErrorResponseSchema, JSON.parse(text));
  if (!parsed.success) return { status: res.status, code: `(not an error body: ${text.slice(0, 80)})`, paths: [] };
  return { status: res.status, code: parsed.output.error.code, paths: (parsed.output.error.issues ?? []).map((i) => i.path) };
}

describe("prototype keys in JSON bodies: one refusal on every route", () => {
  it("every POST/PUT/PATCH/DELETE route of the app refuses a nested __proto__/constructor/prototype key (400 bad-settings under settings, else bad-request, naming the key)", async () => {
    const cookie = await signUp(nick("proto"));
    const routes = [...new Set(app.routes.filter((r) => WITH_BODY.has(r.method)).map((r) => `${r.method} ${r.path}`))];
    expect(routes).toContain("POST /api/tournaments");
    expect(routes).toContain("POST /api/tables");
    expect(routes.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const route of routes) {
      const [method, pattern] = route.split(" ") as [string, string];
      // Any value for a path parameter: the refusal comes before any route looks at it.
      const path = pattern.replace(/:[A-Za-z]+/g, "AAAAAAAA");
      for (const key of PROTOTYPE_KEYS) {
        const cases = [
          { body: `{"settings":{"voting":"open","${key}":{"voting":"closed"}}}`, code: "bad-settings", at: `settings.${key}` },
          { body: `{"name":"x","list":[1,{"deep":{"${key}":{"admin":true}}}]}`, code: "bad-request", at: `list.1.deep.${key}` },
          { body: `{"${key}":{"public":true}}`, code: "bad-request", at: key },
        ];
        for (const c of cases) {
          for (const who of [undefined, cookie]) {
            const got = await refusal(await send(method, path, c.body, who));
            if (got.status !== 400 || got.code !== c.code || !got.paths.includes(c.at)) {
              wrong.push(`${route} ${c.body}${who ? " (signed in)" : ""} → ${got.status} ${got.code} ${JSON.stringify(got.paths)}`);
            }
          }
        }
      }
    }
    console.log(`prototype keys: ${routes.length} routes × ${PROTOTYPE_KEYS.length * 3} bodies × 2 (signed in or not); ${wrong.length} not refused`);
    expect(wrong, wrong.slice(0, 12).join("\n")).toEqual([]);
  }, 120_000);

  it("POST /api/tournaments with settings {__proto__: …} is refused like a table's (400 bad-settings naming settings.__proto__); nothing is created; a good body still creates", async () => {
    const cookie = await signUp(nick("cup"));
    for (const key of PROTOTYPE_KEYS) {
      const body = `{"name":"Proto cup","presetId":"sport","rounds":2,"settings":{"voting":"open","${key}":{"voting":"closed"}}}`;
      const table = await refusal(await send("POST", "/api/tables", `{"presetId":"sport","settings":{"voting":"open","${key}":{"voting":"closed"}}}`));
      const cup = await refusal(await send("POST", "/api/tournaments", body, cookie));
      expect(cup, key).toEqual({ status: 400, code: "bad-settings", paths: [`settings.${key}`] });
      expect(table.status).toBe(400);
      expect(table.code).toBe(cup.code);
      expect(table.paths).toContain(`settings.${key}`);
    }
    const listed = await json<{ tournaments: Array<{ name: string }> }>(await get("/api/tournaments", cookie));
    expect(listed.tournaments.map((t) => t.name)).not.toContain("Proto cup");
    await json<{ id: string }>(await post("/api/tournaments", { name: "Good cup", presetId: "sport", rounds: 2, settings: { voting: "open" } }, cookie), 201);
  });
});
