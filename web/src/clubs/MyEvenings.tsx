/**
 * "My evenings" on one's own profile (RULES.md §6.11 "they see it … in their profile, as a
 * notification in the page"): unread notices (a move up from the reserve list), the evenings signed up
 * for with the state in each, the clubs, and "Create a club".
 */
import { createResource, For, Show } from "solid-js";
import type { MyClubs } from "../../../shared/protocol/clubs.ts";
import { clubPath, onLinkClick } from "../lib/router.ts";
import { clubsApi } from "./api.ts";
import { tc } from "./messages.ts";
import { EveningItem, Notices, stateShort } from "./parts.tsx";

export function MyEvenings() {
  const [data, { mutate }] = createResource(() => clubsApi.mine().catch(() => null as MyClubs | null));
  const dismiss = (id: number) => {
    void clubsApi.readNotices([id]).then((r) => {
      const d = data();
      if (d) mutate({ ...d, notices: r.notices });
    }, () => undefined);
  };
  return (
    <Show when={data()}>
      {(d) => (
        <>
          <section class="panel" aria-labelledby="my-evenings-title" data-my-evenings>
            <h2 id="my-evenings-title">{tc("mine.title")}</h2>
            <Notices notices={d().notices} onDismiss={dismiss} />
            <Show when={d().signups.length > 0} fallback={<p class="muted">{tc("mine.empty")}</p>}>
              <ul class="list">
                <For each={d().signups}>{(s) => <EveningItem e={s.evening} extra={`${s.club.name} · ${stateShort(s.you)}`} />}</For>
              </ul>
            </Show>
          </section>
          <section class="panel" aria-labelledby="my-clubs-title" data-my-clubs>
            <h2 id="my-clubs-title">{tc("mine.clubs")}</h2>
            <Show when={d().clubs.length > 0} fallback={<p class="muted">{tc("mine.noClubs")}</p>}>
              <ul class="list">
                <For each={d().clubs}>
                  {(c) => (
                    <li>
                      <a href={clubPath(c.id)} onClick={onLinkClick}>
                        <strong>{c.name}</strong> <span class="muted">· {c.city} · {tc(`role.${c.role}`)}</span>
                      </a>
                    </li>
                  )}
                </For>
              </ul>
            </Show>
            <p>
              <a class="btn" href="/clubs/new" onClick={onLinkClick} data-create-club>
                {tc("mine.create")}
              </a>
            </p>
          </section>
        </>
      )}
    </Show>
  );
}
