/**
 * The HTTP API (issue 2 "Worker (Hono)"; RULES.md §8 "tables are created from a preset with its
 * settings, get a short room code and a link; players join by code with a nickname").
 */
import { listDurableObjectIds } from "cloudflare:test";
import { env } from "cloudflare:workers";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { isTableCode } from "../../shared/protocol/codes.ts";
import {
  CreateTableResponseSchema,
  ErrorResponseSchema,
  JoinResponseSchema,
  ReturnResponseSchema,
  TableListResponseSchema,
  TableSummarySchema,
} from "../../shared/protocol/http.ts";
import { RETURN_ATTEMPTS } from "../../worker/table/return-codes.ts";
import { api, createTable, join, joinWith, postJson, summary } from "./helpers.ts";

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(v.is(ErrorResponseSchema, body), JSON.stringify(body)).toBe(true);
  expect((body as { error: { code: string } }).error.code).toBe(code);
  return body as v.InferOutput<typeof ErrorResponseSchema>;
}

describe("POST /api/tables", () => {
  it("creates a table from a preset: 201 with a 6-symbol code and the table's link", async () => {
    const res = await postJson("/api/tables", { presetId: "sport", settings: { voting: "open" } });
    expect(res.status).toBe(201);
    const body = v.parse(CreateTableResponseSchema, await res.json());
    expect(isTableCode(body.code)).toBe(true);
    expect(body.url).toBe(`http://mafia.test/t/${body.code}`);
    const s = v.parse(TableSummarySchema, await summary(body.code));
    expect(s).toMatchObject({ code: body.code, presetId: "sport", status: "lobby", phase: "lobby", start: "when-full", public: false, game: 1 });
    expect(s.seats).toEqual({ taken: 0, min: 10, max: 10 });
    // Missing settings take the preset's defaults (RULES.md §2 table).
    expect(s.settings).toEqual({ autoDeal: false, agreement: "sound", voting: "open", breakAtZero: false, liftAtZero: false });
  });

  it("400 with the validation issues for a malformed body", async () => {
    const bad = await api("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    await expectError(bad, 400, "bad-request");

    const missing = await expectError(await postJson("/api/tables", { settings: {} }), 400, "bad-request");
    expect(missing.error.issues?.some((i) => i.path === "presetId")).toBe(true);

    await expectError(await postJson("/api/tables", { presetId: "sport", extra: 1 }), 400, "bad-request");
    await expectError(await postJson("/api/tables", { presetId: "sport", public: "yes" }), 400, "bad-request");
  });

  it("400 for settings that do not fit the preset, naming the setting", async () => {
    const body = await expectError(await postJson("/api/tables", { presetId: "sport", settings: { voting: "loud" } }), 400, "bad-settings");
    expect(body.error.issues?.[0]?.path).toBe("settings.voting");
    await expectError(await postJson("/api/tables", { presetId: "sport", settings: { unknownSetting: true } }), 400, "bad-settings");
  });

  it("400 for an unknown preset", async () => {
    await expectError(await postJson("/api/tables", { presetId: "poker" }), 400, "unknown-preset");
  });

  it("a code in use is never handed out again: init refuses an initialised object", async () => {
    const { code } = await createTable();
    const stub = env.TABLE.get(env.TABLE.idFromName(code));
    expect(await stub.init({ code, presetId: "sport", settings: {}, public: false })).toEqual({ ok: false, reason: "in-use" });
  });
});

describe("GET /api/tables/:code", () => {
  it("404 for a code that is not in the alphabet, without touching any object", async () => {
    const before = (await listDurableObjectIds(env.TABLE)).length;
    await expectError(await api("/api/tables/ABC1IL"), 404, "not-found");
    await expectError(await api("/api/tables/TOOLONGCODE"), 404, "not-found");
    await expectError(await joinWith("0OOOOO", { nickname: "Ann" }), 404, "not-found");
    expect((await listDurableObjectIds(env.TABLE)).length).toBe(before);
  });

  it("404 for a well-formed code that was never created (and the probe writes nothing)", async () => {
    await expectError(await api("/api/tables/ZZZZZZ"), 404, "not-found");
    await expectError(await joinWith("ZZZZZZ", { nickname: "Ann" }), 404, "not-found");
    await expectError(await postJson("/api/tables/ZZZZZZ/return", { returnCode: "ABCDEFGHJK" }), 404, "not-found");
    await expectError(await api("/api/tables/ZZZZZZ/socket", { headers: { Upgrade: "websocket" } }), 404, "not-found");
    const { runInDurableObject } = await import("cloudflare:test");
    const tables = await runInDurableObject(env.TABLE.get(env.TABLE.idFromName("ZZZZZZ")), (_i, state) =>
      state.storage.sql.exec("SELECT count(*) AS n FROM sqlite_master").one().n,
    );
    expect(tables).toBe(0);
  });

  it("accepts the code in lower case", async () => {
    const { code } = await createTable();
    expect((await api(`/api/tables/${code.toLowerCase()}`)).status).toBe(200);
  });

  it("404 JSON for an unknown API path; 426 for a socket request without an upgrade", async () => {
    await expectError(await api("/api/nothing-here"), 404, "not-found");
    const { code } = await createTable();
    await expectError(await api(`/api/tables/${code}/socket`), 426, "upgrade-required");
  });
});

describe("POST /api/tables/:code/join and /return", () => {
  it("joins with a nickname → playerId, return code (≥ 8 symbols) and token; 409 when full", async () => {
    const { code } = await createTable();
    for (let i = 1; i <= 10; i++) {
      const res = await joinWith(code, { nickname: `  Player   ${i} ` });
      expect(res.status).toBe(200);
      const body = v.parse(JoinResponseSchema, await res.json());
      expect(body.returnCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
      expect(body.token.length).toBeGreaterThanOrEqual(43);
    }
    // Sport starts by itself when the 10th player sits (RULES.md §2): a later join finds it started.
    const eleventh = await joinWith(code, { nickname: "Late" });
    expect(eleventh.status).toBe(409);
    expect(["table-full", "table-started"]).toContain(((await eleventh.json()) as { error: { code: string } }).error.code);
    const s = await summary(code);
    expect(s.status).toBe("playing");
    expect(s.phase).toBe("dealing");
    expect(s.seats.taken).toBe(10);
  });

  it("409 for a nickname already at the table; 400 for an empty or invisible nickname", async () => {
    const { code } = await createTable();
    await join(code, "Ann");
    await expectError(await joinWith(code, { nickname: "ann" }), 409, "nickname-taken");
    await expectError(await joinWith(code, { nickname: "   " }), 400, "bad-request");
    await expectError(await joinWith(code, { nickname: "a\u200bb" }), 400, "bad-request");
    await expectError(await joinWith(code, { nickname: "x".repeat(25) }), 400, "bad-request");
    await expectError(await joinWith(code, {}), 400, "bad-request");
  });

  it("a return code gives a fresh token for the same seat; a wrong one is refused (403), then rate-limited (429)", async () => {
    const { code } = await createTable();
    const ann = await join(code, "Ann");
    await join(code, "Bob");
    // As typed on another device: lower case, with a dash.
    const typed = `${ann.returnCode.slice(0, 5)}-${ann.returnCode.slice(5)}`.toLowerCase();
    const res = await postJson(`/api/tables/${code}/return`, { returnCode: typed });
    expect(res.status).toBe(200);
    const back = v.parse(ReturnResponseSchema, await res.json());
    expect(back.playerId).toBe(ann.playerId);
    expect(back.token).not.toBe(ann.token);

    await expectError(await postJson(`/api/tables/${code}/return`, { returnCode: "not a code" }), 400, "bad-request");
    const wrong = ann.returnCode.startsWith("2") ? "3" + ann.returnCode.slice(1) : "2" + ann.returnCode.slice(1);
    // Per table (the target of the guessing): RETURN_ATTEMPTS wrong codes per window, whoever sends them
    // (per-address counting: http-security.test.ts, attack.test.ts finding 3).
    for (let i = 0; i < RETURN_ATTEMPTS.max; i++) await expectError(await postJson(`/api/tables/${code}/return`, { returnCode: wrong }), 403, "bad-return-code");
    const limited = await postJson(`/api/tables/${code}/return`, { returnCode: ann.returnCode });
    await expectError(limited, 429, "rate-limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(RETURN_ATTEMPTS.windowMs / 1000 - 60);
  });
});

describe("GET /api/tables (public lobby)", () => {
  it("lists public tables with seats taken and capacity; private ones never appear", async () => {
    const pub = await createTable({ presetId: "sport", public: true });
    const priv = await createTable({ presetId: "sport" });
    await join(pub.code, "Ann");
    await join(pub.code, "Bob");
    const res = await api("/api/tables");
    expect(res.status).toBe(200);
    const list = v.parse(TableListResponseSchema, await res.json());
    const row = list.tables.find((t) => t.code === pub.code);
    expect(row).toMatchObject({ presetId: "sport", status: "lobby", seats: { taken: 2, max: 10 } });
    expect(list.tables.some((t) => t.code === priv.code)).toBe(false);
    for (let i = 3; i <= 10; i++) await join(pub.code, `P${i}`);
    const lobbyOnly = v.parse(TableListResponseSchema, await (await api("/api/tables?status=lobby")).json());
    expect(lobbyOnly.tables.some((t) => t.code === pub.code)).toBe(false);
    const playing = v.parse(TableListResponseSchema, await (await api("/api/tables?status=playing")).json());
    expect(playing.tables.find((t) => t.code === pub.code)?.seats.taken).toBe(10);
  });
});
