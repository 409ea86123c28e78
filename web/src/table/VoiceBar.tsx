/**
 * The player's voice bar under the banners — the floor line ("You have the floor" / "Your
 * microphone is off", always visible), what happened to the permissions, and the controls: microphone
 * only, play without voice, camera on/off, the low-bandwidth mode, "Use voice here" (another tab held
 * the media) and the push-to-talk button during this player's own shout (pointer held, or Space / Enter
 * held with the focus on the table). Mobile first: the controls are one row on a 360 px screen (the video quality
 * behind "more").
 */
import { createEffect, For, onCleanup, Show } from "solid-js";
import { t, tk } from "../i18n/index.ts";
import { BANDWIDTHS, type Bandwidth } from "../media/prefs.ts";
import type { Voice } from "./voice.ts";

/** Keys that hold the talk control (Space anywhere on the table but a form field or another button). */
const isTalkKey = (e: KeyboardEvent) => e.key === " " || e.code === "Space";

function busyTarget(target: EventTarget | null, ptt: HTMLElement | undefined): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (ptt && (target === ptt || ptt.contains(target))) return false;
  return !!target.closest("input, textarea, select, button, a, summary, [contenteditable]");
}

export function VoiceBar(props: { voice: Voice; floorMine: boolean; night: boolean; delayMs?: number; lobby?: boolean }) {
  const v = () => props.voice;
  const st = () => v().state;
  let ptt: HTMLButtonElement | undefined;

  const line = () => {
    const s = st();
    if (s.status === "declined") return t("voice.declined");
    if (s.status === "elsewhere") return t("voice.elsewhere");
    if (s.status === "closed") return tk("voice.closed", s.refused ?? "media-closed");
    // The spectator, the host and the consigliere each have their own line.
    if (s.role === "spectator") return s.status === "on" ? ((props.delayMs ?? 0) > 0 ? t("voice.listening.delayed", { s: Math.round((props.delayMs ?? 0) / 1000) }) : t("voice.listening")) : "";
    if (s.status === "on" && s.mic === "denied") return t("voice.denied");
    // "Mute me" says itself (nothing about the role: the same at night for everyone).
    if (s.status === "on" && s.selfMuted) return t("voice.selfMuted");
    // The lobby's voice, everyone to everyone.
    if (props.lobby) return s.status === "on" ? t("voice.lobby") : "";
    if (s.role === "host") return t("voice.host.line");
    if (s.role === "consigliere") return props.night ? t("voice.advisor.night") : t("voice.advisor.line");
    // RULES.md §8 the host's mute: the muted player is told, and by whom.
    if (s.muted) return t("voice.muted");
    if (props.night) return t("voice.night");
    return props.floorMine ? t("voice.floor") : t("voice.micOff");
  };
  const holdText = () => (st().role === "consigliere" ? (st().holding ? t("voice.advisor.talking") : t("voice.advisor.hold")) : st().role === "host" ? (st().holding ? t("voice.ptt.talking") : t("voice.host.talk")) : st().holding ? t("voice.ptt.talking") : t("voice.ptt.hold"));

  // Space held on the table: talk while it is down (only while push-to-talk is in force).
  createEffect(() => {
    if (!st().ptt) return;
    const down = (e: KeyboardEvent) => {
      if (!isTalkKey(e) || busyTarget(e.target, ptt)) return;
      e.preventDefault();
      if (!e.repeat) v().hold(true);
    };
    const up = (e: KeyboardEvent) => {
      if (!isTalkKey(e)) return;
      if (st().holding) e.preventDefault();
      v().hold(false);
    };
    const blur = () => v().hold(false);
    document.addEventListener("keydown", down);
    document.addEventListener("keyup", up);
    window.addEventListener("blur", blur);
    onCleanup(() => {
      document.removeEventListener("keydown", down);
      document.removeEventListener("keyup", up);
      window.removeEventListener("blur", blur);
    });
  });

  return (
    <div class="voice-bar" data-voice-bar={st().status}>
      <p class="voice-line" classList={{ live: props.floorMine && !props.night && !st().muted }} role="status" data-voice-floor={props.floorMine ? "yes" : "no"} data-voice-status={st().status} data-voice-mic={st().mic} data-voice-role={st().role ?? ""} data-voice-muted={st().muted ? "yes" : "no"}>
        {line()}
        <Show when={st().status === "on" && st().mic === "on" && st().camera === "denied"}>
          {" "}
          <span data-voice-note="no-camera">{t("voice.noCamera")}</span>
        </Show>
      </p>
      <div class="voice-controls">
        {/* The self level meter — what my microphone captures now (0 while muted); compact, beside "Mute me". */}
        <Show when={st().status === "on" && st().mic === "on" && st().role !== "spectator"}>
          <span class="voice-level-box" title={t("voice.level")}>
            <svg class="voice-level-icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1a7 7 0 0 0 6-6.9h-2z" /></svg>
            <span class="sr-only" id="voice-level-label">{t("voice.level")}</span>
            <meter class="voice-level" min={0} max={1} low={0.05} value={st().level} aria-labelledby="voice-level-label" data-voice-level={st().level > 0.05 ? "on" : "off"} />
          </span>
        </Show>
        <Show when={st().status === "off" || st().status === "failed"}>
          <button type="button" class="btn small" data-voice-mic-only onClick={() => v().join(true)}>
            {t("voice.micOnly")}
          </button>
          <button type="button" class="btn small" data-voice-decline onClick={() => v().decline()}>
            {t("voice.without")}
          </button>
        </Show>
        <Show when={st().status === "on" && st().mic === "denied"}>
          <button type="button" class="btn small" data-voice-retry onClick={() => v().join()}>
            {t("voice.retry")}
          </button>
        </Show>
        <Show when={st().status === "elsewhere"}>
          <button type="button" class="btn small" data-voice-here onClick={() => v().join()}>
            {t("voice.here")}
          </button>
        </Show>
        <Show when={st().status === "closed"}>
          <button type="button" class="btn small" data-voice-retry onClick={() => v().join()}>
            {t("voice.retry")}
          </button>
        </Show>
        <Show when={st().status === "on" && st().role === "host" && st().mic === "on"}>
          <label class="voice-mode">
            <span>{t("voice.host.mic")}</span>{" "}
            <select data-voice-host-mic value={st().hostMic} onChange={(e) => v().setHostMic(e.currentTarget.value === "open" ? "open" : "ptt")}>
              <option value="ptt" selected={st().hostMic === "ptt"}>{t("voice.host.mic.ptt")}</option>
              <option value="open" selected={st().hostMic === "open"}>{t("voice.host.mic.open")}</option>
            </select>
          </label>
        </Show>
        {/* "Mute me" — the captured microphone is disabled at once (every link sends silence). */}
        <Show when={st().status === "on" && st().mic === "on" && st().role !== "spectator"}>
          <button type="button" class="btn small" classList={{ danger: st().selfMuted }} data-voice-mute={st().selfMuted ? "on" : "off"} onClick={() => v().setSelfMuted(!st().selfMuted)}>
            {st().selfMuted ? t("voice.unmute") : t("voice.mute")}
          </button>
        </Show>
        <Show when={st().status === "on"}>
          <button type="button" class="btn small ghost" data-voice-leave onClick={() => v().leave()}>
            {t("voice.leave")}
          </button>
        </Show>
        <Show when={st().status === "on" && st().role !== "spectator"}>
          {/* The lobby's floor carries no camera: the switch appears with the game. */}
          <Show when={(st().camera === "on" || st().camera === "off") && st().bandwidth !== "audio" && !props.lobby}>
            <button type="button" class="btn small" aria-pressed={st().camera === "on"} data-voice-camera={st().camera} onClick={() => v().setCamera(st().camera !== "on")}>
              {st().camera === "on" ? t("voice.camera.on") : t("voice.camera.off")}
            </button>
          </Show>
          {/* The quality setting is changed rarely: behind "more", so the controls stay one row on a 360 px phone. */}
          <details class="voice-more">
            <summary class="btn small" data-voice-more>
              <span aria-hidden="true">⋯</span>
              <span class="sr-only">{t("voice.more")}</span>
            </summary>
            <div class="voice-more-panel">
              <label class="voice-mode">
                <span>{t("voice.bandwidth")}</span>{" "}
                <select data-voice-bandwidth value={st().bandwidth} onChange={(e) => v().setBandwidth(e.currentTarget.value as Bandwidth)}>
                  <For each={BANDWIDTHS}>{(m) => <option value={m} selected={st().bandwidth === m}>{tk("voice.bandwidth", m)}</option>}</For>
                </select>
              </label>
            </div>
          </details>
        </Show>
      </div>
      <Show when={st().status === "on" && st().ptt && st().mic === "on"}>
        <div class="ptt-row">
          <button
            ref={ptt}
            type="button"
            class="btn ptt"
            classList={{ talking: st().holding }}
            aria-pressed={st().holding}
            aria-describedby="ptt-hint"
            data-ptt={st().holding ? "talking" : "hold"}
            onPointerDown={(e) => {
              e.preventDefault();
              e.currentTarget.setPointerCapture?.(e.pointerId);
              v().hold(true);
            }}
            onPointerUp={() => v().hold(false)}
            onPointerCancel={() => v().hold(false)}
            onLostPointerCapture={() => v().hold(false)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.repeat) {
                e.preventDefault();
                v().hold(true);
              }
            }}
            onKeyUp={(e) => {
              if (e.key === "Enter") v().hold(false);
            }}
            onClick={(e) => e.preventDefault()}
            onContextMenu={(e) => e.preventDefault()}
          >
            {holdText()}
          </button>
          <span id="ptt-hint" class="muted small">{t("voice.ptt.hint")}</span>
        </div>
      </Show>
    </div>
  );
}
