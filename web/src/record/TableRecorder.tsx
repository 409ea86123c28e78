/**
 * Issue 19 (RULES.md §6.11 "Games are audio-recorded for review; recordings are deleted after 72 hours";
 * docs/CLUBS.md "Recordings"): the organizer's (the live host's) browser records the table's audio. Shown
 * to the organizer only while the table's recording switch is on (everyone sees the "Recording" mark);
 * switching it off unmounts this and drops what was being recorded. A lazy chunk with its texts.
 *
 * "Record the audio" (a gesture: the microphone prompt, and an AudioContext that may play) mixes, with
 * WebAudio into one MediaStreamDestination, this page's microphone (the room, at a venue) and every voice
 * the page's media plane plays (window.__mafiaMesh.output, when this page takes part in voice). Each game
 * is one MediaRecorder run, from its start to its end; at the end the recording is uploaded
 * (PUT /api/tables/:code/games/:n/recording with the organizer token) and deleted by the server 72 h later.
 *
 * Hooks for tests: `[data-recorder]` (data-state, data-game).
 */
import { createEffect, createSignal, onCleanup, Show } from "solid-js";
import { RECORDING_MAX_BYTES, type RecordingInfo } from "../../../shared/protocol/recordings.ts";
import { lang, LOCALE } from "../i18n/index.ts";
import type { TableController } from "../table/controller.ts";
import { errorText } from "../ui/Notice.tsx";
import { tr } from "./messages.ts";

type State = "idle" | "asking" | "ready" | "recording" | "uploading" | "denied" | "unsupported";

/** The first container the browser's MediaRecorder can write (the server takes audio/webm and audio/ogg). */
function mimeType(): string | null {
  if (typeof MediaRecorder === "undefined") return null;
  return ["audio/webm;codecs=opus", "audio/webm", "audio/ogg;codecs=opus", "audio/ogg"].find((m) => MediaRecorder.isTypeSupported(m)) ?? null;
}

export async function uploadRecording(code: string, game: number, token: string, blob: Blob): Promise<RecordingInfo> {
  const res = await fetch(`/api/tables/${encodeURIComponent(code)}/games/${game}/recording`, {
    method: "PUT",
    headers: { "content-type": blob.type, authorization: `Bearer ${token}` },
    body: blob,
  });
  if (res.ok) return (await res.json()) as RecordingInfo;
  const err = ((await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null)?.error;
  throw Object.assign(new Error(err?.message ?? res.statusText), { code: err?.code ?? "generic" });
}

export default function TableRecorder(props: { ctl: TableController; token: string }) {
  const [state, setState] = createSignal<State>(mimeType() ? "idle" : "unsupported");
  const [game, setGame] = createSignal<number | null>(null);
  const [note, setNote] = createSignal<string | null>(null);
  let ctx: AudioContext | null = null;
  let mic: MediaStream | null = null;
  let dest: MediaStreamAudioDestinationNode | null = null;
  let recorder: MediaRecorder | null = null;
  let chunks: Blob[] = [];
  let dropped = false;

  const start = async () => {
    setState("asking");
    try {
      // The page's voices play in the media plane's context; its output joins the mix only in that context.
      const plane = window.__mafiaMesh;
      ctx = (plane?.output.context as AudioContext | undefined) ?? new AudioContext();
      await ctx.resume().catch(() => {});
      dest = ctx.createMediaStreamDestination();
      plane?.output.connect(dest);
      mic = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } }).catch(() => null);
      if (mic) ctx.createMediaStreamSource(mic).connect(dest);
      if (!mic && !plane) return setState("denied");
      setState("ready");
    } catch {
      setState("denied");
    }
  };

  const begin = (n: number) => {
    if (!dest) return;
    chunks = [];
    const type = mimeType()!;
    const r = new MediaRecorder(dest.stream, { mimeType: type, audioBitsPerSecond: 32_000 });
    r.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    r.onstop = () => {
      if (dropped) return;
      const blob = new Blob(chunks, { type });
      chunks = [];
      void finish(n, blob);
    };
    r.start(10_000);
    recorder = r;
    setGame(n);
    setState("recording");
    setNote(null);
  };

  const finish = async (n: number, blob: Blob) => {
    if (blob.size > RECORDING_MAX_BYTES) {
      setState("ready");
      return setNote(errorText("too-large"));
    }
    setState("uploading");
    try {
      const info = await uploadRecording(props.ctl.code, n, props.token, blob);
      const date = new Intl.DateTimeFormat(LOCALE[lang()], { dateStyle: "medium", timeStyle: "short" }).format(info.expiresAt);
      setNote(tr("recorder.uploaded", { n, date }));
    } catch (e) {
      setNote(tr("recorder.failed", { n, why: errorText((e as { code?: string }).code ?? "generic", (e as Error).message) }));
    }
    setState("ready");
  };

  // Each game is one recording: it starts with the game and is uploaded at its end.
  createEffect(() => {
    const v = props.ctl.state.view;
    const s = state();
    if (!v || (s !== "ready" && s !== "recording")) return;
    if (v.status === "playing" && s === "ready") begin(v.series.game);
    else if (v.status !== "playing" && s === "recording" && recorder?.state === "recording") recorder.stop();
  });

  onCleanup(() => {
    // Unmounted: the switch went off (or the page closes) — nothing more is kept or sent.
    dropped = true;
    if (recorder?.state === "recording") recorder.stop();
    mic?.getTracks().forEach((t) => t.stop());
    try {
      dest && window.__mafiaMesh?.output.disconnect(dest);
    } catch {
      /* not connected */
    }
    if (ctx && ctx !== (window.__mafiaMesh?.output.context as AudioContext | undefined)) void ctx.close().catch(() => {});
  });

  return (
    <section class="panel recorder" aria-labelledby="recorder-title" data-recorder data-state={state()} data-game={game() ?? ""}>
      <h2 id="recorder-title" class="small">{tr("recorder.title")}</h2>
      <p class="muted small">{tr("recorder.about")}</p>
      <Show when={state() === "idle"}>
        <button type="button" class="btn" data-recorder-start onClick={() => void start()}>
          {tr("recorder.start")}
        </button>
      </Show>
      <p role="status" aria-live="polite" class="small">
        {state() === "idle"
          ? ""
          : state() === "recording"
            ? tr("recorder.recording", { n: game() ?? 0 })
            : state() === "uploading"
              ? tr("recorder.uploading", { n: game() ?? 0 })
              : state() === "ready"
                ? tr("recorder.ready")
                : state() === "asking"
                  ? tr("recorder.asking")
                  : state() === "denied"
                    ? tr("recorder.denied")
                    : tr("recorder.unsupported")}
      </p>
      <Show when={note()}>{(n) => <p class="small" role="status" data-recorder-note>{n()}</p>}</Show>
    </section>
  );
}
