/**
 * RULES.md §8 "spectators hear the public channel, after the table's spectator delay": neither media plane
 * can hold a stream back (the mesh is peer to peer; the SFU forwards live), so a delayed spectator's page
 * holds the sound back itself and the sound reaches the device live. The create form says so beside the
 * delay it offers, in every language, and the organizer's switch no longer claims that a delayed table
 * has no spectator sound (the server serves delayed spectators: worker/table/media.ts, sfu.ts).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { en } from "../../web/src/i18n/en.ts";
import { ru } from "../../web/src/i18n/ru.ts";
import { uk } from "../../web/src/i18n/uk.ts";

const LIVE = { en: /\blive\b/, uk: /наживо/, ru: /вживую/ } as const;
const CATALOGUES = { en, uk, ru } as const;

describe("§8 the delayed spectator's sound, as the forms say it", () => {
  it("the create form describes its delay select with the note", () => {
    const form = readFileSync(new URL("../../web/src/home/create-form.tsx", import.meta.url), "utf8");
    expect(form.split("\n").find((l) => l.includes('<select id="spectatorDelay"'))).toContain('aria-describedby="about-delay"');
    expect(form).toMatch(/id="about-delay"[^>]*>\s*\{t\("create\.delay\.about"\)\}/);
  });

  for (const lang of ["en", "uk", "ru"] as const) {
    it(`${lang}: the delay's note says the sound reaches the spectator live and the page holds it back; the switch does not say 'no delay'`, () => {
      const c = CATALOGUES[lang] as Record<string, string>;
      expect(c["create.delay.about"]).toMatch(LIVE[lang]);
      expect(c["org.spectatorsHear"]).not.toMatch(/no delay|немає затримки|нет задержки/);
    });
  }
});
