/**
 * The table screen, drawn from one controller (live socket, or a fixture on the dev page).
 * Everything here is presentation of `state.view`; intents go out through `ctl.act`.
 */
import { createEffect, createMemo, createResource, createSignal, For, lazy, Match, on, onCleanup, onMount, type ParentProps, Show, Suspense, Switch } from "solid-js";
import { isCarCrash, isDayToCount, isVotePhase } from "../../../shared/engine/phase-kinds.ts";
import type { GameView, PlayerAction, Seat, SeatView } from "../../../shared/engine/types.ts";
import { howPath } from "../lib/router.ts";
import { MarkLegend } from "./MarkLegend.tsx";
import { api } from "../lib/api.ts";
import { loadParts, t, tk } from "../i18n/index.ts";
import { withParts } from "../routes.ts";
import type { SavedTable } from "../lib/seats-store.ts";
import { Header } from "../ui/Header.tsx";
import { Notice } from "../ui/Notice.tsx";
import { ActionBar } from "./ActionBar.tsx";
import { isOneTap, pickingOf, SHOT_KEY, tapVotes, toggleSeat, withVoteChange } from "./picking.ts";
import { activeAnnouncements, type AnnouncementCache, standingChoice } from "./announce.ts";
import { marksOf, nightNotes, outState, planTarget } from "./mine.ts";
import type { TableController } from "./controller.ts";
import { formatEntry, GameLog } from "./GameLog.tsx";
import { type ClaimBadges, Oval, type SeatFlags } from "./Oval.tsx";
import { marksShown, narration, phaseLine, setNarration, speak } from "./phase.ts";
import { RolePeek } from "./RolePeek.tsx";
import { SheetTimer, TimerRing } from "./TimerRing.tsx";
import { ShareCode } from "./ShareCode.tsx";
import { Announcements, announcementText, DelayBanner, HostAwayNotice, HostingBanner, PauseBanner } from "./Banners.tsx";
import { awayShort, awayText, createNow } from "./presence.ts";
import { createVoice, floorOfView, MAX_LISTEN_DELAY_MS, mediaSelf, type Voice } from "./voice.ts";
import { HintLine } from "./HintLine.tsx";
import { cue, cueOn, setCue } from "./cue.ts";
import { hasMove, hasOwnMove, markOf, missedMove, MOVE_TYPES, type MissedKind, type MoveMark } from "./moves.ts";
import { liveReports, savedNights, tallyBySeat, tallyPanel } from "./nightInfo.ts";
import { speaksNow } from "../../../shared/media/floor.ts";
import { removedForFouls, voterTurn } from "./turns.ts";
import { allowsConsigliere, consiglieriBySeat } from "./advisor.ts";
import { compositionOf, cursedSeats, defenceOf, witnessedSeat } from "./club.ts";
import { claimMark, latestClaimsFold } from "./claims.ts";
import { shownName } from "./names.ts";

/*
 * Parts of the table only some connections ever show, as chunks of their own (the table
 * route's JS budget, docs/UI.md "Size"): the end of the game, the live host's and the organizer's
 * panels, and the consigliere's invitation and whispers (tatar only).
 */
const EndScreen = lazy(() => withParts(import("./EndScreen.tsx"), "panels").then((m) => ({ default: m.EndScreen })));
const HostPanel = lazy(() => withParts(import("./HostPanel.tsx"), "panels").then((m) => ({ default: m.HostPanel })));
const OrganizerPanel = lazy(() => withParts(import("./OrganizerPanel.tsx"), "panels", "pages").then((m) => ({ default: m.OrganizerPanel })));
/** RULES.md §6.11: the organizer's recorder (web/src/record/TableRecorder.tsx), a lazy chunk. */
const TableRecorder = lazy(() => import("../record/TableRecorder.tsx"));
const ConsiglierePanel = lazy(() => withParts(import("./Consigliere.tsx"), "panels").then((m) => ({ default: m.ConsiglierePanel })));
// Seen rarely (kept out of the landing JS): the end's "play again", the profiles' private panels.
const PlayAgain = lazy(() => withParts(import("./PlayAgain.tsx"), "panels"));
const nightPanels = () => withParts(import("./NightPanels.tsx"), "panels");
const TallyBox = lazy(() => nightPanels().then((m) => ({ default: m.TallyBox })));
const ReportBox = lazy(() => nightPanels().then((m) => ({ default: m.ReportBox })));
const NoVote = lazy(() => nightPanels().then((m) => ({ default: m.NoVote })));
/*
 * The lobby, and what a table shows only now and then, as chunks of their own too: the lobby's room
 * (under a "loading" line until it is here, a view's round trip after the page), the join and come-back
 * forms (shared with the home page; the join form's fetch starts with the page when this device holds no
 * seat here), the voice bar (its line and controls; the voice itself starts only on "Join voice"), the
 * chat, and the take-over offer while the host is away.
 */
