/**
 * "First game with hints" on the home page — a practice sport table with nine bots, where
 * a hint line says what the person may do now and why (web/src/home/guided.ts, web/src/table/hints.ts).
 */
import { t } from "../i18n/index.ts";
import { FormError, needName, useSubmit } from "./forms.tsx";
import { startGuidedGame } from "./guided.ts";

export function GuidedStart() {
  const { busy, error, setError, run } = useSubmit();
  const start = () => {
    const name = needName(setError);
    if (name === null) return;
    void run(() => startGuidedGame(name));
  };
  return (
    <section class="panel guided" aria-labelledby="guided-title" data-guided>
      <h2 id="guided-title">{t("guided.title")}</h2>
      <p class="muted small">{t("guided.about")}</p>
      <button type="button" class="btn primary wide" data-home="guided" disabled={busy()} onClick={start}>
        {busy() ? t("home.working") : t("guided.start")}
      </button>
      <FormError error={error()} />
    </section>
  );
}
