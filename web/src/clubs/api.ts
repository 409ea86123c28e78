/** The clubs API (worker/api/clubs.ts, docs/CLUBS.md); shapes from shared/protocol/clubs.ts as types only. */
import type { ClubNotice, ClubPage, ExperienceRequest, CreateClubRequest, CreateEveningRequest, EditEveningRequest, EveningPage, HostTokenResponse, MyClubs, OpenEveningRequest, OpenEveningResponse } from "../../../shared/protocol/clubs.ts";
import type { ClubSeasons, ClubSettingsRequest, CreateSeasonRequest, ReviewPage, ReviewRequest, SeasonPage, StartChampionRequest } from "../../../shared/protocol/seasons.ts";
import { call } from "../lib/api.ts";

const enc = encodeURIComponent;
const club = (id: string) => `/api/clubs/${enc(id)}`;
const evening = (id: string, e: string) => `${club(id)}/evenings/${enc(e)}`;
const season = (id: string, s: string) => `${club(id)}/seasons/${enc(s)}`;
const review = (code: string, n: number) => `/api/clubs/reviews/${enc(code)}/${n}`;

export const clubsApi = {
  create: (body: CreateClubRequest) => call<ClubPage>("POST", "/api/clubs", body),
  club: (id: string) => call<ClubPage>("GET", club(id)),
  mine: () => call<MyClubs>("GET", "/api/clubs/mine"),
  readNotices: (ids: number[]) => call<{ notices: ClubNotice[] }>("POST", "/api/clubs/notices/read", { ids }),
  addHost: (id: string, nickname: string) => call<ClubPage>("POST", `${club(id)}/hosts`, { nickname }),
  removeHost: (id: string, nickname: string) => call<ClubPage>("POST", `${club(id)}/hosts/remove`, { nickname }),
  /** RULES.md §7.10 (2026-12-06): the owner or a host marks a member experienced in tatar (or takes it back). */
  markExperience: (id: string, nickname: string, experienced: boolean) => call<ClubPage>("POST", `${club(id)}/experience`, { nickname, experienced } satisfies ExperienceRequest),
  createEvening: (id: string, body: CreateEveningRequest) => call<EveningPage>("POST", `${club(id)}/evenings`, body),
  evening: (id: string, e: string) => call<EveningPage>("GET", evening(id, e)),
  signup: (id: string, e: string, ageConfirmed: boolean) => call<EveningPage>("POST", `${evening(id, e)}/signup`, ageConfirmed ? { ageConfirmed } : {}),
  confirm: (id: string, e: string) => call<EveningPage>("POST", `${evening(id, e)}/confirm`, {}),
  withdraw: (id: string, e: string) => call<EveningPage>("POST", `${evening(id, e)}/withdraw`, {}),
  /** The owner or a host edits or cancels an evening (everyone signed up gets a notice). */
  editEvening: (id: string, e: string, body: EditEveningRequest) => call<EveningPage>("POST", `${evening(id, e)}/edit`, body),
  cancelEvening: (id: string, e: string) => call<EveningPage>("POST", `${evening(id, e)}/cancel`, {}),
  /** The owner or a host opens the evening's table; to host it, or to play with a named host or the server hosting. */
  openTable: (id: string, e: string, body: OpenEveningRequest = {}) => call<OpenEveningResponse>("POST", `${evening(id, e)}/open`, body),
  /** The evening's named host takes the table's host screen. */
  hostTable: (id: string, e: string) => call<HostTokenResponse>("POST", `${evening(id, e)}/host`, {}),
  /* Seasons, reviews and the club's settings (worker/api/seasons.ts; RULES.md §7.11, §8). */
  seasons: (id: string) => call<ClubSeasons>("GET", `${club(id)}/seasons`),
  season: (id: string, s: string) => call<SeasonPage>("GET", season(id, s)),
  createSeason: (id: string, body: CreateSeasonRequest) => call<SeasonPage>("POST", `${club(id)}/seasons`, body),
  startChampion: (id: string, s: string, body: StartChampionRequest) => call<SeasonPage & { eveningId: string }>("POST", `${season(id, s)}/champion`, body),
  closeSeason: (id: string, s: string) => call<SeasonPage>("POST", `${season(id, s)}/close`, {}),
  settings: (id: string, body: ClubSettingsRequest) => call<Pick<ClubSeasons, "settings">>("POST", `${club(id)}/settings`, body),
  review: (code: string, n: number) => call<ReviewPage>("GET", review(code, n)),
  saveReview: (code: string, n: number, body: ReviewRequest) => call<ReviewPage>("PUT", review(code, n), body),
};
