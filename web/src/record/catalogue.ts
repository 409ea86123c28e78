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
  // issue 19: recordings
  "recording.title": "Recording",
  "recording.deleted": "This game's audio recording. It is deleted on {date}.",
  "recording.download": "Download the recording",
  "recorder.title": "Recording the table's audio",
  "recorder.about": "Your browser records each game's audio as a spectator would hear it — every speaker and the host, never the black team's night channel — and uploads it piece by piece as the game goes. The server deletes every recording after 72 hours.",
  "recorder.start": "Record the audio",
  "recorder.asking": "Asking for the microphone…",
  "recorder.ready": "Ready: the next game is recorded from its start.",
  "recorder.recording": "Recording game {n}…",
  "recorder.uploading": "Uploading the recording of game {n}…",
  "recorder.sent": "Recording game {n}: {k} parts stored so far.",
  "recorder.uploaded": "Game {n}'s recording is stored; it is deleted on {date}.",
  "recorder.failed": "Game {n}'s recording was not stored: {why}",
  "recorder.denied": "No microphone: nothing can be recorded on this device.",
  "recorder.unsupported": "This browser cannot record audio.",
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
  // issue 19: recordings
  "recording.title": "Запис",
  "recording.deleted": "Аудіозапис цієї гри. Його буде видалено {date}.",
  "recording.download": "Завантажити запис",
  "recorder.title": "Запис звуку за столом",
  "recorder.about": "Ваш браузер записує звук кожної гри так, як його чув би глядач, — усіх, хто говорить, і ведучого, ніколи не нічний канал чорних — і надсилає запис частинами під час гри. Сервер видаляє кожен запис через 72 години.",
  "recorder.start": "Записувати звук",
  "recorder.asking": "Запитуємо доступ до мікрофона…",
  "recorder.ready": "Готово: наступна гра запишеться від початку.",
  "recorder.recording": "Записуємо гру {n}…",
  "recorder.uploading": "Надсилаємо запис гри {n}…",
  "recorder.sent": "Записуємо гру {n}: збережено частин — {k}.",
  "recorder.uploaded": "Запис гри {n} збережено; його буде видалено {date}.",
  "recorder.failed": "Запис гри {n} не збережено: {why}",
  "recorder.denied": "Немає мікрофона: на цьому пристрої нічого не записати.",
  "recorder.unsupported": "Цей браузер не вміє записувати звук.",
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
  // issue 19: recordings
  "recording.title": "Запись",
  "recording.deleted": "Аудиозапись этой игры. Она будет удалена {date}.",
  "recording.download": "Скачать запись",
  "recorder.title": "Запись звука за столом",
  "recorder.about": "Ваш браузер записывает звук каждой игры так, как его слышал бы зритель, — всех говорящих и ведущего, никогда не ночной канал чёрных — и отправляет запись частями по ходу игры. Сервер удаляет каждую запись через 72 часа.",
  "recorder.start": "Записывать звук",
  "recorder.asking": "Запрашиваем доступ к микрофону…",
  "recorder.ready": "Готово: следующая игра запишется с начала.",
  "recorder.recording": "Записываем игру {n}…",
  "recorder.uploading": "Отправляем запись игры {n}…",
  "recorder.sent": "Записываем игру {n}: сохранено частей — {k}.",
  "recorder.uploaded": "Запись игры {n} сохранена; она будет удалена {date}.",
  "recorder.failed": "Запись игры {n} не сохранена: {why}",
  "recorder.denied": "Нет микрофона: на этом устройстве ничего не записать.",
  "recorder.unsupported": "Этот браузер не умеет записывать звук.",
};

export const RECORD_CATALOGUES = { en, uk, ru };
