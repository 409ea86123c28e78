/**
 * Issue 35: whether this page shows the table's chat now — the same rule the table applies
 * (worker/table/chat.ts `access`): while no game runs, everyone; during a game, spectators, the seatless
 * organizer and the live host (who reads only), and a player who is out where the dead hear; never a
 * living player or a consigliere. The server decides what it sends; this only decides what is shown.
 */
import type { Identity, TableView } from "../../../shared/protocol/messages.ts";

export type ChatShown = null | { channel: "table" | "spectators"; write: boolean };

export function chatShown(view: TableView | null, identity: Identity | null): ChatShown {
  if (!view || !identity) return null;
  if (view.status !== "playing") return { channel: "table", write: true };
  switch (identity.kind) {
    case "spectator":
    case "organizer":
      return { channel: "spectators", write: true };
    case "host":
      return { channel: "spectators", write: false };
    case "consigliere":
      return null;
    case "player": {
      const g = view.game;
      if (!g?.you) return { channel: "spectators", write: true }; // not in this game: watching it
      const me = g.seats.find((s) => s.seat === g.you!.seat);
      if (!me || me.alive) return null;
      return view.options.deadHear ? { channel: "spectators", write: true } : null;
    }
  }
}

/** The name a chat line shows: the nickname, or the sender's kind by its public key ("Spectator 3"). */
export function chatKeyKind(key: string): { kind: "spectator" | "host" | "organizer" | "person"; n: number | null } {
  if (key === "h") return { kind: "host", n: null };
  if (key === "o") return { kind: "organizer", n: null };
  if (key.startsWith("v")) return { kind: "spectator", n: Number(key.slice(1)) };
  return { kind: "person", n: null };
}
