/**
 * RULES.md §8 "Verifiable deal" through the real table in workerd: when the cards are dealt every
 * player's and spectator's view carries SHA-256 of the game's seed (`dealCommitment`, and the first log
 * entry's `commitment`); the seed appears in no frame to anyone, before or after the end; the record
 * answers 409 `not-ended` until the end and then publishes the seed, the commitment as published and
 * the deal, which verify (shared/verify-deal.ts) — hashing with workerd's crypto.subtle.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TableGameRecord } from "../../shared/protocol/http.ts";
import { replayRecord } from "../../shared/replay.ts";
import { checkDeal } from "../../shared/verify-deal.ts";
import { api, connectAs } from "./helpers.ts";
import { openTable, playToEnd } from "./play.ts";

async function sha256(text: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("RULES.md §8 Verifiable deal over sockets", () => {
  it("the commitment reaches every player and spectator at the deal, the seed only the finished game's record, and the record verifies", async () => {
    const run = await openTable({ seed: "deal-1", preset: "sport", spectators: 2 });
    try {
      const seed = await runInDurableObject(run.stub, (_i, state) => String(state.storage.sql.exec("SELECT seed FROM config").one().seed));
      const commitment = await sha256(seed);
      // The first frame of the game, for every connection: the view's field and the seats' draw in the log.
      for (const c of run.all()) {
        const first = c.views().find((m) => m.view.game !== null)!.view.game!;
        expect(first.dealCommitment, c.name).toBe(commitment);
        expect(first.log.find((e) => e.type === "seats-drawn")?.data, c.name).toMatchObject({ commitment });
      }
      // A spectator who comes later gets it too.
      const late = await connectAs(run.code, undefined, "late spectator");
      await late.next((m) => m.type === "view" && m.view.game !== null);
      expect(late.lastView().game!.dealCommitment).toBe(commitment);
      late.close();

      // Before the end: no record, and no seed in its refusal.
      const early = await api(`/api/tables/${run.code}/games/1`);
      const earlyText = await early.text();
      expect(early.status).toBe(409);
      expect(JSON.parse(earlyText)).toMatchObject({ error: { code: "not-ended" } });
      expect(earlyText).not.toContain(seed);

      await playToEnd(run);
      // No frame to anyone, before or after the end, ever held the seed; every one that names the commitment names this one.
      for (const c of [...run.all(), late]) {
        for (const [i, text] of c.raw.entries()) expect(text, `${c.name} frame ${i}`).not.toContain(seed);
        for (const m of c.views()) if (m.view.game?.dealCommitment !== undefined) expect(m.view.game.dealCommitment).toBe(commitment);
      }

      const res = await api(`/api/tables/${run.code}/games/1`);
      expect(res.status).toBe(200);
      const rec = (await res.json()) as TableGameRecord;
      expect(rec.seed).toBe(seed);
      expect(rec.dealCommitment).toBe(commitment);
      // The deal as the table revealed it at the end.
      const end = run.seated[0]!.client.lastView().game!.result!;
      expect(rec.deal).toEqual(end.roles.map((r) => ({ seat: r.seat, role: r.role })).sort((a, b) => a.seat - b.seat));
      expect(checkDeal(rec, replayRecord(rec), await sha256(rec.seed))).toEqual({ ok: true });
      // Tampered after the fact: another seed no longer matches the commitment the players saw.
      const forged = { ...rec, seed: await sha256("another seed") };
      expect(checkDeal(forged, replayRecord(forged), await sha256(forged.seed))).toMatchObject({ ok: false, where: "commitment" });
    } finally {
      run.close();
    }
  });

  it("a rematch: game 2 commits to its own seed; game 1's record, now read from the archive, still verifies", async () => {
    const run = await openTable({ seed: "deal-2", preset: "sport", spectators: 1 });
    try {
      await playToEnd(run);
      for (const s of run.seated) {
        const from = s.client.frames.length;
        s.client.send({ type: "table", ref: "again", action: { type: "play-again" } });
        expect((await s.client.next((m) => (m.type === "ack" || m.type === "error") && m.ref === "again", from)).type).toBe("ack");
      }
      await Promise.all(run.all().map((c) => c.next((m) => m.type === "view" && m.view.series.game === 2 && m.view.status === "playing")));
      const seeds = await runInDurableObject(run.stub, (_i, state) => state.storage.sql.exec("SELECT seed FROM series ORDER BY game").toArray().map((r) => String(r.seed)));
      expect(seeds).toHaveLength(2);
      for (const c of run.all()) expect(c.lastView().game!.dealCommitment, c.name).toBe(await sha256(seeds[1]!));
      expect((await api(`/api/tables/${run.code}/games/2`)).status).toBe(409);
      const rec = (await (await api(`/api/tables/${run.code}/games/1`)).json()) as TableGameRecord;
      expect(rec.seed).toBe(seeds[0]);
      expect(rec.dealCommitment).toBe(await sha256(seeds[0]!));
      expect(rec.deal).toHaveLength(10);
      expect(checkDeal(rec, replayRecord(rec), await sha256(rec.seed))).toEqual({ ok: true });
    } finally {
      run.close();
    }
  });
});