const WaitingRoom = lazy(() => withParts(import("./WaitingRoom.tsx"), "panels").then((m) => ({ default: m.WaitingRoom })));
const forms = () => import("../home/forms.tsx");
const JoinHereForm = lazy(() => forms().then((m) => ({ default: m.JoinHereForm })));
const ComeBackForm = lazy(() => forms().then((m) => ({ default: m.ComeBackForm })));
const VoiceBar = lazy(() => withParts(import("./VoiceBar.tsx"), "panels").then((m) => ({ default: m.VoiceBar })));
const ChatPanel = lazy(() => withParts(import("./Chat.tsx"), "panels").then((m) => ({ default: m.ChatPanel })));
const TakeoverButtons = lazy(() => withParts(import("./Takeover.tsx"), "panels").then((m) => ({ default: m.TakeoverButtons })));
/** The face-down role card under the action bar: fetched once a seat is dealt (below), with the role texts it shows face up; nothing waits for them. */
const roleCard = () => import("./RoleCard.tsx");
const RoleCard = lazy(() => roleCard().then((m) => ({ default: m.RoleCard })));

function ReturnCodeBox(props: { code: string | null }) {
  return (
    <Show when={props.code}>
      {(code) => (
        <details class="panel return-code">
          <summary>{t("table.returnCode")}</summary>
          <p>
            <strong class="code" data-return-code={code()}>
              {code()}
            </strong>
          </p>
          <p class="muted small">{t("table.returnCode.about")}</p>
        </details>
      )}
    </Show>
  );
}

/**
 * Private night results of this player, as their view states them (city, RULES.md §3 / §7.6): Putana's freeze
 * on them, and a check that the freeze cancelled. Check results themselves are on the role card.
 * §5.3, §5.6: a blocked checker (and a blocked Tracker or Watcher) reads "result
 * unavailable", never who blocked them.
 * Shown from that night to the end of the next day, never once the player is out (mine.ts nightNotes).
 */
function NightNotes(props: { game: GameView }) {
  const mine = createMemo(() => nightNotes(props.game));
  return (
    <Show when={mine().length > 0}>
      <div class="panel night-notes" role="status" data-night-notes>
        <For each={mine()}>
          {(e) => (
            <p data-private={e.type}>
              <span aria-hidden="true">❄ </span>
              {e.type === "frozen" ? t("night.frozen") : t("night.resultUnavailable", { target: e.target })}
            </p>
          )}
        </For>
      </div>
    </Show>
  );
}

function ConnPill(props: { conn: string }) {
  return (
    <span class={`conn conn-${props.conn}`} role="status" data-conn={props.conn}>
      <span aria-hidden="true">{props.conn === "open" ? "●" : "◌"} </span>
      {tk("conn", props.conn)}
    </span>
  );
}

function Shell(props: ParentProps<{ ctl: TableController; voice?: Voice; canVoice?: boolean; listen?: boolean }>) {
  return (
    <>
      <Header>
        <span class="table-code" title={t("table.title", { code: props.ctl.code })}>
          <span class="sr-only">{t("table.share")} </span>
          {props.ctl.code}
        </span>
        <ConnPill conn={props.ctl.state.conn} />
        {/* Recording is shown to everyone while it is on (players, the dead, spectators, the lobby). */}
        <Show when={props.ctl.state.view?.options.recording}>
          <span class="rec-mark" role="status" title={t("rec.title")} data-recording>
            <span aria-hidden="true">● </span>
            {t("rec.on")}
          </span>
        </Show>
        {/* Voice and video start on the player's gesture (phones prompt and play only after one). */}
        <Show when={props.canVoice && props.voice && props.voice.state.status !== "on" && props.voice.state.status !== "elsewhere"}>
          <button type="button" class="btn small voice-join" data-voice-join={props.voice!.state.status} disabled={props.voice!.state.status === "asking"} onClick={() => props.voice!.join()}>
            {props.voice!.state.status === "failed" ? t("voice.retry") : props.voice!.state.status === "elsewhere" ? t("voice.here") : props.listen ? t("voice.listen") : t("voice.join")}
          </button>
        </Show>
        {/* The rules of this table's format in a new tab — the table stays connected here. */}
        <a class="icon-btn how-link" href={howPath(props.ctl.state.view?.presetId)} target="_blank" rel="noopener" aria-label={t("how.newTab")} title={t("how.newTab")} data-how-table>
          ?
        </a>
{/* The chime and vibration when a night move starts (on by default). */}
        <button type="button" class="icon-btn" aria-pressed={cueOn()} aria-label={cueOn() ? t("cue.on") : t("cue.off")} title={cueOn() ? t("cue.on") : t("cue.off")} data-cue={cueOn() ? "on" : "off"} onClick={() => setCue(!cueOn())}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 3a6 6 0 00-6 6v4l-2 3h16l-2-3V9a6 6 0 00-6-6zM10 19a2 2 0 004 0" />
            <Show when={!cueOn()}>
              <path d="M4 4l16 16" stroke="currentColor" stroke-width="2" />
            </Show>
          </svg>
        </button>
{/* No voice-over at a live-host table (§5.7): the button goes away. */}
        <Show when={props.ctl.state.view?.narration !== false}>
                <button type="button" class="icon-btn" aria-pressed={narration()} aria-label={narration() ? t("narration.on") : t("narration.off")} title={narration() ? t("narration.on") : t("narration.off")} onClick={() => setNarration(!narration())}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M3 9v6h4l5 4V5L7 9H3z" />
            <Show when={narration()} fallback={<path d="M16 9l6 6m0-6l-6 6" stroke="currentColor" stroke-width="2" />}>
              <path d="M15.5 8.5a5 5 0 010 7M18.5 5.5a9 9 0 010 13" stroke="currentColor" stroke-width="2" fill="none" />
            </Show>
          </svg>
        </button>
        </Show>
      </Header>
      <main id="main" class="table-main">
        <Notice notice={props.ctl.state.notice} onClose={props.ctl.dismiss} />
        {props.children}
      </main>
    </>
  );
}

