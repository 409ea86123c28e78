// What README's two commands need beyond the repository, fetched when missing (issue 11: "README's two
// commands do all the set-up on a bare machine"). Node builtins only: this runs before (and even
// without) `npm install`, on whatever Node the machine has.
//
//   ensurePackages()  node_modules (npm install) — a bare `npm test` or `npm start` installs first;
//   ensureChromium()  Debian's Chromium and a font for the browser suite (apt-get, as root).
//
// Each says what it installs and why before it does; when it cannot (not root, no apt-get, a failed
// install) it stops the command with one line saying what to install — never a stack trace.
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { join } from "node:path";

export const ROOT = new URL("..", import.meta.url).pathname;

/** The browser the suite drives (test/browser/harness.ts reads the same variable). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Debian's packages: the browser, and a font with Latin and Cyrillic for the pages and screenshots. */
export const CHROMIUM_PACKAGES = ["chromium", "fonts-dejavu-core"];

/** Stops the command with one clear line (exit 1). */
export function stop(prefix, line) {
  console.error(`${prefix}: ${line}`);
  process.exit(1);
}

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(cmd) {
  return (process.env.PATH ?? "").split(":").some((dir) => dir && executable(join(dir, cmd)));
}

/** `npm install` when the packages are missing (a bare `npm test` / `npm start`). */
export function ensurePackages(prefix) {
  const need = ["vitest", "wrangler", "vite", "tsc"].filter((bin) => !existsSync(join(ROOT, "node_modules/.bin", bin)));
  if (need.length === 0) return;
  console.log(`${prefix}: npm packages are not installed (no ${need.join(", ")} in node_modules) — running \`npm install\` first`);
  const r = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) stop(prefix, "`npm install` failed (see above); run it yourself, then this command again");
}

/** Installs Debian's Chromium (and a font) when the browser suite's browser is missing. */
export function ensureChromium(prefix) {
  if (executable(CHROMIUM)) return;
  const what = `${CHROMIUM_PACKAGES.join(" ")}`;
  if (process.env.CHROMIUM_PATH) stop(prefix, `CHROMIUM_PATH=${CHROMIUM} is not an executable file; point it at a Chromium, or unset it to use Debian's (apt-get install -y ${what})`);
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!root || !onPath("apt-get")) {
    stop(prefix, `the browser suite needs Chromium at ${CHROMIUM}: install it with \`sudo apt-get install -y ${what}\` (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium, then run this again`);
  }
  console.log(
    `${prefix}: Chromium is missing (${CHROMIUM}). The browser suite plays whole games in a real browser, and ` +
      `downloaded browsers are not used here, so installing Debian's packages: apt-get install -y ${what} (about a minute)`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  const install = update.status === 0 && spawnSync("apt-get", ["install", "-y", "-qq", ...CHROMIUM_PACKAGES], { stdio: ["ignore", "ignore", "inherit"], env });
  if (!install || install.status !== 0 || !executable(CHROMIUM)) {
    stop(prefix, `installing Chromium failed (see above); install it with \`apt-get install -y ${what}\`, then run this again`);
  }
  const version = spawnSync(CHROMIUM, ["--version"], { encoding: "utf8" });
  console.log(`${prefix}: installed ${(version.stdout ?? "").trim() || CHROMIUM}`);
}
