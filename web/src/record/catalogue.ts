/**
 * The record page's catalogue (issue 19): loaded with its lazy chunk, so the initial bundle carries none
 * of it (the pattern of web/src/clubs/catalogue.ts). en defines the keys; uk and ru are typed against it.
 * `record.link` (the table's link to this page) stays in the main catalogues. No imports: unit tests read it.
 */
const en = {
  "title": "Game {n} at table {code}",
  "table": "Back to the table",
  "result": "{winner} won: {reason}",
  "step": "Step {n} of {of}",
  "day": "day {day}",
  "prev": "Previous step",
  "next": "Next step",
  "secrets": "Show every secret (roles, night moves, checks)",
  "log": "What happened",
  "notEnded": "This game is not over yet: its record opens at the end.",
  "notFound": "There is no such game at this table.",
  // issue 19: publication
  "player": "Player {n}",
};
export type RecordKey = keyof typeof en;
const uk: Record<RecordKey, string> = {
  "title": "Гра {n} за столом {code}",
  "table": "Назад до столу",
  "result": "Перемога: {winner}. {reason}",
  "step": "Крок {n} з {of}",
  "day": "день {day}",
  "prev": "Попередній крок",
  "next": "Наступний крок",
  "secrets": "Показати всі таємниці (ролі, нічні ходи, перевірки)",
  "log": "Що сталося",
  "notEnded": "Гра ще триває: її запис відкриється в кінці.",
  "notFound": "За цим столом немає такої гри.",
  // issue 19: publication
  "player": "Гравець {n}",
};
const ru: Record<RecordKey, string> = {
  "title": "Игра {n} за столом {code}",
  "table": "Назад к столу",
  "result": "Победа: {winner}. {reason}",
  "step": "Шаг {n} из {of}",
  "day": "день {day}",
  "prev": "Предыдущий шаг",
  "next": "Следующий шаг",
  "secrets": "Показать все тайны (роли, ночные ходы, проверки)",
  "log": "Что произошло",
  "notEnded": "Игра ещё идёт: её запись откроется в конце.",
  "notFound": "За этим столом нет такой игры.",
  // issue 19: publication
  "player": "Игрок {n}",
};

export const RECORD_CATALOGUES = { en, uk, ru };
