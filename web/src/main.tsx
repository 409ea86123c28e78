import { render } from "solid-js/web";
import { App } from "./App.tsx";
import "./styles.css";

import { catalogueReady } from "./i18n/index.ts";

// The page's language catalogue is a lazy chunk (uk, ru): render once it is here, never in English first.
void catalogueReady.then(() => render(() => <App />, document.getElementById("app")!));