/** After close 4001 (the seat went to a bot): say so, offer to watch as a spectator. */
function SeatTaken(props: { onWatch?: () => void }) {
  return (
    <section class="panel closed" role="alert" data-closed="seat-taken-by-bot">
      <h2>{t("closed.bot.title")}</h2>
      <p>{t("closed.bot.text")}</p>
      <Show when={props.onWatch}>
        <button type="button" class="btn primary" data-watch onClick={() => props.onWatch?.()}>
          {t("closed.watch")}
        </button>
      </Show>
    </section>
  );
}

export function TablePage(props: { ctl: TableController; saved: SavedTable | null; onSeated?: (s: SavedTable) => void; onWatch?: () => void; info?: string | null }) {
  const st = props.ctl.state;
  const now = createNow(props.ctl.clock);
  // The table opens at its top, not where the browser kept the previous page's scroll
  // (a reload, or a long form's submit that rendered the table before the old page was gone).
  onMount(() => {
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    window.scrollTo(0, 0);
  });
  const isHost = () => st.identity?.kind === "host";
  const lobbyBySeat = createMemo(() => new Map((st.view?.lobby ?? []).filter((p) => p.seat != null).map((p) => [p.seat!, p])));
  const awayOf = (seat: Seat) => {
    const p = lobbyBySeat().get(seat);
    const since = p?.awaySince ?? null;
    return since == null ? t("seat.away") : awayText(since, now(), props.ctl.clock, p?.neverConnected);
  };
  const awayShortOf = (seat: Seat) => {
    const p = lobbyBySeat().get(seat);
    return p?.awaySince == null ? t("away.short.now") : awayShort(p.awaySince, now(), props.ctl.clock, p.neverConnected);
  };
  const pending = createMemo(() => new Set(st.view?.game?.host?.pending ?? []));
  const table = () => st.view;
  const game = () => st.view?.game ?? null;
  const you = () => game()?.you ?? null;
  // A device with no seat here will likely join from the lobby: its join form's chunk comes with the page.
  if (!props.saved) void forms();
  // The role card and its descriptions arrive once the game is on; nothing waits for them. The memo
  // keeps this off the per-frame path: it changes when a seat is dealt, not with every view frame.
  const dealtSeat = createMemo(() => !!game()?.you);
  createEffect(() => {
    if (!dealtSeat()) return;
    void roleCard();
    void loadParts("roles");
  });
  // The table's voice (the mesh loads on "Join voice"); a seated player, the live host,
  // a consigliere or a listening spectator, each as its media peer.
  const voice = createVoice(props.ctl);
  const media = createMemo(() => mediaSelf(st.identity, st.view, props.ctl.mediaPeer));
  // Read from the floor itself: the media plan (media/plan.ts) comes with the mesh, after "Join voice".
  const floorMine = () => voice.state.status === "on" && speaksNow(floorOfView(st.view ?? null), media()?.me ?? null);
  // RULES.md §8 spectators listen where the table lets them (its option); every other media page may join.
  // A delayed spectator's page plays every voice through a delay line of the table's delay; the browser's
  // DelayNode holds under three minutes, so a longer delay offers no listening (docs/MEDIA.md).
  // The lobby's voice runs on the mesh (the SFU plane serves the game only).
  const canVoice = () => { const m = media(); return !!m && (st.view?.status !== "lobby" || props.ctl.mediaMode !== "sfu") && (m.role !== "spectator" || (!!st.view?.options.spectatorsHear && (st.view?.delayMs ?? 0) <= MAX_LISTEN_DELAY_MS)); };
  // The speaker's spotlight — the current speaker's video shown large above the oval (not
  // inside the 70×50 px seat tile), in the page's flow under the voice bar so it never covers its controls.
  const spotlight = createMemo(() => {
    const g = game();
    const seat = g?.speaker ?? null;
    if (seat === null || voice.state.status !== "on" || !voice.state.video[seat] || seat === media()?.me) return null;
    return seat;
  });
  // At night the line says the same to everyone: "you have the floor" on a black player's screen would show
  // an onlooker what the hidden role card hides (RULES.md §2.1, §2.2); the black team's microphones still work.
  const nightNow = () => game()?.night ?? false;

  // Every offered action that takes seats (a role may hold two abilities in one step, e.g. shoot or check).
  // §7.3: in turn, a cast vote may still be changed (ballot.change), offered as the same vote.
  const offered = createMemo(() => withVoteChange(you()?.actions ?? [], game()?.ballot));
  const pickings = createMemo(() => offered().flatMap((a) => pickingOf(a) ?? []));
  /** The seat picked for a nomination in one's own speech and not sent yet (still offered). */
  const pendingNomination = (): Seat | null => {
    const c = chosen();
    if (c?.key !== "nominate" || c.seats.length !== 1) return null;
    const offer = offered().find((x) => x.type === "nominate");
    return offer?.type === "nominate" && offer.targets.includes(c.seats[0]!) ? c.seats[0]! : null;
  };
  const [chosen, setChosen] = createSignal<{ key: string; seats: Seat[] } | null>(null);
  // The one the oval serves: the action being chosen for, else the first offered.
  const picking = createMemo(() => {
    const all = pickings();
    const key = chosen()?.key;
    return all.find((p) => p.key === key) ?? all[0] ?? null;
  });
  // A new phase clears the choice; the mafia's shot starts on tonight's seat of the Don's shooting
  // plan (pre-selected, still the player's own choice to confirm or change; only the black
  // team's views carry the plan, §2.2).
  const tally = createMemo(() => {
    const g = game();
    if (!g) return null;
    return tallyPanel(g);
  });
  // What the team is choosing now comes first — the seat the team's tally leads with (§5.2,
  // another holder's live choice) — then the Don's plan; a choice the player made is never replaced.
  const planSeat = createMemo((): { seat: Seat; by: "team" | "plan" } | null => {
    const p = pickings().find((x) => x.key === SHOT_KEY);
    if (!p) return null;
    const panel = tally();
    const lead = panel && panel.mine === null ? [...panel.tally].sort((a, b) => b.votes - a.votes)[0]?.seat : undefined;
    if (lead !== undefined && p.targets.includes(lead)) return { seat: lead, by: "team" };
    const plan = planTarget(you(), p.targets);
    return plan !== null ? { seat: plan, by: "plan" } : null;
  });
  /** Whether the player picked in this stage themselves (a pre-selection then stays out of the way). */
  let pickedByHand = false;
  createEffect(
    on(
      () => game()?.phaseSeq,
      () => {
        pickedByHand = false;
        const pre = planSeat();
        setChosen(pre !== null ? { key: SHOT_KEY, seats: [pre.seat] } : null);
      },
    ),
  );
  createEffect(
    on(planSeat, (pre) => {
      if (pre !== null && !pickedByHand) setChosen({ key: SHOT_KEY, seats: [pre.seat] });
    }, { defer: true }),
  );

  // Narrate the new announcements and the phase changes (not the snapshot the page opened on); a
  // player's own confirmations are never said aloud.
  const narrated = new Set<string>();
  let primed = false;
  // The narration's announcements, made once per entry for this seat and these names (announce.ts AnnouncementCache).
  const narrationMade = createMemo(() => {
    for (const s of game()?.seats ?? []) void s.nickname;
    void you()?.seat;
    return new WeakMap() as AnnouncementCache;
  });
  createEffect(
    on(
      () => [game()?.phase, game()?.logUpTo] as const,
      ([phase], prev) => {
        const g = game();
        if (!g) return;
        const fresh = activeAnnouncements(g.log, g.you?.seat ?? null, props.ctl.clock.now() - (st.view?.delayMs ?? 0), { seats: g.seats, max: 6, made: narrationMade() })
          .filter((a) => !a.mine && !narrated.has(a.id))
          .reverse();
        for (const a of fresh) narrated.add(a.id);
        if (!primed) {
          primed = true;
          return;
        }
        if (st.view?.narration === false) return;
        const lines = fresh.map(announcementText);
        const prevPhase = prev?.[0];
        if (phase && prevPhase !== undefined && phase !== prevPhase) {
          const line = phaseLine(phase, st.view?.presetId);
          if (line) lines.push(line);
        }
        speak(lines);
      },
    ),
  );

  // The view says whether it is night (one definition, in the engine).
  const night = createMemo(() => !!game()?.night);
  createEffect(() => document.body.classList.toggle("night", night()));
  onCleanup(() => document.body.classList.remove("night"));

  const connected = createMemo(() => new Set(table()?.connected ?? []));
  // How the game starts (sport: when full; city: the organizer's command). Not in the TableView, so
  // the lobby asks the table's public summary once.
  const [startMode] = createResource(
    () => (table()?.status === "lobby" ? props.ctl.code : null),
    (code) => api.summary(code).then((s) => s.start as string, () => null),
  );
  const endRoles = createMemo(() => new Map((game()?.result?.roles ?? []).map((r) => [r.seat, r])));
  // Private marks on the oval beyond the teammates: only while the role card is face up and the player asked for them.
  const [cardOpen, setCardOpen] = createSignal(false);
  // §6 the Witness's black seat (his own log only): on his card, and among his marks.
  // The nights this player was attacked and survived, and what saved them (their card).
  const savedOnCard = createMemo(() => {
    const g = game();
    return g ? savedNights(g) : [];
  });
  const witnessed = createMemo(() => {
    const g = game();
    return g ? witnessedSeat(g) : null;
  });
  // The teammates always (mine.ts marksOf); the rest only with the card face up and "show my marks" on.
  const marks = createMemo(() => (game()?.result ? null : marksOf(you(), witnessed(), cardOpen() && marksShown())));
  // RULES.md §6: the composition announced at the start, today's candidates and dropped, the cursed.
  const composition = createMemo(() => compositionOf(game() ?? {}));
  const defence = createMemo(() => {
    const g = game();
    return g ? defenceOf(g) : null;
  });
  const cursed = createMemo(() => cursedSeats(game() ?? {}));
  const out = createMemo(() => {
    const g = game();
    return g ? outState(g) : null;
  });

  const flags = (s: SeatView): SeatFlags => {
    const p = picking();
    const c = chosen();
    const r = endRoles().get(s.seat);
    const order = p && p.max > 1 && c?.key === p.key ? c.seats.indexOf(s.seat) + 1 : 0;
    return {
      order: order > 0 ? order : null,
      tally: tallyCounts().get(s.seat) ?? null,
      judge: !!game()?.ballot && !game()?.result && judges().has(s.seat),
      voterTurn: voter()?.seat === s.seat,
      you: s.seat === you()?.seat,
      connected: s.bot ? null : connected().has(s.seat),
      targetable: !!p && p.targets.includes(s.seat),
      chosen: !!p && c?.key === p.key && c.seats.includes(s.seat),
      // The live host sees every role on the oval; players only at the end (from the result).
      endRole: r ? { role: r.role, team: r.team } : isHost() && s.role && s.team ? { role: s.role, team: s.team } : null,
      pending: pending().has(s.seat),
      away: s.bot || connected().has(s.seat) ? null : awayOf(s.seat),
      mark: marks()?.get(s.seat) ?? null,
      awayShort: s.bot || connected().has(s.seat) ? null : awayShortOf(s.seat),
      talking: !!voice.state.speaking[s.seat],
      video: voice.state.video[s.seat] && spotlight() !== s.seat ? voice.videoOf(s.seat) : null,
      // With voice on, a person's tile holds their video or, without it, their initial.
      placeholder: voice.state.status === "on" && !s.bot,
      consigliere: consiglieri().get(s.seat) ?? null,
      candidate: !!defence()?.candidates.includes(s.seat),
      dropped: !!defence()?.dropped.includes(s.seat),
      cursed: cursed().has(s.seat),
      claims: claims().get(s.seat) ?? null,
    };
  };
  // Each seat's latest public claims, from the log: short badges, and their words for the label.
  // The log's claims change only with a new claim (claims.ts latestClaimsFold): the badges, and every
  // seat reading them, wait for that instead of running on every frame.
  const claimsFold = latestClaimsFold();
  const latest = createMemo(() => claimsFold(game()?.log ?? []));
  const claims = createMemo(() => {
    const out = new Map<Seat, ClaimBadges>();
    for (const [seat, c] of latest()) {
      out.set(seat, { role: c.role && `${tk("role", c.role)}?`, say: c.say?.kind === "role" ? null : c.say && claimMark(c.say), label: c.entries.map((e) => formatEntry(e)).join("; ") });
    }
    return out;
  });
  // §7.10: the seats with a consigliere (public), marked on the oval.
  const consiglieri = createMemo(() => consiglieriBySeat(st.view));

  // A move the stage waited for and the player did not make ("you did not vote / shoot /
  // check"), told once the stage is over; cleared by the next move or its ✕ (moves.ts).
  const [missed, setMissed] = createSignal<MissedKind | null>(null);
  const sentIn = new Set<number>();
  let lastMark: MoveMark | null = null;
  createEffect(() => {
    const g = game();
    if (!g) return;
    const m = missedMove(lastMark, g, sentIn);
    if (m) setMissed(m);
    lastMark = markOf(g);
  });
  /** While the player has a timed move, the action panel is the top layer and the banners fold. */
  const urgent = createMemo(() => hasMove(offered()));
  // A night move starts — into view (the bottom sheet on an upright phone; elsewhere a scroll),
  // with a chime and a vibration (cue.ts, a setting).
  createEffect(
    on(
      () => (urgent() && game()?.night ? game()?.phaseSeq : null),
      (seq, prev) => {
        if (seq == null || seq === prev) return;
        cue();
        queueMicrotask(() => document.querySelector("section.actions.urgent")?.scrollIntoView({ block: "nearest" }));
      },
    ),
  );

  /** A tap on a seat of the offered action with this key (in the bar or on the oval): picking.ts toggleSeat. */
  const toggle = (key: string, seat: Seat) => {
    const p = pickings().find((x) => x.key === key);
    if (!p) return;
    // A vote in turn is one tap (changeable within the turn).
    if (tapVotes(p, game()?.ballot) && p.targets.includes(seat)) return send(p.make([seat]));
    const c = chosen();
    const seats = toggleSeat(p, c?.key === key ? c.seats : [], seat);
    pickedByHand = true;
    setChosen(seats.length ? { key, seats } : null);
  };

  const send = (a: PlayerAction) => {
    // "End speech" with a nomination picked but not sent applies it first (a nomination is
    // final, RULES.md §2.4: the engine has no withdrawal, so the pick is sent only when the speech ends).
    const pick = a.type === "end-speech" ? pendingNomination() : null;
    const seq = game()?.phaseSeq;
    if (seq !== undefined && MOVE_TYPES.has(a.type)) {
      sentIn.add(seq);
      setMissed(null);
    }
    setChosen(null);
    if (pick !== null) props.ctl.act({ type: "nominate", target: pick });
    props.ctl.act(a);
  };
  // §7.3: voting in turn — who votes now (marked on the oval), a late voter's fouls.
  const voter = createMemo(() => {
    const g = game();
    return g ? voterTurn(g) : null;
  });
  const tallyCounts = createMemo(() => tallyBySeat(tally()));
  const reports = createMemo(() => {
    const g = game();
    return g ? liveReports(g) : [];
  });
  const noVote = createMemo(() => {
    const g = game();
    // The view says so (§5.6 Blackmailer), from the moment voting opens to the day's end.
    return !!g?.you?.silenced;
  });
  // §5.6 the Judge's vote counts ×2 once he is named (in open voting): marked on his seat during a ballot.
  // The seats whose vote weighs ×2 (§5.6 the Judge once shown), from the view.
  const judges = createMemo(() => new Set((game()?.seats ?? []).filter((x) => x.weight === 2).map((x) => x.seat)));

  const turn = createMemo(() => {
    const g = game();
    if (!g || g.result) return "";
    if (g.paused) return g.paused.reason === "absence" ? t("paused.title") : t("paused.by", { by: g.paused.by });
    if (g.speaker != null) {
      if (g.speaker === g.you?.seat) return t("turn.you");
      const s = g.seats.find((x) => x.seat === g.speaker);
      return t("turn.floor", { seat: g.speaker, nickname: s ? shownName(s.nickname, s.bot) : "" });
    }
    const b = g.ballot && g.ballot.kind !== "lift" ? g.ballot : null;
    if (b && b.calling !== null) return t("turn.candidate", { seat: b.calling });
    // §7.3 voting in turn: the voter being called.
    if (b && b.voter !== null) return b.voter === g.you?.seat ? t("turn.voter.you") : t("turn.voter", { seat: b.voter });
    // §6.6–§6.7 the club's yes/no questions ("expel anyone at all?", "expel both?") are votes too.
    if (isVotePhase(g.phase) || g.ballot?.kind === "lift") return t("turn.voting");
    if (g.night) return g.you && hasOwnMove(g.you.actions) ? t("turn.act") : t("turn.night");
    return "";
  });

  return (
    <Shell ctl={props.ctl} voice={voice} canVoice={canVoice()} listen={media()?.role === "spectator"}>
      <Show when={st.conn !== "open" && st.conn !== "closed" && st.view}>
        <p class="banner reconnecting" role="status">
          {t("conn.reconnecting")}
        </p>
      </Show>
      <Show when={props.info}>
        {(info) => (
          <p class="banner" role="status" data-info={info()}>
            {tk("closed", info())}
          </p>
        )}
      </Show>
      <Show when={st.conn === "closed"}>
        <Switch fallback={<Show when={(props.saved?.kind ?? "player") === "player"}><ComeBackForm code={props.ctl.code} onSeated={props.onSeated} /></Show>}>
          <Match when={st.closeCode === 4001}>
            <SeatTaken onWatch={props.onWatch} />
          </Match>
          <Match when={st.closeCode === 4003}>
            {/* Opened in another window (close 4003): the credential still works; play here again on request. */}
            <p class="banner" role="status" data-replaced>
              {t("closed.replaced")}{" "}
              <button class="btn" type="button" data-play-here onClick={() => location.reload()}>
                {t("closed.playHere")}
              </button>
            </p>
          </Match>
        </Switch>
      </Show>
      <Show when={st.view}>{(v) => <DelayBanner delayMs={v().delayMs} />}</Show>
      <Show when={st.view && allowsConsigliere(st.view.presetId)}>
        <ConsiglierePanel ctl={props.ctl} saved={props.saved} onSeated={props.onSeated} />
      </Show>
      {/* §6.11: while the switch is on, the organizer's browser records each game's audio for the club's review. */}
      <Show when={st.view?.options.recording && (st.identity?.kind === "host" || st.identity?.kind === "organizer") && props.saved?.token}>
        {(token) => <TableRecorder ctl={props.ctl} token={token()} />}
      </Show>
      <Show when={table()} fallback={<p class="muted center-text" role="status">{st.conn === "closed" ? "" : t("table.loading")}</p>}>
        {(tv) => (
          <Switch>
            <Match when={tv().status === "lobby" || !game()}>
              {/* The lobby's voice (everyone hears everyone while the table fills). */}
              <Show when={canVoice() && tv().status === "lobby" && voice.state.status !== "off"}>
                <VoiceBar voice={voice} floorMine={floorMine()} night={false} lobby />
              </Show>
              <Suspense fallback={<p class="muted center-text" role="status">{t("table.loading")}</p>}>
              <div class="lobby-layout">
                <WaitingRoom table={tv()} start={startMode() ?? null} youNickname={st.identity?.kind === "player" ? st.identity.nickname : (props.saved?.nickname ?? null)} ctl={props.ctl} busy={!!st.pending || st.conn !== "open"} />
                <Show when={(!props.saved || (props.saved.kind === "organizer" && tv().host === "server")) && tv().lobby.length < tv().capacity.max}>
                  <JoinHereForm code={props.ctl.code} organizerToken={props.saved?.organizerToken ?? null} onSeated={props.onSeated} />
                </Show>
                <Show when={tv().organizing}>
                  <OrganizerPanel view={tv()} ctl={props.ctl} now={now} busy={!!st.pending || st.conn !== "open"} start={startMode() ?? null} />
                </Show>
                <ReturnCodeBox code={props.saved?.returnCode ?? null} />
              </div>
              </Suspense>
            </Match>
            <Match when={game()}>
              {(g) => (
                <>
                <PauseBanner view={tv()} now={now()} />
                <HostingBanner game={g()} />
                {/* Once there is a result, the last banners sit in the page above the board, never over the end screen. */}
                <Announcements
                  game={g()}
                  clock={props.ctl.clock}
                  delayMs={tv().delayMs}
                  ended={!!g().result}
                  folded={urgent()}
                  notice={
                    <HostAwayNotice game={g()} clock={props.ctl.clock}>
                      <Show when={g().hosting?.state === "waiting" && g().hosting}>
                        {(h) => <TakeoverButtons code={props.ctl.code} until={(h() as { until: number }).until} onHost={(s) => props.onSeated?.(s)} />}
                      </Show>
                    </HostAwayNotice>
                  }
                />
                <Show when={out()}>
                  {(o) => (
                    <div class="banner you-out" role="status" data-you-out={o().how}>
                      <strong>{t("you.out.title")}</strong> — {o().how === "removed" && removedForFouls(g()) ? t("you.out.removed.fouls") : tk("you.out", o().how)}
                    </div>
                  )}
                </Show>
                <Show when={canVoice() && (media()?.role !== "spectator" || voice.state.status !== "off")}>
                  <VoiceBar voice={voice} floorMine={floorMine()} night={nightNow()} delayMs={tv().delayMs} />
                </Show>
                <Show when={spotlight()} keyed>
                  {(seat) => (
                    <figure class="spotlight" data-spotlight={seat}>
                      <figcaption>{t("voice.spotlight", { name: `${seat}. ${shownName(g().seats.find((x) => x.seat === seat)?.nickname)}` })}</figcaption>
                      {/* Its own muted <video> on the same stream (the seat tile's element stays where it is; audio plays elsewhere). */}
                      <div class="spotlight-video">
                        <video autoplay playsinline muted aria-hidden="true" data-spotlight-video={seat} ref={(el) => { el.srcObject = voice.videoOf(seat)?.srcObject ?? null; void el.play().catch(() => {}); }} />
                      </div>
                    </figure>
                  )}
                </Show>
                <div class="board" classList={{ hosting: isHost() }} data-phase={g().phase} data-day={g().day} data-phase-seq={g().phaseSeq} data-you-seat={you()?.seat ?? ""} data-speaker={g().speaker ?? ""} data-nominees={g().nominees.join(",")} data-result={g().result?.winner ?? ""} data-series-game={tv().series.game}>
                  <Oval seats={g().seats} flags={flags} night={night()} corner={!g().result && you()?.role ? <RolePeek role={you()!.role!} team={you()!.team} /> : undefined} onPick={(seat) => {
                    const p = picking();
                    if (!p) return;
                    // One choice only (open voting's called candidate): one tap sends it, as in the action bar.
                    if (isOneTap(p)) send(p.make([seat]));
                    else toggle(p.key, seat);
                  }}>
                    <p class="phase" data-phase={g().phase}>
                      {tk("phase", `${g().presetId}.${g().phase}`, undefined, tk("phase", g().phase))}
                    </p>
                    <p class="daynum">{night() ? t("turn.nightN", { day: g().day }) : t("turn.day", { day: g().day })}</p>
                    <Show when={!g().result}>
                      <TimerRing deadline={g().deadline} timerMs={g().timerMs} pausedMs={g().paused?.remainingMs ?? null} clock={props.ctl.clock} phaseSeq={g().phaseSeq} warnAt={g().warnAt} />
                    </Show>
                    <p class="turn" aria-live="polite" data-voter-turn={voter()?.seat}>
                      {turn()}
                    </p>
                    {/* The voter's cast vote in turn may still be changed by one tap, until the turn passes. */}
                    <Show when={g().ballot?.kind !== "lift" && (g().ballot as { change?: Seat[] } | null)?.change?.length}>
                      <p class="small" data-vote-change>{t("vote.change")}</p>
                    </Show>
                    <Show when={voter()?.late}>
                      {(late) => (
                        <p class="late" data-voter-late={late().fouls}>
                          {late().seconds ? t("vote.turn.lateMore", { fouls: late().fouls, n: late().seconds! }) : t("vote.turn.late", { fouls: late().fouls })}
                        </p>
                      )}
                    </Show>
                    {/* §6.5–§6.7 once the candidates for defence are named, they replace the nominees (and the car crash's dropped follow). */}
                    <Show when={defence()} fallback={
                      <Show when={g().nominees.length > 0 && !g().result && !night()}>
                        <p class="nominees">{t("turn.nominees", { seats: g().nominees.join(", ") })}</p>
                      </Show>
                    }>
                      {(d) => (
                        <p class="nominees" data-candidates={d().candidates.join(",")} data-dropped-seats={d().dropped.join(",")}>
                          {t("turn.candidates", { seats: d().candidates.join(", ") })}
                          <Show when={d().dropped.length > 0}>
                            <br />
                            <span class="dropped-line">{t("turn.dropped", { seats: d().dropped.join(", ") })}</span>
                          </Show>
                        </p>
                      )}
                    </Show>
                  </Oval>
                  <div class="side">
                    {/* One tap explains the seat marks this game can show. */}
                    <Show when={!g().result}>
                      <MarkLegend game={g()} />
                    </Show>
                    {/* §6 the composition "announced (counts of each role) at the start", in view the whole game. */}
                    <Show when={!g().result && composition()}>
                      {(rows) => (
                        <p class="composition-line small" data-composition={rows().map((r) => `${r.role}:${r.count}`).join(",")}>
                          {t("table.composition", { counts: rows().map((r) => t("table.composition.item", { role: tk("role", r.role), n: r.count })).join(", ") })}
                        </p>
                      )}
                    </Show>
                    <Show when={tv().series.game > 1 && !g().result}>
                      <p class="muted small" data-series-label>{t("series.game", { n: tv().series.game })}</p>
                    </Show>
                    <Show when={g().techVote}>
                      {(tv2) => (
                        <p class="banner tech" role="status">
                          {t("tech.banner", { kind: tk("tech", tv2().kind), target: tv2().target, by: tv2().by, inFavour: tv2().inFavour, needed: tv2().needed })}
                        </p>
                      )}
                    </Show>
                    <Show when={g().result}>
                      {(r) => (
                        <>
                          {/* The winner and one's own line first, then Play again, then the roles and the folded protocol. */}
                          <EndScreen game={g()} result={r()}>
                            <PlayAgain table={tv()} seated={st.identity?.kind === "player"} ctl={props.ctl} busy={!!st.pending || st.conn !== "open"} />
                          </EndScreen>
                        </>
                      )}
                    </Show>
                    <Show when={isHost() && !g().result}>
                      <HostPanel view={tv()} game={g()} busy={!!st.pending || st.conn !== "open"} clock={props.ctl.clock} onConfirm={() => props.ctl.confirm()} onHost={(a) => props.ctl.host(a)} />
                    </Show>
                    <Show
                      when={you()}
                      fallback={
                        <Show when={!g().result && (st.identity?.kind ?? "spectator") === "spectator"}>
                          <p class="panel muted" data-spectating>{t("table.spectating")}</p>
                        </Show>
                      }
                    >
                      {(y) => (
                        <>
                          <Show when={!g().result}>
                            <NightNotes game={g()} />
                            <Show when={reports().length > 0}>
                              <ReportBox reports={reports()} />
                            </Show>
                            <ActionBar actions={offered()} phase={g().phase} night={g().night} candidates={g().ballot?.candidates ?? []} seats={g().seats} shootingPlan={y().shootingPlan} busy={!!st.pending || st.conn !== "open"} chosen={chosen()} onChoose={(key, seats) => setChosen(seats.length ? { key, seats } : null)} onToggle={toggle} send={send} out={!!out()} planSeat={planSeat()} urgent={urgent()} tapVote={g().ballot?.kind !== "lift" && g().ballot?.mode === "in-turn"} done={standingChoice(g())} timer={<SheetTimer deadline={g().deadline} timerMs={g().timerMs} pausedMs={g().paused?.remainingMs ?? null} clock={props.ctl.clock} phaseSeq={g().phaseSeq} />}>
                              {/* The hint line at the top of the action panel (sticky at the bottom on a phone: never covered). */}
                              <HintLine game={g()} />
                              {/* Explained before it happens — day 1's vote removes nobody where the table's setting says so (RULES.md §2.8). */}
                              <Show when={g().day === 1 && g().settings["breakAtZero"] === false && isDayToCount(g().phase)}>
                                <p class="explain muted small" data-explain="day1-no-out">
                                  {t("explain.day1.noOut")}
                                </p>
                              </Show>
                              {/* The car crash explained as it starts (RULES.md §4.7). */}
                              <Show when={isCarCrash(g().phase)}>
                                <p class="explain muted small" data-explain="car-crash">
                                  {t("narrate.car-crash")}
                                </p>
                              </Show>
                              <Show when={missed()}>
                                {(m) => (
                                  <p class="missed" role="alert" data-missed={m()}>
                                    <span>{tk("act.missed", m())}</span>
                                    <button type="button" class="icon-btn" aria-label={t("ann.dismiss")} title={t("ann.dismiss")} onClick={() => setMissed(null)}>
                                      ✕
                                    </button>
                                  </p>
                                )}
                              </Show>
                              <Show when={tally()}>{(p) => <TallyBox panel={p()} />}</Show>
                              <Show when={noVote()}>
                                <NoVote />
                              </Show>
                              {/* §7.3 this player's own turn in a vote in turn: not oneself, no abstain, late → a foul. */}
                              <Show when={voter()?.mine && y().actions.some((a) => a.type === "vote")}>
                                <p class="voter-mine" role="status" data-voter-turn-mine>
                                  <span aria-hidden="true">☝ </span>
                                  {t("vote.turn.mine")}
                                </p>
                              </Show>
                            </ActionBar>
                            <RoleCard you={y()} seats={g().seats} presetId={g().presetId} dealt={g().dealt ?? []} witnessed={witnessed()} saved={savedOnCard()} onOpenChange={setCardOpen} />
                          </Show>
                        </>
                      )}
                    </Show>
                    {/* After the player's own actions and card: a seated organizer plays first. */}
                    <Show when={tv().organizing}>
                      <OrganizerPanel view={tv()} ctl={props.ctl} now={now} busy={!!st.pending || st.conn !== "open"} />
                    </Show>
                    <Show when={!g().result}>
                      <GameLog entries={g().log} title={t("log.title")} seat={g().you?.seat ?? null} />
                    </Show>
                    <ShareCode code={props.ctl.code} />
                    <ReturnCodeBox code={props.saved?.returnCode ?? null} />
                  </div>
                </div>
                </>
              )}
            </Match>
          </Switch>
        )}
      </Show>
      {/* The table's chat where the floor allows it (the lobby, after the end, the spectators' during the game). */}
      <ChatPanel ctl={props.ctl} />
    </Shell>
  );
}
