/**
 * The /dev/* fixture pages (hand-made views, web/src/dev/DevFixture.tsx) are built only on an explicit
 * MAFIA_DEV_FIXTURES=1 or by the dev server: a plain `npm run build:web` (then `wrangler deploy`) has none.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { devFixtures } from "../../web/dev-fixtures.ts";

describe("dev fixtures only on an explicit flag", () => {
  it("a build without the flag, or with anything but 1, has no fixture page; the flag or the dev server has it", () => {
    expect(devFixtures("build", undefined)).toBe(false);
    expect(devFixtures("build", "")).toBe(false);
    expect(devFixtures("build", "0")).toBe(false);
    expect(devFixtures("build", "true")).toBe(false);
    expect(devFixtures("build", "1")).toBe(true);
    expect(devFixtures("serve", undefined)).toBe(true);
    expect(devFixtures("serve", "0")).toBe(false);
  });

  it("the package's build and deploy scripts do not set the flag; the test runner does", () => {
    const scripts = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts["build:web"]).not.toContain("MAFIA_DEV_FIXTURES=1");
    expect(scripts["deploy"]).not.toContain("MAFIA_DEV_FIXTURES=1");
    expect(readFileSync(new URL("../../scripts/test.mjs", import.meta.url), "utf8")).toContain('MAFIA_DEV_FIXTURES: "1"');
  });
});
