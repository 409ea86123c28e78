/**
 * RULES.md §6.11 "Games are audio-recorded for review; recordings are deleted after 72 hours"
 * (docs/CLUBS.md "Recordings"; §8 what a recording holds): the live host's (or the organizer's)
 * browser records each game's audio. Shown to them only while the table's recording switch is on
 * (everyone sees the "Recording" mark); switching it off unmounts this and drops what was being recorded.
 * A lazy chunk with its texts.
 *
 * What it records: what a spectator without delay would hear — every voice of the public channel and the
 * host's own microphone — and never the black team's night channel. That is the media plane's
 * `publicOutput` (each remote voice gated by the spectator's rule, shared/media/floor.ts; this page's
 * microphone while the table hears it) when this page takes part in voice; without voice (a venue), the
 * page's microphone: the room. A plane joined after the recording started is added when it appears.
 *
 * How it uploads (RULES.md §6.11): each game is one MediaRecorder run, from its start to its end, cut
 * every SLICE_MS; the pieces wait here until RECORDING_CHUNK_MS of audio is there, then go up together
 * as chunk i (PUT …/games/:n/recording/chunks/:i, the host or organizer token; one R2 write per chunk,
 * the recording's cost), one after another, retried with a growing wait. When the page is hidden or
 * closing it cuts the recorder at once and sends what it holds (with `keepalive` when small enough to
 * outlive the page), so a page closed mid-game loses little; a page opened again continues after the
 * chunks the server lists as stored (GET …/recording/chunks), never over them. The server serves the
 * contiguous chunks from 0 as one file and deletes them after 72 h.
 *
 * Hooks for tests: `[data-recorder]` (data-state, data-game, data-chunks, data-started-at: the page's
 * performance.now() when the game's recording began).
 */
import { createEffect, createSignal, onCleanup, Show } from "solid-js";
import { RECORDING_CHUNK_MS, RECORDING_MAX_BYTES, type RecordingChunks, type RecordingInfo } from "../../../shared/protocol/recordings.ts";
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

/** How often the recorder hands over a piece (ms); RECORDING_CHUNK_MS of pieces make one chunk. */
const SLICE_MS = 5_000;
/** A `keepalive` request's body may be at most 64 KiB (the Fetch standard's limit for all of a page's in flight). */
const KEEPALIVE_BYTES = 60_000;
/** Tries per piece before the recording of that game is given up (the waits grow: 1, 2, 4… s). */
const TRIES = 6;

