import { lazy, Match, Switch } from "solid-js";
import { t } from "./i18n/index.ts";
import { route } from "./lib/router.ts";
import { loadClubs, loadHome, loadRecord, loadTable, loadTournaments, withParts } from "./routes.ts";
import { NotFound } from "./ui/NotFound.tsx";

/**
 * The two pages people land on are chunks of their own (the initial JS budget,
 * docs/PERFORMANCE.md): main.tsx starts fetching the one the address asks for while the language
 * catalogue loads, so neither waits for the other.
 */
const Home = lazy(() => loadHome().then((m) => ({ default: m.Home })));
const TableScreen = lazy(() => loadTable().then((m) => ({ default: m.TableScreen })));

/** The dev page renders the table from hand-made views; a separate chunk, loaded only on /dev/*, and not in a deploy build at all. */
const DevFixture = __DEV_FIXTURES__ ? lazy(() => withParts(import("./dev/DevFixture.tsx"), "table", "panels", "roles")) : null;
/** Account screens: lazy, with @simplewebauthn/browser inside the sign-in chunk only. */
const SignIn = lazy(() => withParts(import("./account/SignIn.tsx"), "account"));
const Profile = lazy(() => withParts(import("./account/Profile.tsx"), "account", "pages", "table", "panels"));
/** The club pages, one lazy chunk (web/src/routes.ts loadClubs). */
const ClubPage = lazy(() => loadClubs().then((m) => ({ default: m.ClubPage })));
const EveningPage = lazy(() => loadClubs().then((m) => ({ default: m.EveningPage })));
const NewClub = lazy(() => loadClubs().then((m) => ({ default: m.NewClub })));
/** The tournament screens, one lazy chunk (web/src/routes.ts loadTournaments). */
const NewTournament = lazy(() => loadTournaments().then((m) => ({ default: m.NewTournament })));
const TournamentPage = lazy(() => loadTournaments().then((m) => ({ default: m.TournamentPage })));
/** A finished game's record, replayed (web/src/routes.ts loadRecord). */
const RecordPage = lazy(loadRecord);
/** A format's rules test (RULES.md §7.11), its own lazy chunk. */
const RulesTestPage = lazy(() => withParts(import("./rules-test/RulesTestPage.tsx"), "pages", "account"));
/** How to play: the long texts in uk/ru/en live in their own lazy chunk; its links to the other topics are the home page's (pages part). */
const HowTo = lazy(() => withParts(import("./howto/HowTo.tsx"), "pages"));
/** The rules book (docs/RULES.md) as a page, its own lazy chunk. */
const RulesPage = lazy(() => import("./rules/RulesPage.tsx"));
/** The public clubs and the rating leaderboard, each a lazy chunk of its own (the club page's route stays within its budget). */
const ClubDirectory = lazy(() => withParts(import("./clubs/Directory.tsx"), "clubs").then((m) => ({ default: m.ClubDirectory })));
const Leaderboard = lazy(() => withParts(import("./clubs/Leaderboard.tsx"), "clubs").then((m) => ({ default: m.Leaderboard })));

export function App() {
  return (
    <>
      <a class="skip" href="#main">
        {t("app.skip")}
      </a>
      <Switch>
        <Match when={route().name === "home"}>
          <Home />
        </Match>
        <Match when={(() => { const r = route(); return r.name === "table" ? r.code : null; })()} keyed>
          {(code) => <TableScreen code={code} />}
        </Match>
        <Match when={route().name === "signin"}>
          <SignIn />
        </Match>
        <Match when={(() => { const r = route(); return r.name === "profile" ? r.nick : null; })()} keyed>
          {(nick) => <Profile nick={nick} />}
        </Match>
        <Match when={(() => { const r = route(); return r.name === "how" ? r.topic : null; })()} keyed>
          {(topic) => <HowTo topic={topic} />}
        </Match>
        <Match when={route().name === "club-new"}>
          <NewClub />
        </Match>
        <Match when={(() => { const r = route(); return r.name === "club" ? r.id : null; })()} keyed>
          {(id) => <ClubPage id={id} />}
        </Match>
        <Match when={(() => { const r = route(); return r.name === "evening" ? `${r.club}/${r.evening}` : null; })()} keyed>
          {(key) => <EveningPage club={key.split("/")[0]!} evening={key.split("/")[1]!} />}
        </Match>
        <Match when={(() => { const r = route(); return r.name === "record" ? `${r.code}/${r.game}` : null; })()} keyed>
          {(key) => <RecordPage code={key.split("/")[0]!} game={Number(key.split("/")[1])} />}
        </Match>
        <Match when={route().name === "tournament-new"}>
          <NewTournament />
        </Match>
        <Match when={(() => { const r = route(); return r.name === "tournament" ? r.id : null; })()} keyed>
          {(id) => <TournamentPage id={id} />}
        </Match>
        <Match when={(() => { const r = route(); return r.name === "rules-test" ? r.format : null; })()} keyed>
          {(format) => <RulesTestPage format={format} />}
        </Match>
        <Match when={route().name === "rules"}>
          <RulesPage />
        </Match>
        <Match when={route().name === "clubs"}>
          <ClubDirectory />
        </Match>
        <Match when={route().name === "leaders"}>
          <Leaderboard />
        </Match>
        <Match when={route().name === "notfound"}>
          <NotFound />
        </Match>
        <Match when={(() => { const r = route(); return r.name === "dev" ? r.fixture : null; })()} keyed>
          {(name) => (DevFixture ? <DevFixture name={name} /> : null)}
        </Match>
      </Switch>
    </>
  );
}
