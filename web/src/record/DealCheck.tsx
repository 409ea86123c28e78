/**
 * RULES.md §8 Verifiable deal, on the record page: the seed's SHA-256 — computed by this browser's own
 * crypto.subtle, not by the engine — against the commitment the table published at the deal, then the
 * replay's seats, roles and random draws against the record (shared/verify-deal.ts). Shows "Deal
 * verified" or the first place where they differ.
 *
 * Hooks for tests: `[data-deal-check]` with data-deal = "checking" | "verified" | a DealCheck `where`
 * ("commitment", "seat", "role", "step", "result", "no-commitment"), and data-seat / data-step where one applies.
 */
import { createResource, Match, Show, Switch } from "solid-js";
import type { TableGameRecord } from "../../../shared/protocol/http.ts";
import type { ReplayStep } from "../../../shared/replay.ts";
import { sha256Hex } from "../../../shared/sha256.ts";
import { checkDeal, type DealCheck as Check } from "../../../shared/verify-deal.ts";
import { tk } from "../i18n/index.ts";
import { tr } from "./messages.ts";

/** The platform's SHA-256 (crypto.subtle exists only in secure contexts: elsewhere the same function in JavaScript). */
async function sha256(text: string): Promise<string> {
  if (!globalThis.crypto?.subtle) return sha256Hex(text);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function DealCheck(props: { record: TableGameRecord; replay: { steps: ReplayStep[]; refused: string[] } }) {
  const [check] = createResource(() => props.record, async (rec): Promise<Check> => checkDeal(rec, props.replay, await sha256(rec.seed)));
  const role = (r: string | null) => (r === null ? "—" : tk("role", r));
  const c = () => check();
  return (
    <section
      class="panel"
      aria-labelledby="deal-title"
      data-deal-check
      data-deal={c() ? (c()!.ok ? "verified" : (c() as Exclude<Check, { ok: true }>).where) : "checking"}
      data-seat={c() && "seat" in c()! ? (c() as { seat: number }).seat : undefined}
      data-step={c() && "step" in c()! ? (c() as { step: number }).step : undefined}
    >
      <h2 id="deal-title">{tr("deal.title")}</h2>
      <p role="status">
        <Switch fallback={tr("deal.checking")}>
          <Match when={c()?.ok}>
            <strong>{tr("deal.verified")}</strong> — {tr("deal.verified.about")}
          </Match>
          <Match when={c() && !c()!.ok && c()}>
            {(x) => {
              const m = x() as Exclude<Check, { ok: true }>;
              switch (m.where) {
                case "no-commitment": return tr("deal.no-commitment");
                case "commitment": return tr("deal.commitment-mismatch", { computed: m.computed });
                case "seat": return tr("deal.seat-mismatch", { seat: m.seat });
                case "role": return tr("deal.role-mismatch", { seat: m.seat, recorded: role(m.recorded), replayed: role(m.replayed) });
                case "step": return tr("deal.step-mismatch", { n: m.step });
                case "result": return tr("deal.result-mismatch");
              }
            }}
          </Match>
        </Switch>
      </p>
      <Show when={props.record.dealCommitment}>{(h) => <p class="small deal-hash">{tr("deal.commitment", { hash: h() })}</p>}</Show>
      <p class="small deal-hash">{tr("deal.seed", { seed: props.record.seed })}</p>
    </section>
  );
}
