/** The table's code and its link to share, in the lobby and under the board. */
import { createSignal } from "solid-js";
import { t } from "../i18n/index.ts";
import { tablePath } from "../lib/router.ts";

export function ShareCode(props: { code: string }) {
  const [copied, setCopied] = createSignal(false);
  const link = () => location.origin + tablePath(props.code);
  const copy = async () => {
    try {
      if (navigator.share && matchMedia("(pointer: coarse)").matches) await navigator.share({ url: link(), title: t("table.title", { code: props.code }) });
      else await navigator.clipboard.writeText(link());
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      /* cancelled or blocked: the code is on screen anyway */
    }
  };
  return (
    <div class="share">
      <span class="label">{t("table.share")}</span>
      <strong class="code" data-table-code={props.code}>
        {props.code}
      </strong>
      <button type="button" class="btn" onClick={copy}>
        {copied() ? t("table.copied") : t("table.copyLink")}
      </button>
    </div>
  );
}
