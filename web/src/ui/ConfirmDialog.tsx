/** A modal question with Cancel / Confirm (the native <dialog>: focus trap and Esc for free). */
import { createEffect, type JSX, Show } from "solid-js";
import { t } from "../i18n/index.ts";

export interface Ask {
  title: string;
  text: string;
  confirm: string;
  run: () => void;
  /** A choice to make before confirming (the offence of a removal), shown under the text. */
  body?: () => JSX.Element;
  /** While false, Confirm is disabled (the choice in `body` is not made yet). Absent: always ready. */
  ready?: () => boolean;
}

export function ConfirmDialog(props: { ask: Ask | null; onClose: () => void }) {
  let dlg: HTMLDialogElement | undefined;
  createEffect(() => {
    if (!dlg) return;
    if (props.ask && !dlg.open) dlg.showModal();
    if (!props.ask && dlg.open) dlg.close();
  });
  return (
    <dialog ref={dlg} class="dialog" aria-labelledby="dlg-title" onClose={() => props.onClose()} data-dialog>
      <Show when={props.ask}>
        {(a) => (
          <form method="dialog" class="form">
            <h2 id="dlg-title">{a().title}</h2>
            <p>{a().text}</p>
            {a().body?.()}
            <div class="row">
              <button type="button" class="btn grow" data-dialog-cancel onClick={() => props.onClose()}>
                {t("ui.cancel")}
              </button>
              <button
                type="button"
                class="btn danger grow"
                data-dialog-confirm
                disabled={a().ready ? !a().ready!() : false}
                onClick={() => {
                  a().run();
                  props.onClose();
                }}
              >
                {a().confirm}
              </button>
            </div>
          </form>
        )}
      </Show>
    </dialog>
  );
}