/** Uploads chunk `index` of game `game`'s recording; resolves with the stored recording's info. */
async function uploadChunk(code: string, game: number, index: number, token: string, blob: Blob, keepalive: boolean): Promise<RecordingInfo> {
  const res = await fetch(`/api/tables/${encodeURIComponent(code)}/games/${game}/recording/chunks/${index}`, {
    method: "PUT",
    headers: { "content-type": blob.type, authorization: `Bearer ${token}` },
    body: blob,
    keepalive,
  });
  if (res.ok) return (await res.json()) as RecordingInfo;
  const err = ((await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null)?.error;
  throw Object.assign(new Error(err?.message ?? res.statusText), { code: err?.code ?? "generic", status: res.status });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The first chunk number after every chunk already stored for game `game` (0: none; a page opened again continues there). */
async function nextChunk(code: string, game: number, token: string): Promise<number> {
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(code)}/games/${game}/recording/chunks`, { headers: { authorization: `Bearer ${token}` } });
    const { have } = res.ok ? ((await res.json()) as RecordingChunks) : { have: [] };
    return have.length ? Math.max(...have) + 1 : 0;
  } catch {
    // Unknown: start at 0, as a game whose recording begins now does.
    return 0;
  }
}

export default function TableRecorder(props: { ctl: TableController; token: string }) {
  const [state, setState] = createSignal<State>(mimeType() ? "idle" : "unsupported");
  const [game, setGame] = createSignal<number | null>(null);
  const [note, setNote] = createSignal<string | null>(null);
  const [stored, setStored] = createSignal(0);
  /** performance.now() when this game's recording began (a test aligns the file's time with the page's). */
  const [startedAt, setStartedAt] = createSignal<number | null>(null);
  let ctx: AudioContext | null = null;
  let mic: MediaStream | null = null;
  let micSource: MediaStreamAudioSourceNode | null = null;
  let dest: MediaStreamAudioDestinationNode | null = null;
  let recorder: MediaRecorder | null = null;
  let dropped = false;
  /** The media plane whose public mix is in the recording, and its bridge into this context. */
  let bridged: { plane: object; node: AudioNode; source: MediaStreamAudioSourceNode } | null = null;
  let watch: ReturnType<typeof setInterval> | undefined;
  /** Chunks are uploaded in order, one at a time. */
  let queue: Promise<void> = Promise.resolve();
  let failed = false;
  /** Pieces recorded and not yet sent, and when the last chunk was cut (performance.now()). */
  let pieces: Blob[] = [];
  let cutAt = 0;
  /** The page is being hidden or closed: the next piece goes up at once, with what is held. */
  let hurry = false;
  /** Chunks queued or in flight (0: an upload may start at once, inside the event that asked for it). */
  let queued = 0;
  /** The running game's "send what is held now" (null: no recording). */
  let cutNow: (() => void) | null = null;

  /**
   * The page's media plane into the mix: its public mix (what a spectator without delay hears, §8), through
   * a stream bridge (the plane may live in another AudioContext). Its microphone is in that mix, so the
   * page's own microphone source leaves the mix while a plane with one is bridged.
   */
  const bridge = () => {
    const plane = window.__mafiaMesh;
    if (!ctx || !dest || (bridged?.plane ?? null) === (plane ?? null)) return;
    bridged?.source.disconnect();
    bridged = null;
    const out = plane?.publicOutput ?? null;
    if (plane && out) {
      const tap = (out.context as AudioContext).createMediaStreamDestination();
      out.connect(tap);
      const source = ctx.createMediaStreamSource(tap.stream);
      source.connect(dest);
      bridged = { plane, node: out, source };
    }
    const planeHasMic = !!plane && !!out && plane.hasMicrophone;
    if (micSource) {
      try {
        micSource.disconnect();
      } catch {
        /* not connected */
      }
      if (!planeHasMic) micSource.connect(dest);
    }
  };

  const start = async () => {
    setState("asking");
    try {
      ctx = new AudioContext();
      await ctx.resume().catch(() => {});
      dest = ctx.createMediaStreamDestination();
      const plane = window.__mafiaMesh;
      if (!plane?.publicOutput || !plane.hasMicrophone) {
        mic = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } }).catch(() => null);
        if (mic) micSource = ctx.createMediaStreamSource(mic);
      }
      bridge();
      if (micSource && !bridged) micSource.connect(dest);
      if (!mic && !plane) return setState("denied");
      watch = setInterval(bridge, 1_000);
      setState("ready");
    } catch {
      setState("denied");
    }
  };

  /** The chunk number the next upload of this game takes (set by the first item of its queue). */
  let index = 0;

  /** One chunk up, retried with a growing wait; a chunk that cannot be stored ends this game's recording. */
  const send = (n: number, blob: Blob) => {
    const keepalive = hurry && blob.size <= KEEPALIVE_BYTES;
    const upload = async () => {
      if (dropped || failed) return;
      for (let i = 0; i < TRIES; i++) {
        try {
          const info = await uploadChunk(props.ctl.code, n, index, props.token, blob, keepalive);
          index++;
          setStored(index);
          if (recorder?.state !== "recording" || game() !== n) {
            const date = new Intl.DateTimeFormat(LOCALE[lang()], { dateStyle: "medium", timeStyle: "short" }).format(info.expiresAt);
            setNote(tr("recorder.uploaded", { n, date }));
          }
          return;
        } catch (e) {
          const status = (e as { status?: number }).status ?? 0;
          // A refusal (not a network failure or a server fault) will not change on a retry.
          if ((status >= 400 && status < 500 && status !== 429) || i === TRIES - 1) {
            failed = true;
            setNote(tr("recorder.failed", { n, why: errorText((e as { code?: string }).code ?? "generic", (e as Error).message) }));
            recorder?.state === "recording" && recorder.stop();
            return;
          }
          await sleep(1_000 * 2 ** i);
        }
      }
    };
    const job = async () => {
      try {
        await upload();
      } finally {
        queued--;
      }
    };
    // A closing page's chunk must start inside the pagehide event to outlive the page: when nothing is
    // queued it starts at once (its fetch is called before the first await), else it waits its turn.
    queue = queued++ === 0 && keepalive ? job() : queue.then(job);
  };

  const begin = (n: number) => {
    if (!dest) return;
    const type = mimeType()!;
    const r = new MediaRecorder(dest.stream, { mimeType: type, audioBitsPerSecond: 32_000 });
    let bytes = 0;
    failed = false;
    pieces = [];
    cutAt = performance.now();
    // A page opened again mid-game continues after the chunks already stored (the queue's first item).
    queued++;
    queue = queue.then(async () => {
      try {
        index = await nextChunk(props.ctl.code, n, props.token);
      } finally {
        queued--;
      }
    });
    /** Send the pieces held as one chunk. */
    const cut = () => {
      if (pieces.length === 0) return;
      const blob = new Blob(pieces, { type: pieces[0]!.type || type });
      pieces = [];
      cutAt = performance.now();
      send(n, blob);
    };
    cutNow = cut;
    r.ondataavailable = (e) => {
      if (dropped || e.data.size === 0) return;
      bytes += e.data.size;
      if (bytes > RECORDING_MAX_BYTES) {
        setNote(errorText("too-large"));
        if (r.state === "recording") r.stop();
        return;
      }
      pieces.push(e.data);
      // A chunk's worth (half a slice early: the slices do not fall exactly on time), or the page is going.
      if (hurry || performance.now() - cutAt >= RECORDING_CHUNK_MS - SLICE_MS / 2) cut();
      hurry = false;
    };
    r.onstop = () => {
      if (dropped) return;
      // The last piece came just before this: what is held goes up now.
      cut();
      setState("uploading");
      void queue.then(() => {
        if (!dropped) setState("ready");
      });
    };
    r.start(SLICE_MS);
    setStartedAt(performance.now());
    recorder = r;
    setGame(n);
    setStored(0);
    setState("recording");
    setNote(null);
  };

  // Each game is one recording: it starts with the game and is uploaded at its end.
  createEffect(() => {
    const v = props.ctl.state.view;
    const s = state();
    if (!v || (s !== "ready" && s !== "recording")) return;
    if (v.status === "playing" && s === "ready") begin(v.series.game);
    else if (v.status !== "playing" && s === "recording" && recorder?.state === "recording") recorder.stop();
  });

  // Hidden (a phone locked, another tab) or closing: the pieces held go up at once (inside this event,
  // with `keepalive` when small enough to outlive the page), then the recorder hands over what it has since.
  let closing = false;
  const leaving = () => {
    if (document.visibilityState === "visible" && !closing) return;
    if (recorder?.state !== "recording") return;
    hurry = true;
    cutNow?.();
    recorder.requestData();
  };
  const onPageHide = () => {
    closing = true;
    leaving();
  };
  document.addEventListener("visibilitychange", leaving);
  window.addEventListener("pagehide", onPageHide);

  onCleanup(() => {
    document.removeEventListener("visibilitychange", leaving);
    window.removeEventListener("pagehide", onPageHide);
    // Unmounted: the switch went off (or the page closes) — nothing more is kept or sent.
    dropped = true;
    clearInterval(watch);
    if (recorder?.state === "recording") recorder.stop();
    mic?.getTracks().forEach((t) => t.stop());
    bridged?.source.disconnect();
    void ctx?.close().catch(() => {});
  });

  return (
    <section class="panel recorder" aria-labelledby="recorder-title" data-recorder data-state={state()} data-game={game() ?? ""} data-chunks={stored()} data-started-at={startedAt() ?? ""}>
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
            ? stored() > 0 ? tr("recorder.sent", { n: game() ?? 0, k: stored() }) : tr("recorder.recording", { n: game() ?? 0 })
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
