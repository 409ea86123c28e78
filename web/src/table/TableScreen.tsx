/** Route /t/:code — connects with this device's saved key for the table (or as a spectator). */
import { createEffect, createMemo, createSignal, onCleanup, Show } from "solid-js";
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
  /** Drop this device's key for the table and watch as a spectator. */
  const watch = () => {
    forgetTable(props.code);
    setEntry(null);
  };
  // The organizer token stopped working (4002: the rights moved to a player; or it was spent when the
  // creator sat down elsewhere): go on as a spectator, saying why.
  createEffect(() => {
    const st = ctl().state;
    const kind = entry()?.kind ?? "player";
    if (st.conn !== "closed") return;
    // 4003 (this credential opened elsewhere) keeps the token: the other window holds it.
    if (st.closeCode === 4002 || (kind !== "player" && st.closeCode !== 4001 && st.closeCode !== 4003)) {
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
