/**
 * /rules-test/:format — RULES.md §7.11 *decision*: "the test is ten questions drawn from a bank
 * for the club's format, each answer explained after; eight right passes; a failed test may be retaken
 * after ten minutes; a pass is kept per account and format". The page renders what the server sends:
 * before answering only the questions and options (no correct option, no explanation); the answer's
 * response brings the score, the right options and the explanations. A lazy chunk.
 */
import { createResource, createSignal, For, Show } from "solid-js";
import type { RulesTestAttempt, RulesTestResult, RulesTestStatus, Texts } from "../../../shared/protocol/rules-test.ts";
import { FormError, useSubmit } from "../home/forms.tsx";
import { lang, LOCALE, t, tk } from "../i18n/index.ts";
import { me, meKnown } from "../lib/account.ts";
import { ApiError, call } from "../lib/api.ts";
import { onLinkClick } from "../lib/router.ts";
import { rulesPath } from "../rules/anchors.ts";
import titles from "virtual:rule-headings";
import { Header } from "../ui/Header.tsx";
import { errorText } from "../ui/Notice.tsx";

const enc = encodeURIComponent;
const rulesTestApi = {
  status: (format: string) => call<RulesTestStatus>("GET", `/api/rules-test/${enc(format)}`),
  start: (format: string) => call<RulesTestAttempt>("POST", `/api/rules-test/${enc(format)}/start`, {}),
  answer: (id: string, answers: number[]) => call<RulesTestResult>("POST", `/api/rules-test/attempts/${enc(id)}/answer`, { answers }),
};

const say = (x: Texts): string => x[lang()];

/** The rules page's section a question tests, linked and named as that page names it (the book is in English). */
function Section(props: { section: string }) {
  return (
    <>
      {t("rulesTest.section")}{" "}
      <a href={rulesPath(props.section)} onClick={onLinkClick} lang="en" data-rules-section={props.section}>
        {titles[props.section] ?? `§${props.section}`}
      </a>
    </>
  );
}
const time = (ms: number): string => new Intl.DateTimeFormat(LOCALE[lang()], { timeStyle: "short" }).format(ms);

function Attempt(props: { attempt: RulesTestAttempt; onResult: (r: RulesTestResult) => void }) {
  const [answers, setAnswers] = createSignal<(number | null)[]>(props.attempt.questions.map(() => null));
  const { busy, error, setError, run } = useSubmit();
  const size = () => props.attempt.questions.length;
  const submit = (e: Event) => {
    e.preventDefault();
    const a = answers();
    if (a.some((x) => x === null)) return setError(t("rulesTest.unanswered"));
    void run(async () => props.onResult(await rulesTestApi.answer(props.attempt.id, a as number[])));
  };
  return (
    <form class="form rules-test" onSubmit={submit} data-rules-test-attempt={props.attempt.id}>
      <For each={props.attempt.questions}>
        {(q, i) => (
          <fieldset class="panel question" data-question={q.id}>
            <legend>
              <span class="muted small block">{t("rulesTest.question", { n: i() + 1, size: size() })} · <Section section={q.section} /></span>
              {say(q.text)}
            </legend>
            <For each={q.options}>
              {(o, k) => (
                <label class="check">
                  <input
                    type="radio"
                    name={`q-${q.id}`}
                    value={k()}
                    checked={answers()[i()] === k()}
                    onChange={() => setAnswers((prev) => prev.map((x, j) => (j === i() ? k() : x)))}
                    data-option={k()}
                  />
                  <span>{say(o)}</span>
                </label>
              )}
            </For>
          </fieldset>
        )}
      </For>
      <FormError error={error()} />
      <button type="submit" class="btn primary wide" disabled={busy()} data-rules-test-submit>
        {t("rulesTest.submit")}
      </button>
    </form>
  );
}

