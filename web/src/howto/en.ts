/**
 * How to play, in English: the reference shape for uk.ts and ru.ts. Written for players:
 * what they see and do at this table. Sport follows RULES.md §2, city §3 (with §5.4 for the win), the
 * phone-app profiles §5 (one page for the five: /how/profiles, and /how/<profile id> shows it too), tatar §7, host-classic §4, club §6.
 */
export interface HowSection {
  title: string;
  /** Paragraphs, or list items when the section sets `list`. */
  items: string[];
  list?: boolean;
}
export interface HowPage {
  title: string;
  lead: string;
  sections: HowSection[];
}
export type HowTopic = "basics" | "sport" | "city" | "profiles" | "tatar" | "host-classic" | "club";
export type HowTexts = Record<HowTopic, HowPage>;

export const en: HowTexts = {
  basics: {
    title: "How to play Mafia",
    lead: "Mafia is a game of talking and guessing for 10–12 people. A few players secretly play for the mafia and know each other; everyone else is the town and has to find them by listening and voting. Here the app is the host: it deals the cards, keeps time, counts the votes and announces what happened.",
    sections: [
      {
        title: "Two teams",
        list: true,
        items: [
          "♥ Red — the town: the majority. They don't know who is who.",
          "♠ Black — the mafia: a small group who know each other from the first night.",
          "◆ Some formats add a player who plays only for themselves, like the city's Maniac.",
        ],
      },
      {
        title: "Day and night",
        list: true,
        items: [
          "Day: everyone speaks in turn and may put one player up for the vote. Then the table votes, and the player with the most votes leaves the game.",
          "Night: the town sleeps. The black team picks a victim together, and players with special roles make their moves. In the morning the app says who is gone.",
          "Whoever leaves says a few last words. Their role stays secret until the end.",
        ],
      },
      {
        title: "Your card",
        items: [
          "Your role is on a face-down card on your screen. Hold it for two seconds to look; let go and it turns back. Nobody else can see it — don't show your screen.",
        ],
      },
      {
        title: "Who wins",
        list: true,
        items: ["The town, when every black player is out.", "The black team, when there are as many of them alive as everyone else."],
      },
      {
        title: "At this table",
        list: true,
        items: [
          "Create a table and share its code or link. Friends sit down by the code or from the public list; anyone can watch.",
          "If your phone drops the connection, just open the page again: your seat waits for you. On another device, type the table code and your personal return code.",
          "The organizer can pause the game and hand a seat to a bot when someone has to leave.",
        ],
      },
    ],
  },
  sport: {
    title: "Sport mafia: 10 players, no host",
    lead: "The classic tournament game. Ten seats: the Don and two Mafia play black; the Sheriff and six Civilians play red. Seats and roles are random, and the game starts as soon as ten people sit down.",
    sections: [
      {
        title: "Cards",
        items: ["Ten face-down cards lie on the table; take one within 15 seconds, or the app gives you one of those left. The table may also deal the roles at once."],
      },
      {
        title: "The first night",
        items: [
          "The black team meets for a minute: they see who their partners are and agree on whom to shoot, night by night. The Don may write a shooting plan that only the black team sees. Nobody is shot and nobody is checked this night.",
        ],
      },
      {
        title: "The day",
        list: true,
        items: [
          "Each living player speaks for 60 seconds in turn; you may end your speech early. Day 1 starts at seat 1, each next day one seat further.",
          "During your own speech you may nominate one player, yourself included. A nomination is final.",
          "Three times a game you may shout: 5 seconds of voice during someone else's speech. After your third shout your next speech lasts 30 seconds.",
        ],
      },
      {
        title: "The vote",
        list: true,
        items: [
          "Nobody nominated: night falls. One nominee: they leave without a vote.",
          "Two or more: every living player votes once, only for a nominee. If you don't vote, your vote goes to the last nominee.",
          "Closed voting (usual): 10 seconds, everyone at once; the count shows who voted for whom. Open voting: the nominees are called one by one, 5 seconds each, and every vote is seen at once.",
          "A tie: the tied players speak 30 seconds each and the table votes again between them. If it ties again, the table votes to lift everyone tied: if more than half of the living players agree, they all leave; otherwise nobody does.",
          "Day 1 is gentle unless the table chose otherwise: nobody leaves by vote, and there is no vote to lift everyone tied.",
          "Whoever leaves gets 60 seconds of farewell speech.",
        ],
      },
      {
        title: "The night",
        list: true,
        items: [
          "The shot, 7 seconds: the Don and every Mafia each pick a player. The shot hits only if all of them picked the same one; otherwise it misses and nobody dies.",
          "The checks, 7 seconds, at the same time: the Sheriff checks a player — mafia or not (the Don shows as mafia); the Don checks a player — the Sheriff or not. Only the checker sees the answer.",
          "In the morning the player shot says their last words.",
        ],
      },
      {
        title: "The end",
        list: true,
        items: [
          "The town wins when the Don and both Mafia are out.",
          "The mafia wins when there are as many black players alive as red ones.",
          "Three rounds in a row with nobody leaving end in a draw.",
          "At the end every role is shown, with the whole game's protocol.",
        ],
      },
      {
        title: "Fair play",
        items: [
          "Any living player may call a technical vote: a foul, a technical defeat or a removal. It passes when more than half of the living people press \"for\" within 30 seconds. A second foul removes the player.",
        ],
      },
    ],
  },
  city: {
    title: "City mafia: 10–12 players, more roles",
    lead: "The city game: days as in sport, nights in turns with more roles. Only a player with an account can create a city table; the organizer starts the game once 10 to 12 people sit. City games give no rating.",
    sections: [
      {
        title: "Roles",
        list: true,
        items: [
          "♠ The Don leads the mafia's shot and at night looks for the Commissar.",
          "♠ The Mafia (1 to 3) shoot together with the Don.",
          "♠ The Consort freezes one player a night: that player's night move doesn't count. A frozen Commissar gets no answer, a frozen Doctor doesn't heal, a frozen Maniac doesn't kill.",
          "♥ The Commissar checks one player a night: red or black.",
          "♥ The Doctor heals one player a night, themselves too, but not the same player two nights running. A heal saves from the shot, the Maniac and the freeze.",
          "◆ The Maniac kills one player a night, or nobody. By default he plays alone (and the Commissar sees him black); the table may make him play for the town.",
          "♥ The Civilians have no night move: they find the black team by talking and voting.",
        ],
      },
      {
        title: "How many Mafia",
        items: ["By table size, or 1 to 3 as the organizer chooses — but the black team must start smaller than the town: at most 2 Mafia at 10 or 11 players, 3 at 12."],
      },
      {
        title: "The night, in turns",
        items: [
          "The mafia's shot (all must pick the same player), then the Consort, the Doctor, the Commissar, the Maniac and the Don's check. Each turn has its own timer (the mafia 20 seconds, the others 10 by default); everyone else waits with their eyes closed.",
        ],
      },
      {
        title: "The day",
        items: ["As in sport: speeches (30, 45 or 60 seconds, as the table chose), nominations, shouts, the vote, ties and the vote to lift everyone tied."],
      },
      {
        title: "The end",
        list: true,
        items: [
          "The town wins when the whole black team and a solo Maniac are out.",
          "The black team wins when there are as many of them alive as everyone else.",
          "A solo Maniac wins when he is one of the last two alive; his win comes before the mafia's.",
        ],
      },
    ],
  },
  profiles: {
    title: "Phone-app profiles: Classic, Extended, Fast, Dark City, Custom",
    lead: "Five ready-made tables for 6 to 20 players, all with the same day and night; they differ in the size, the roles, the timers and the vote. The organizer picks a profile and the number of players, and the game starts when every seat is taken.",
    sections: [
      {
        title: "The five profiles",
        list: true,
        items: [
          "Classic, 6–20 players: Civilians, Mafia, a Commissar and a Doctor, and a Don from 8 players. A third of the table is black. The table chooses the discussion tempo.",
          "Extended, 8–20 players: Classic, and as the table grows a Mistress (9+), a Bodyguard (10+), a Tracker (11+), a Watcher (12+) and a Judge (13+); from 12 players one Mafia becomes a Blackmailer.",
          "Fast, 6–8 players: Classic's roles, 3 minutes of discussion, 1 minute to vote and a short defence. The organizer plays too.",
          "Dark City, 9–15 players: Classic plus a Maniac, and the vote stays hidden until the count. Only the size can change.",
          "Custom, 6–20 players: any number of each role, the vote open or hidden, who leaves and what a second tie does. The site checks that the game can start and warns about an unusual balance, but the choice is the organizer's.",
        ],
      },
      {
        title: "At the table",
        list: true,
        items: [
          "Join with the table's code; you get your own return code to come back from another device. Keep it to yourself.",
          "The roles are dealt when every seat is taken; the night starts on the organizer's command. The composition is public: everyone knows which roles are in play.",
          "Look at your card and close it; it opens again with a two-second hold.",
          "If someone does not come back, the organizer pauses the game or hands their seat to a bot for good.",
        ],
      },
      {
        title: "The day",
        list: true,
        items: [
          "Free discussion: 3, 5 or 8 minutes, as the table chose (Fast: 3).",
          "Then everyone votes at once against any living player, within a minute, openly by name (Dark City: hidden until the count). The most votes leaves; Custom may ask for more than half of the living.",
          "A tie: each tied player gets 30 seconds of defence (Fast: 15), and the table votes again. A second tie: nobody leaves (Custom: as the table chose — nobody, all of them, or one drawn at random).",
          "A blackmailed player has no vote that day and is told so when the vote opens. The Judge's open vote counts twice, and his name is shown the first time.",
        ],
      },
      {
        title: "The night",
        list: true,
        items: [
          "The roles act in turn, each on their own phone: the Jailer, the Blocker, the Mistress; the mafia; the Blackmailer, the Lawyer; the Maniac, the Avenger; the Bodyguard, the Doctor; the Don's check, the Commissar, the Agent, the Tracker, the Watcher. A role not dealt is skipped.",
          "The mafia picks its target together: while the choices differ the night waits, and the black team sees only how the choices are split. Nobody may pick their own team. No single target when the minute runs out: no shot.",
          "A check's answer comes as soon as the target is chosen; the Tracker's and the Watcher's fill in during the night. The morning tells who was killed.",
        ],
      },
      {
        title: "How the night is settled",
        list: true,
        items: [
          "Blocks and jailings first (two players blocking each other are both blocked). A blocked role does nothing; a blocked checker hears only that the result is unavailable.",
          "Then the attacks: a heal cancels one attack, a Bodyguard takes one on himself, the Immortal's armour cancels one more, once a game. Several attacks need several protections.",
          "The Lawyer changes what the Commissar and the Agent see about an ally, not the ally's visits.",
        ],
      },
      {
        title: "The end",
        list: true,
        items: [
          "The town wins when all the mafia and the Maniac are out.",
          "The mafia wins when the black players alive are no fewer than everyone else.",
          "The Maniac wins when he is the last alive, or one of the last two; his win comes before the mafia's.",
        ],
      },
      {
        title: "Roles",
        list: true,
        items: [
          "♥ The town: Civilian, Commissar, Doctor, Bodyguard, Mistress, Jailer, Tracker, Watcher, Immortal, Agent, Avenger, Judge.",
          "♠ The mafia: Mafia, Don, Blocker, Lawyer, Blackmailer.",
          "◆ Alone: the Maniac. Your card says what your role does; the create screen shows every role's line too.",
        ],
      },
    ],
  },
  tatar: {
    title: "Tatar club: 12 players, fouls that count",
    lead: "The club game of the Tatar mafia. Twelve seats: the Don, two Mafia and the Consort play black; the Doctor, the Commissar, the Maniac and five Civilians play red. The game is closed: no card is shown before the end, except the card of a player removed for fouls.",
    sections: [
      {
        title: "Roles",
        list: true,
        items: [
          "♠ The Don leads the mafia: his word decides the night's shot. In the last turn of the night he checks one player: the Commissar or not.",
          "♠ The two Mafia choose the victim with the Don.",
          "♠ The Consort does not shoot with them: she freezes one player a night, and that player's move doesn't count. Not herself, and not the same player three nights running. Left alone of the black team, she shoots too.",
          "♥ The Doctor heals one player a night, himself too, but not the same player two nights running. A heal saves from the shot, from the Maniac and from the freeze.",
          "♥ The Commissar checks one player a night: red or black. Only he sees the answer.",
          "♥ The Maniac plays for the town: each night he may kill one player, or nobody.",
          "♥ The Civilians have no night move: they find the black team by talking and voting.",
        ],
      },
      {
        title: "The first night",
        items: ["Only the black team wakes, for 30 seconds, to see who is who. Nobody acts this night."],
      },
      {
        title: "The day",
        list: true,
        items: [
          "First 2 minutes of free talk: everyone may speak at once.",
          "Then everyone speaks for 30 seconds in seat order and ends with \"thank you\". Day 1 starts at seat 1, each next day one seat further.",
          "In free talk or in your own speech you may ask for an early vote. If two more players support it, the town votes at once.",
        ],
      },
      {
        title: "The vote",
        list: true,
        items: [
          "Players vote one after another, starting one seat after the day's first speaker: 10 seconds each, against any other living player. You can't vote against yourself and you can't abstain.",
          "Too slow: a foul and 5 more seconds, again and again; the fourth foul removes you.",
          "Most votes: that player leaves with 30 seconds of farewell.",
          "A tie: the tied players defend themselves for 30 seconds (20 with four or more), starting from the first of them after the seat that voted first. Then one more vote; if only two are tied, they don't vote. A tie again means a peaceful day.",
          "If every player got exactly one vote, it is a peaceful day too. After a peaceful day there are 15 seconds for gestures and 10 seconds before the night.",
        ],
      },
      {
        title: "The night, in turns",
        items: [
          "The mafia (20 seconds), then the Consort, the Doctor, the Commissar, the Maniac and the Don's check, 10 seconds each. Any of them may pass. A choice made after the time is up doesn't count; the app warns 5 seconds before each turn ends. In the morning the app names who died, and each gets 30 seconds of farewell.",
        ],
      },
      {
        title: "Fouls",
        list: true,
        items: [
          "A late vote is a foul by itself. Other fouls come from the live host, or, when the app is the host, from a technical vote of the table.",
          "Three fouls: one vote against you in the next vote.",
          "The fourth foul: you leave at once, your card is shown, no farewell. The day goes on, and if the town still votes against you, nobody else leaves that day.",
        ],
      },
      {
        title: "The end",
        list: true,
        items: [
          "The town wins only when every black player is out.",
          "The black team wins when no red player is left — or earlier, when its win is certain: with the Maniac gone and at least as many black as red, or with the Doctor gone and more black than red.",
          "If nobody is left alive, it is a draw.",
        ],
      },
    ],
  },
  "host-classic": {
    title: "Classic with a host: Commissar, Doctor, Maniac",
    lead: "The traditional game for 8–16 players, led by a live host or by the app. The Don and the Mafia play black; the Commissar, the Doctor, the Maniac and the Civilians play red — though with more than 10 players the Maniac may go over to the mafia. A player's card is shown as soon as they leave.",
    sections: [
      {
        title: "Roles",
        list: true,
        items: [
          "♠ The Don leads the mafia: if the mafia disagree, his choice is the victim. Then he checks one player: the Commissar or not.",
          "♠ The Mafia choose the night's victim with the Don.",
          "♥ The Commissar checks one player a night — mafia or not — or, once a game, shoots instead. The Maniac always shows as \"not mafia\".",
          "♥ The Doctor is shown the wounded each night and saves one of them. Each player can be saved only once a game, the Doctor too: someone already saved shows with crossed hands.",
          "The Maniac must shoot someone every night. With 10 players or fewer he plays for the town; with more he is asked \"Maniac for the town?\" on the first night — no answer means yes. A black Maniac counts with the mafia but doesn't know them and acts alone.",
          "♥ The Civilians have no night move: they find the black team by talking and voting.",
        ],
      },
      {
        title: "The first night",
        items: ["The mafia wake and the Don shows himself to them by signs; then the Commissar, the Maniac and the Doctor wake in turn, 10 seconds each. Nobody acts, except the Maniac answering his question."],
      },
      {
        title: "Day 1",
        items: ["Introductions only: each player has up to a minute to say \"red\" or \"black\" — never a role — and anything else. There is no vote; the night follows."],
      },
      {
        title: "The day",
        list: true,
        items: [
          "Each player speaks for up to a minute in seat order (each day starts one seat further) and may nominate one player, not themselves.",
          "In your speech you may put a question to one player, who answers within your time.",
          "Then everyone may take one extra word of 30 seconds, or pass.",
        ],
      },
      {
        title: "The vote",
        list: true,
        items: [
          "The nominees are called one by one; raise your hand for the one you vote against. One vote, no abstaining.",
          "Too late or no vote at all: a remark, and your vote goes to the last nominee.",
          "The leader defends for a minute, then the town votes again on them: more than half of the living send them out.",
          "A tie: the tied defend for a minute each and the town votes again among them. A second tie is the car crash: everyone else decides whether all the tied leave or all stay (more than half of them needed); the tied don't vote.",
        ],
      },
      {
        title: "The night, in turns",
        list: true,
        items: [
          "The mafia choose a victim (20 seconds).",
          "The Don looks for the Commissar.",
          "The Commissar checks a player or uses his one shot.",
          "The Maniac shoots.",
          "The Doctor saves one of the wounded — at most three: the mafia's, the Commissar's and the Maniac's targets.",
        ],
      },
      {
        title: "Farewells",
        items: ["A Civilian, the Doctor or a red Maniac who leaves — killed at night or voted out — says a farewell of up to a minute. The Commissar, the Mafia, the Don and a black Maniac leave in silence."],
      },
      {
        title: "The end",
        list: true,
        items: [
          "The town wins when the last black player has left — a black Maniac included.",
          "The mafia win when the black team is as large as the town.",
          "If the mafia are gone but a black Maniac is still at the table, the game goes on.",
        ],
      },
    ],
  },
  club: {
    title: "City club: three sides, 12–15 players",
    lead: "The club's city mafia. Three sides play: the red town, the black mafia led by the Boss, and two loners — the Maniac and the Curser — each playing for themselves. The creator picks the roles for every game, and the table is told how many of each there are. The game is open: a player who leaves shows their card at once — except the Swindler's victim.",
    sections: [
      {
        title: "Roles",
        list: true,
        items: [
          "♠ The Boss leads the mafia. At night he first wakes alone and checks one living player: the Commissar or not. Then his word decides the mafia's victim.",
          "♠ The Mafia wake with the Boss and choose the victim with him. The mafia must shoot every night.",
          "◆ The Maniac plays for himself: each night he may kill one player.",
          "◆ The Curser plays for himself: each night he curses one player. A curse lasts the whole game and no heal removes it.",
          "♥ The Commissar checks one living player a night: red or black. The Maniac and the Curser show black.",
          "♥ The Doctor heals one player a night: not the same player two nights running, himself only once a game. A heal saves from the shot and from the Maniac, not from a curse.",
          "♥ The Kamikaze has no night move: if the Maniac's kill lands on him, the Maniac leaves with him.",
          "♥ The Witness learns one black seat at the first night — never the Boss's.",
          "♥ The Swindler starts red. Once a game, at night, he takes a living player's place: that player leaves without a word and unrevealed, and the Swindler takes their role and side.",
          "♥ The Werewolf starts red. If the mafia's shot would kill him, he doesn't die: he turns black and joins the mafia.",
          "♥ The Civilians have no night move: they find the black team and the loners by talking and voting.",
        ],
      },
      {
        title: "The first night",
        items: [
          "The players with a night move wake one after another — the Boss and the Mafia together — and nobody acts. The Witness learns his black seat.",
        ],
      },
      {
        title: "The day",
        list: true,
        items: [
          "The morning tells who died and who was cursed, then the answers of the Commissar's and the Boss's checks — to the whole table, without saying who checked.",
          "Free talk (\"balagan\"): 2 minutes, about 1 minute on the first day.",
          "Then everyone speaks for 30 seconds, the last speaker 45. In your speech you may put up one or two players, never yourself, and you can't take it back. \"Thank you\" or \"pass\" ends your speech early.",
          "\"Under a foul\": 30 more seconds of your speech for a foul — at most twice a game.",
        ],
      },
      {
        title: "Candidates and the vote",
        list: true,
        items: [
          "Everyone sharing the most nominations and everyone sharing the second most defend themselves (5 and 4 nominations: both; 5 and 5: both; 5, 4 and 4: three). More than four candidates: nobody leaves today.",
          "Each candidate gets 30 seconds of defence. Then hands are raised for each candidate in turn: one hand each, candidates vote too, and nobody's vote is given for them.",
          "On the first day the table is asked first whether it wants to expel anyone at all. Without more than half of the living saying yes, the night comes without a victim.",
          "Most hands: that player leaves, shows the card and has 30 seconds of last words.",
          "Car crash: two candidates with equal hands — \"expel both?\"; more than half of the living must say yes, or nobody leaves. With three or four candidates those with the fewest hands drop out, the rest speak again for 30 seconds and the hands are raised again.",
        ],
      },
      {
        title: "The night, in turns",
        items: [
          "The Boss's check, then the Boss and the Mafia (the only time they wake together), the Maniac, the Curser, the Swindler, the Commissar and the Doctor. Only the roles in this game get a turn. The night's dead get 30 seconds of last words in the morning.",
        ],
      },
      {
        title: "Fouls",
        list: true,
        items: [
          "The host gives fouls — for talking out of turn, insults, speaking to the host, hinting at a role where it isn't allowed. When the app is the host, the table gives them by a technical vote.",
          "Three fouls: you leave the game and your card is shown.",
          "Some things remove you at once, without warning: peeking or talking at night, swearing at players or the host, oaths (\"I swear\"), lowering your hand before \"accepted\".",
        ],
      },
      {
        title: "The end",
        list: true,
        items: [
          "The town wins when every black card — the Maniac and the Curser included — has left.",
          "The black team wins when it is as many as the red; the loners don't count.",
          "The Maniac wins if he is the last one left, or one of the last two.",
          "The Curser wins if only he and the players he cursed are left; while he sits at the table the town can't win.",
          "The Swindler and the Werewolf win with the side they end the game on. At the end the table sees every seat, role and nick.",
        ],
      },
    ],
  },
};
