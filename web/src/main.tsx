import { render } from "solid-js/web";
import { App } from "./App.tsx";
import "./styles.css";

import { catalogueReady, loadParts } from "./i18n/index.ts";
import { route } from "./lib/router.ts";
import { loadClubs, loadHome, loadTable } from "./routes.ts";

// The page this address shows starts loading now, alongside the catalogue (not after the first render).
const first = route().name;
if (first === "table") void loadTable();
else if (first === "home") void loadHome();
else if (first === "club" || first === "evening" || first === "club-new") void loadClubs();

// The page's language catalogue is a lazy chunk (uk, ru): render once it is here, never in English first.
void catalogueReady.then(() => render(() => <App />, document.getElementById("app")!));
// The error lines are read only after a request failed: they come after the first render, and nothing waits for them.
void catalogueReady.then(() => loadParts("errors"));
