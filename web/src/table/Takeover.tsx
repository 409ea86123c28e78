/**
 * RULES.md §5.7 (2026-12-06): at a club table whose live host is away, the club's owner and hosts — seated
 * or not — may at once hand the table to the server or take over as its host. The server says who may
 * (GET /api/tables/:code/takeover: a signed-in owner or host of the club whose evening opened the table);
 * anyone else is offered nothing and sees no button.
 */
import { createEffect, createSignal, on, Show } from "solid-js";
import type { TakeoverOfferResponse, TakeoverResponse } from "../../../shared/protocol/http.ts";
import { FormError, useSubmit } from "../home/forms.tsx";
import { t } from "../i18n/index.ts";
import { call } from "../lib/api.ts";
import { saveTable, type SavedTable } from "../lib/seats-store.ts";

export function TakeoverButtons(props: { code: string; until: number; onHost: (s: SavedTable) => void }) {
  const [offer, setOffer] = createSignal<TakeoverOfferResponse | null>(null);
  const { busy, error, run } = useSubmit();
  // Asked again whenever the table starts waiting anew.
  createEffect(
    on(
      () => props.until,
      () => void call<TakeoverOfferResponse>("GET", `/api/tables/${props.code}/takeover`).then(setOffer, () => setOffer(null)),
    ),
  );
  const take = (as: "server" | "host") =>
    void run(async () => {
      const got = await call<TakeoverResponse>("POST", `/api/tables/${props.code}/takeover`, { as });
      setOffer(null);
      if (got.token) {
        const entry = { code: got.code, playerId: "", nickname: "", token: got.token, returnCode: null, kind: "host" as const, organizerToken: null };
        saveTable(entry);
        props.onHost({ ...entry, savedAt: Date.now() });
      }
    });
  return (
    <Show when={offer()?.offers.length}>
      <div class="takeover" data-takeover={offer()!.offers.join(",")}>
        <p class="ann-sub">{t(offer()!.seated ? "takeover.lead.seated" : "takeover.lead")}</p>
        <div class="takeover-buttons">
          <button type="button" class="btn" disabled={busy()} data-takeover-as="server" onClick={() => take("server")}>
            {t("takeover.server")}
          </button>
          <button type="button" class="btn primary" disabled={busy()} data-takeover-as="host" onClick={() => take("host")}>
            {t("takeover.host")}
          </button>
        </div>
        <FormError error={error()} />
      </div>
    </Show>
  );
}
