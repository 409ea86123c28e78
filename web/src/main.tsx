import { render } from "solid-js/web";
import { App } from "./App.tsx";
import "./styles.css";

render(() => <App />, document.getElementById("app")!);
