/**
 * One role, one name (RULES.md §5.6 role catalogue, §6 club roles; §7.10 the consigliere, who is no card
 * but is named like one): the word every page shows for a role — the table, the composition editor, the
 * how-to pages (through the catalogues' `role.<id>`, which read it from here) and the rules tests' question
 * banks. `stem` is the part every inflection keeps ("Нагнетател|ь|я|ем"): test/unit/role-names.test.ts
 * finds the name by it in every text that names the role in English, so a second spelling fails there.
 * No imports: the lazy catalogues and the worker's banks read it.
 */
export interface RoleName {
  en: string;
  uk: string;
  ru: string;
  stem: { uk: string; ru: string };
}

export const ROLE_NAMES = {
  civilian: { en: "Civilian", uk: "Мирний", ru: "Мирный", stem: { uk: "мирн", ru: "мирн" } },
  mafia: { en: "Mafia", uk: "Мафія", ru: "Мафия", stem: { uk: "мафі", ru: "мафи" } },
  don: { en: "Don", uk: "Дон", ru: "Дон", stem: { uk: "дон", ru: "дон" } },
  sheriff: { en: "Sheriff", uk: "Шериф", ru: "Шериф", stem: { uk: "шериф", ru: "шериф" } },
  commissar: { en: "Commissar", uk: "Комісар", ru: "Комиссар", stem: { uk: "комісар", ru: "комиссар" } },
  doctor: { en: "Doctor", uk: "Лікар", ru: "Доктор", stem: { uk: "лікар", ru: "доктор" } },
  putana: { en: "Consort", uk: "Путана", ru: "Путана", stem: { uk: "путан", ru: "путан" } },
  maniac: { en: "Maniac", uk: "Маніяк", ru: "Маньяк", stem: { uk: "маніяк", ru: "маньяк" } },
  bodyguard: { en: "Bodyguard", uk: "Охоронець", ru: "Телохранитель", stem: { uk: "охорон", ru: "телохранител" } },
  blocker: { en: "Blocker", uk: "Блокувальник", ru: "Блокировщик", stem: { uk: "блокувальник", ru: "блокировщик" } },
  mistress: { en: "Mistress", uk: "Коханка", ru: "Любовница", stem: { uk: "коханк", ru: "любовниц" } },
  jailer: { en: "Jailer", uk: "Тюремник", ru: "Тюремщик", stem: { uk: "тюремник", ru: "тюремщик" } },
  tracker: { en: "Tracker", uk: "Слідопит", ru: "Следопыт", stem: { uk: "слідопит", ru: "следопыт" } },
  watcher: { en: "Watcher", uk: "Спостерігач", ru: "Наблюдатель", stem: { uk: "спостерігач", ru: "наблюдател" } },
  immortal: { en: "Immortal", uk: "Безсмертний", ru: "Бессмертный", stem: { uk: "безсмертн", ru: "бессмертн" } },
  agent: { en: "Agent", uk: "Агент", ru: "Агент", stem: { uk: "агент", ru: "агент" } },
  lawyer: { en: "Lawyer", uk: "Адвокат", ru: "Адвокат", stem: { uk: "адвокат", ru: "адвокат" } },
  blackmailer: { en: "Blackmailer", uk: "Шантажист", ru: "Шантажист", stem: { uk: "шантажист", ru: "шантажист" } },
  avenger: { en: "Avenger", uk: "Месник", ru: "Мститель", stem: { uk: "месник", ru: "мстител" } },
  judge: { en: "Judge", uk: "Суддя", ru: "Судья", stem: { uk: "судд", ru: "суд" } },
  boss: { en: "Boss", uk: "Бос", ru: "Босс", stem: { uk: "бос", ru: "босс" } },
  kamikaze: { en: "Kamikaze", uk: "Камікадзе", ru: "Камикадзе", stem: { uk: "камікадзе", ru: "камикадзе" } },
  witness: { en: "Witness", uk: "Свідок", ru: "Свидетель", stem: { uk: "свід", ru: "свидетел" } },
  curser: { en: "Curser", uk: "Нагнітач", ru: "Нагнетатель", stem: { uk: "нагнітач", ru: "нагнетател" } },
  swindler: { en: "Swindler", uk: "Шахрай", ru: "Жулик", stem: { uk: "шахра", ru: "жулик" } },
  werewolf: { en: "Werewolf", uk: "Перевертень", ru: "Оборотень", stem: { uk: "переверт", ru: "оборот" } },
  consigliere: { en: "consigliere", uk: "консильєрі", ru: "консильери", stem: { uk: "консильєр", ru: "консильери" } },
} as const satisfies Record<string, RoleName>;
