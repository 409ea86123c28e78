/**
 * RULES.md §7.10–§7.11 on the evening page: the club's newcomer rules for the viewer — "this
 * club requires its rules test" with the viewer's pass or a link to the test; a member's "I offer to
 * advise newcomers" switch; and the requests to advise a newcomer at the evening's table, each with
 * "Accept and go to the table" (bound as that seat's consigliere at once). Looked at again while in view.
 */
import { createResource, For, onCleanup, Show } from "solid-js";
import type { EveningNewcomers } from "../../../shared/protocol/rules-test.ts";
import type { JoinResponse } from "../../../shared/protocol/http.ts";
import { FormError, useSubmit } from "../home/forms.tsx";
import { t, tk } from "../i18n/index.ts";
import { call } from "../lib/api.ts";
import { deviceId } from "../lib/device.ts";
import { navigate, onLinkClick, rulesTestPath, tablePath } from "../lib/router.ts";
import { saveTable } from "../lib/seats-store.ts";
import { me } from "../lib/account.ts";

const enc = encodeURIComponent;
const POLL_MS = 10_000;

/** The owner's setting "rules test required for evenings" and its mark (8–10), on the club page. */
export function ClubRulesTestSettings(props: { club: string }) {
  const path = () => `/api/clubs/${enc(props.club)}/rules-test`;
  const [data, { mutate }] = createResource(() => props.club, () => call<{ rulesTest: { required: boolean; mark: number } }>("GET", path()).then((r) => r.rulesTest));
  const { busy, error, run } = useSubmit();
  const save = (next: { required: boolean; mark: number }) => void run(async () => mutate((await call<{ rulesTest: { required: boolean; mark: number } }>("POST", path(), next)).rulesTest));
  return (
    <Show when={data()}>
      {(d) => (
        <section class="panel" aria-labelledby="club-newcomers-title" data-club-rules-test={d().required ? "required" : "off"}>
          <h2 id="club-newcomers-title">{t("newcomers.title")}</h2>
          <label class="check field">
            <input type="checkbox" checked={d().required} disabled={busy()} onChange={(e) => save({ ...d(), required: e.currentTarget.checked })} aria-describedby="club-rt-about" data-rules-test-required />
            <span>{t("newcomers.setting")}</span>
          </label>
          <p class="muted small" id="club-rt-about">{t("newcomers.setting.about")}</p>
          <label class="field">
            <span>{t("newcomers.mark")}</span>
            <select value={String(d().mark)} disabled={busy()} onChange={(e) => save({ ...d(), mark: Number(e.currentTarget.value) })} data-rules-test-mark>
              <For each={[8, 9, 10]}>{(m) => <option value={m}>{t("newcomers.markOf", { mark: m })}</option>}</For>
            </select>
          </label>
          <FormError error={error()} />
        </section>
      )}
    </Show>
  );
}

export function NewcomersPanel(props: { club: string; evening: string }) {
  const path = () => `/api/clubs/${enc(props.club)}/evenings/${enc(props.evening)}/newcomers`;
  const [data, { mutate, refetch }] = createResource(() => `${path()}|${me()?.nickname ?? ""}`, () => call<EveningNewcomers>("GET", path()).catch(() => null));
  const poll = setInterval(() => document.visibilityState === "visible" && !data.loading && void refetch(), POLL_MS);
  onCleanup(() => clearInterval(poll));
  const { busy, error, run } = useSubmit();
  const setAdvise = (offer: boolean) =>
    void run(async () => {
      const out = await call<{ advises: boolean; candidates: string[] }>("POST", `/api/clubs/${enc(props.club)}/advise`, { offer });
      const d = data();
      if (d) mutate({ ...d, advises: out.advises, candidates: out.candidates });
    });
  const accept = (code: string, playerId: string) =>
    void run(async () => {
      const joined = await call<JoinResponse>("POST", `/api/tables/${enc(code)}/consigliere/accept`, { playerId, deviceId: deviceId() });
      saveTable({ code, playerId: joined.playerId, nickname: me()?.nickname ?? "", token: joined.token, returnCode: joined.returnCode, kind: "consigliere", organizerToken: null });
      navigate(tablePath(code));
    });
  const shown = () => {
    const d = data();
    return d && ((d.rulesTest.required && d.rulesTest.hasBank) || d.advises !== null || d.requests.length > 0 || d.advisors !== null) ? d : null;
  };
  return (
    <Show when={shown()}>
      {(d) => (
        <section class="panel" aria-labelledby="newcomers-title" data-newcomers>
          <h2 id="newcomers-title">{t("newcomers.title")}</h2>
          <Show when={d().rulesTest.required && d().rulesTest.hasBank}>
            <p>{t("newcomers.required", { format: tk("preset", d().format) })}</p>
            <Show when={d().rulesTest.passed !== null}>
              <Show
                when={d().rulesTest.passed}
                fallback={
                  <p>
                    {t("newcomers.need")}{" "}
                    <a class="btn primary" href={rulesTestPath(d().format)} onClick={onLinkClick} data-rules-test-link>
                      {t("rulesTest.take")}
                    </a>
                  </p>
                }
              >
                <p role="status" data-rules-test-ok>✓ {t("newcomers.passed")}</p>
              </Show>
            </Show>
          </Show>
          <Show when={d().advisors}>
            {(a) => (
              <div data-advisors={a().rating ? "rating" : "unrated"}>
                <h3>{t("newcomers.advisors.title")}</h3>
                <Show when={a().rating} fallback={<p class="muted small">{t("newcomers.advisors.unrated")}</p>}>
                  <p data-advisors-needs={a().needs.join(",")}>
                    {a().needs.length ? t("newcomers.advisors.needs", { names: a().needs.join(", ") }) : t("newcomers.advisors.needsNone")}
                  </p>
                  <p data-advisors-can={a().can.join(",")}>{a().can.length ? t("newcomers.advisors.can", { names: a().can.join(", ") }) : t("newcomers.advisors.canNone")}</p>
                </Show>
              </div>
            )}
          </Show>
          <Show when={d().advises !== null}>
            <label class="check field">
              <input type="checkbox" checked={d().advises === true} disabled={busy()} onChange={(e) => setAdvise(e.currentTarget.checked)} aria-describedby="advise-about" data-advise />
              <span>{t("newcomers.advise")}</span>
            </label>
            <p class="muted small" id="advise-about">{t("newcomers.advise.about")}</p>
          </Show>
          <Show when={d().requests.length > 0}>
            <ul class="names" data-advise-requests>
              <For each={d().requests}>
                {(r) => (
                  <li data-advise-request={r.nickname}>
                    {t("newcomers.request", { nick: r.nickname, code: r.tableCode })}{" "}
                    <button type="button" class="btn primary" disabled={busy()} onClick={() => accept(r.tableCode, r.playerId)} data-advise-accept>
                      {t("newcomers.accept")}
                    </button>
                  </li>
                )}
              </For>
            </ul>
          </Show>
          <FormError error={error()} />
        </section>
      )}
    </Show>
  );
}
