/** A rejected action or a failed request: the server's reason through the catalogue by its code. */
import { Show } from "solid-js";
import { t, tk } from "../i18n/index.ts";

export function errorText(code: string, serverMessage?: string): string {
  return tk("error", code, undefined, serverMessage || tk("error", "generic"));
}

export function Notice(props: { notice: { code: string; message: string } | null; onClose?: () => void }) {
  return (
    <div class="notice-slot" role="alert" aria-live="assertive">
      <Show when={props.notice}>
        {(n) => (
          <p class="notice" data-error={n().code}>
            <span>{errorText(n().code, n().message)}</span>
            <Show when={props.onClose}>
              <button type="button" class="x" aria-label={t("ui.close")} onClick={() => props.onClose?.()}>
                ×
              </button>
            </Show>
          </p>
        )}
      </Show>
    </div>
  );
}
