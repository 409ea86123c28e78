/** Route /t/:code — connects with this device's saved key for the table (or as a spectator). */
import { createEffect, createMemo, createSignal, onCleanup, Show } from "solid-js";
import type { TableSummary } from "../../../shared/protocol/http.ts";
import { call } from "../lib/api.ts";
import { forgetTable, savedFor, saveTable, type SavedTable } from "../lib/seats-store.ts";
import { connectTable } from "./controller.ts";
import { TablePage } from "./TablePage.tsx";

export function TableScreen(props: { code: string }) {
  const [entry, setEntry] = createSignal<SavedTable | null>(savedFor(props.code) ?? null);
  const [info, setInfo] = createSignal<string | null>(null);
  const token = createMemo(() => entry()?.token ?? null);
  const ctl = createMemo(() => {
    const c = connectTable(props.code, token());
    onCleanup(() => c.dispose());
    return c;
  });
  // A seat reclaimed with a return code on a new device learns its nickname from the welcome.
  createEffect(() => {
    const id = ctl().state.identity;
    const e = entry();
    if (e && id?.kind === "player" && !e.nickname) {
      const next = { ...e, nickname: id.nickname };
      saveTable(next);
      setEntry(next);
    }
  });
  // Rematch: remember which game of the series this seat plays, so that a device whose seat
  // was left out of a later game (its player did not press "play again") can tell why its key stopped.
  createEffect(() => {
    const st = ctl().state;
    const e = entry();
    const game = st.view?.series.game;
    if (e && (e.kind ?? "player") === "player" && st.identity?.kind === "player" && game && e.game !== game) {
      const next = { ...e, game };
      saveTable(next);
      setEntry(next);
    }
  });
  /** Drop this device's key for the table and watch as a spectator. */
  const watch = () => {
    forgetTable(props.code);
    setEntry(null);
  };
  // Rematch: the next game started without this seat. An open socket is told so by a new
  // spectator welcome; a device coming back later gets bad-token, and the summary's game number says
  // whether a newer game began (then: watch, saying why; else the come-back form).
  createEffect(() => {
    const st = ctl().state;
    const e = entry();
    if (!e || (e.kind ?? "player") !== "player") return;
    if (st.identity?.kind === "spectator") {
      setInfo("left-series");
      watch();
    } else if (st.conn === "closed" && st.closeCode !== 4001 && st.closeCode !== 4002 && st.closeCode !== 4003) {
      // The closes that end in the come-back form (bad-token above all; the close code a browser reports
      // for a socket the page closed itself varies): ask the table which game it plays now.
      const saw = e.game ?? 1;
      void call<TableSummary>("GET", `/api/tables/${props.code}`)
        .then((summary) => {
          if (summary.game > saw && entry()?.token === e.token) {
            setInfo("left-series");
            watch();
          }
        })
        .catch(() => {});
    }
  });
  // §7.10: the player revoked this consigliere — a spectator's welcome on the open socket, or
  // the token refused on the next visit: watch, saying why.
  createEffect(() => {
    const st = ctl().state;
    if (entry()?.kind !== "consigliere") return;
    if (st.identity?.kind === "spectator" || (st.conn === "closed" && st.closeCode !== 4003)) {
      setInfo("consigliere-revoked");
      watch();
    }
  });
  // The organizer token stopped working (4002: the rights moved to a player; or it was spent when the
  // creator sat down elsewhere): go on as a spectator, saying why.
  createEffect(() => {
    const st = ctl().state;
    const kind = entry()?.kind ?? "player";
    if (st.conn !== "closed") return;
    // 4003 (this credential opened elsewhere) keeps the token: the other window holds it.
    if (st.closeCode === 4002 || (kind !== "player" && kind !== "consigliere" && st.closeCode !== 4001 && st.closeCode !== 4003)) {
      // The creator just sat down on this device: the seat's key replaced the organizer token.
      const now = savedFor(props.code);
      if (now && (now.kind ?? "player") === "player" && now.token !== entry()?.token) return void setEntry(now);
      setInfo("organizer-transferred");
      watch();
    }
  });
  return (
    <Show when={ctl()} keyed>
      {(c) => <TablePage ctl={c} saved={entry()} onSeated={(s) => (setInfo(null), setEntry(s))} onWatch={watch} info={info()} />}
    </Show>
  );
}
