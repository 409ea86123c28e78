/** The tournaments API (worker/api/tournaments.ts, docs/TOURNAMENTS.md); shapes from shared/protocol/tournaments.ts as types only. */
import type { CreateTournamentRequest, TournamentListItem, TournamentPage } from "../../../shared/protocol/tournaments.ts";
import { call } from "../lib/api.ts";

const enc = encodeURIComponent;
const tn = (id: string) => `/api/tournaments/${enc(id)}`;
type Ok = { ok: true };

export const tournamentsApi = {
  list: () => call<{ tournaments: TournamentListItem[] }>("GET", "/api/tournaments"),
  create: (body: CreateTournamentRequest) => call<{ id: string }>("POST", "/api/tournaments", body),
  page: (id: string) => call<TournamentPage>("GET", tn(id)),
  register: (id: string) => call<Ok>("POST", `${tn(id)}/register`, {}),
  unregister: (id: string) => call<Ok>("POST", `${tn(id)}/unregister`, {}),
  fillBots: (id: string, players: number) => call<Ok>("POST", `${tn(id)}/bots`, { players }),
  close: (id: string) => call<Ok>("POST", `${tn(id)}/close`, {}),
  judges: (id: string, nicks: string[]) => call<Ok>("POST", `${tn(id)}/judges`, { nicks }),
  draw: (id: string, seed?: string) => call<Ok>("POST", `${tn(id)}/draw`, seed ? { seed } : {}),
  swap: (id: string, a: number, b: number) => call<Ok>("POST", `${tn(id)}/swap`, { a, b }),
  open: (id: string, n: number) => call<{ codes: string[] }>("POST", `${tn(id)}/rounds/${n}/open`, {}),
  host: (id: string, n: number, slot: number) => call<{ code: string; token: string }>("POST", `${tn(id)}/rounds/${n}/tables/${slot}/host`, {}),
  extra: (id: string, n: number, slot: number, points: Array<{ seat: number; extra: number; reason: string }>) => call<Ok>("POST", `${tn(id)}/rounds/${n}/tables/${slot}/extra`, { points }),
};