function Result(props: { result: RulesTestResult; attempt: RulesTestAttempt; onAgain: () => void }) {
  const optionText = (qi: number, k: number) => {
    const o = props.attempt.questions[qi]?.options[k];
    return o ? say(o) : "—";
  };
  return (
    <>
      <section class="panel" aria-labelledby="rt-result" data-rules-test-result={props.result.passed ? "passed" : "failed"} data-score={props.result.score}>
        <h2 id="rt-result" role="status">
          {props.result.passed
            ? t("rulesTest.result.pass", { score: props.result.score, size: props.result.size })
            : t("rulesTest.result.fail", { score: props.result.score, size: props.result.size, mark: props.result.passMark })}
        </h2>
        <Show when={props.result.retakeAt}>{(at) => <p class="muted">{t("rulesTest.wait", { time: time(at()) })}</p>}</Show>
        <Show when={!props.result.passed && !props.result.retakeAt}>
          <button type="button" class="btn" onClick={props.onAgain}>
            {t("rulesTest.start")}
          </button>
        </Show>
      </section>
      <ol class="rules-test-review">
        <For each={props.result.results}>
          {(r, i) => (
            <li class="panel" data-review={r.id} data-right={r.right ? "yes" : "no"}>
              <p>
                <strong>{r.right ? `✓ ${t("rulesTest.right")}` : `✗ ${t("rulesTest.wrong")}`}</strong> · <span class="muted small"><Section section={r.section} /></span>
              </p>
              <p>{say(props.attempt.questions[i()]!.text)}</p>
              <Show when={!r.right}>
                <p class="small">{t("rulesTest.yourAnswer", { answer: optionText(i(), r.chosen) })}</p>
              </Show>
              <p class="small">
                <strong>{t("rulesTest.correct", { answer: optionText(i(), r.correct) })}</strong>
              </p>
              <p class="small muted">{say(r.explanation)}</p>
            </li>
          )}
        </For>
      </ol>
    </>
  );
}

export default function RulesTestPage(props: { format: string }) {
  const [status, { refetch }] = createResource(
    () => (me() ? props.format : null),
    async (format) => {
      try {
        return { status: await rulesTestApi.status(format), error: null };
      } catch (e) {
        return { status: null, error: e instanceof ApiError ? e.code : "generic" };
      }
    },
  );
  const [attempt, setAttempt] = createSignal<RulesTestAttempt | null>(null);
  const [result, setResult] = createSignal<RulesTestResult | null>(null);
  const { busy, error, run } = useSubmit();
  const current = () => attempt() ?? status()?.status?.attempt ?? null;
  const begin = () =>
    void run(async () => {
      setResult(null);
      setAttempt(await rulesTestApi.start(props.format));
    });
  const onResult = (r: RulesTestResult) => {
    setResult(r);
    void refetch();
  };
  return (
    <>
      <Header />
      <main id="main" class="home rules-test-page" data-rules-test={props.format}>
        <section class="panel" aria-labelledby="rt-title">
          <h1 id="rt-title">{t("rulesTest.title", { format: tk("preset", props.format) })}</h1>
          <p class="muted">{t("rulesTest.about", { mark: status()?.status?.passMark ?? 8 })}</p>
          <Show when={meKnown() && !me()}>
            <p>{t("rulesTest.signin")}</p>
            <a class="btn primary" href="/signin" onClick={onLinkClick}>
              {t("account.signin")}
            </a>
          </Show>
          <Show when={status()?.error}>{(code) => <p role="alert">{code() === "not-found" ? t("rulesTest.noBank") : errorText(code())}</p>}</Show>
          <Show when={status()?.status}>
            {(s) => (
              <>
                <Show when={s().pass}>{(p) => <p role="status" data-rules-test-passed={p().score}>{t("rulesTest.passed", { score: p().score, size: s().size })}</p>}</Show>
                <Show when={!result() && !current()}>
                  <Show when={s().retakeAt} fallback={
                    <button type="button" class="btn primary wide" disabled={busy()} onClick={begin} data-rules-test-start>
                      {t("rulesTest.start")}
                    </button>
                  }>
                    {(at) => <p role="status" data-rules-test-wait>{t("rulesTest.wait", { time: time(at()) })}</p>}
                  </Show>
                </Show>
              </>
            )}
          </Show>
          <FormError error={error()} />
        </section>
        <Show when={result()} fallback={<Show when={current()}>{(a) => <Attempt attempt={a()} onResult={onResult} />}</Show>}>
          {(r) => <Result result={r()} attempt={current()!} onAgain={begin} />}
        </Show>
      </main>
    </>
  );
}
