/**
 * Who this page is in the table's media and whom it links with — pure functions of the
 * view (web/src/table/voice.ts uses them; unit-tested without the page's modules).
 */
import { lobbyFloor } from "../../../shared/media/floor.ts";
import type { Floor, Seat } from "../../../shared/engine/types.ts";
import type { TableView } from "../../../shared/protocol/messages.ts";
import { consiglierePeer, HOST_PEER, isConsiglierePeer, type MediaPeer } from "../../../shared/media/peers.ts";

/** Who this page is in the media. */
export type VoiceRole = "player" | "host" | "consigliere" | "spectator";

/**
 * This page's role and media peer in the table's media, or null when it takes no part (the
 * seatless organizer, a page before the game). The welcome's `media.peer` names it where the server does.
 */
export function mediaSelf(identity: { kind: string; nickname?: string } | null, view: TableView | null, named: number | null): { role: VoiceRole; me: MediaPeer } | null {
  if (identity && view?.status === "lobby") return lobbySelf(identity, view);
  const g = view?.game;
  if (!identity || !g) return null;
  switch (identity.kind) {
    case "player": return g.you ? { role: "player", me: g.you.seat } : null;
    case "host": return { role: "host", me: HOST_PEER };
    case "consigliere": return g.you ? { role: "consigliere", me: consiglierePeer(g.you.seat) } : null;
    case "spectator": return named !== null ? { role: "spectator", me: named } : null;
    default: return null;
  }
}

/**
 * RULES.md §8, shared/media/floor.ts `lobbyFloor`: in the lobby a person is the
 * media peer of their lobby place (found by their own nickname: nicknames are unique at a table), the live
 * host is 0; nobody else takes part (the relay refuses them).
 */
function lobbySelf(identity: { kind: string; nickname?: string }, view: TableView): { role: VoiceRole; me: MediaPeer } | null {
  if (identity.kind === "host") return view.host === "live" ? { role: "host", me: HOST_PEER } : null;
  if (identity.kind !== "player") return null;
  const p = view.lobby.find((x) => !x.bot && x.nickname === identity.nickname);
  return p && p.place >= 1 && p.place < 100 ? { role: "player", me: p.place } : null;
}

/** The lobby's people as media peers (their places; bots have no media). */
const lobbyPlaces = (view: TableView): Seat[] => view.lobby.filter((p) => !p.bot && p.place >= 1 && p.place < 100).map((p) => p.place);

/** The floor this page's media follow now: the game's, or in the lobby everyone to everyone. */
export function floorOfView(view: TableView | null): Floor | null {
  if (!view) return null;
  if (view.status === "lobby") return lobbyFloor(lobbyPlaces(view), view.host === "live");
  return view.game?.floor ?? null;
}

/**
 * Every media peer of the table but me — the seated people and the view's other media peers.
 * At night (the floor's `advisers` false) no link reaches a consigliere: the table refuses those signals
 * (RULES.md §8 "at night the consigliere hears nothing and is heard by nobody"), so the links to the
 * consiglieri close at nightfall and open again by day.
 */
export function peersOf(view: TableView, me: MediaPeer): MediaPeer[] {
  if (view.status === "lobby") {
    const host = view.host === "live" && view.hostConnected ? [HOST_PEER] : [];
    return [...lobbyPlaces(view), ...host].filter((p) => p !== me);
  }
  const g = view.game;
  const seats = g ? g.seats.filter((s) => !s.bot).map((s) => s.seat) : [];
  const night = g?.floor.advisers === false;
  if (night && isConsiglierePeer(me)) return [];
  return [...new Set([...seats, ...(view.mediaPeers ?? [])])].filter((p) => p !== me && !(night && isConsiglierePeer(p)));
}

