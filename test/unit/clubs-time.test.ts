/**
 * Issue 19, club evenings (RULES.md §6.11 "a fixed weekly evening (Sunday 18:00, a named venue)"): the
 * evening is set as a wall time in the club's IANA zone, stored in UTC, and shown in each viewer's zone
 * with the club's zone named (shared/clubs/time.ts). Also: the club screens' catalogue is complete in
 * uk/ru/en with the English placeholders (web/src/clubs/catalogue.ts).
 */
import { describe, expect, it } from "vitest";
import { eveningTime, isTimeZone, utcToWallTime, wallTimeToUtc, zoneOffsetMs } from "../../shared/clubs/time.ts";
import { CLUB_CATALOGUES } from "../../web/src/clubs/catalogue.ts";

describe("§6.11 an evening's wall time in the club's zone ↔ UTC", () => {
  it("Sunday 18:00 in Kyiv is 16:00 UTC in winter and 15:00 UTC in summer", () => {
    expect(wallTimeToUtc("2026-03-01T18:00", "Europe/Kyiv")).toBe(Date.UTC(2026, 2, 1, 16, 0));
    expect(wallTimeToUtc("2026-07-05T18:00", "Europe/Kyiv")).toBe(Date.UTC(2026, 6, 5, 15, 0));
    expect(wallTimeToUtc("2026-03-01T18:00", "America/New_York")).toBe(Date.UTC(2026, 2, 1, 23, 0));
    expect(wallTimeToUtc("2026-03-01T18:00", "UTC")).toBe(Date.UTC(2026, 2, 1, 18, 0));
  });

  it("round-trips: UTC → the zone's wall time → UTC", () => {
    for (const tz of ["Europe/Kyiv", "Europe/Moscow", "Asia/Kolkata", "America/Los_Angeles", "Australia/Lord_Howe"]) {
      for (const ms of [Date.UTC(2026, 0, 4, 15, 30), Date.UTC(2026, 5, 21, 9, 0), Date.UTC(2026, 9, 25, 22, 45)]) {
        expect(wallTimeToUtc(utcToWallTime(ms, tz), tz), `${tz} ${ms}`).toBe(ms);
      }
    }
  });

  it("a time the clocks skip lands after the jump; a time that happens twice is the first one", () => {
    // Kyiv, 29 March 2026: 03:00 → 04:00 (EET +2 → EEST +3). 03:30 does not exist: taken at +2 → 04:30 on the clock.
    const gap = wallTimeToUtc("2026-03-29T03:30", "Europe/Kyiv")!;
    expect(gap).toBe(Date.UTC(2026, 2, 29, 1, 30));
    expect(utcToWallTime(gap, "Europe/Kyiv")).toBe("2026-03-29T04:30");
    // 25 October 2026: 04:00 → 03:00. 03:30 happens twice; the first (still +3) is 00:30 UTC.
    expect(wallTimeToUtc("2026-10-25T03:30", "Europe/Kyiv")).toBe(Date.UTC(2026, 9, 25, 0, 30));
  });

  it("refuses dates that do not exist and names that are not zones", () => {
    expect(wallTimeToUtc("2026-02-30T18:00", "UTC")).toBeNull();
    expect(wallTimeToUtc("2026-03-01T24:00", "UTC")).toBeNull();
    expect(wallTimeToUtc("1 March 18:00", "UTC")).toBeNull();
    expect(isTimeZone("Europe/Kyiv")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("+02:00")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(zoneOffsetMs(Date.UTC(2026, 0, 1), "Asia/Kolkata")).toBe(5.5 * 3600_000);
  });
});

describe("§6.11 an evening shown in the viewer's zone, the club's zone named", () => {
  const sunday = Date.UTC(2026, 2, 1, 16, 0); // 18:00 in Kyiv

  it("a viewer in the club's zone sees one time; the zone is still named", () => {
    const t = eveningTime(sunday, "Europe/Kyiv", "Europe/Kyiv", "en-GB");
    expect(t.local).toContain("18:00");
    expect(t.local).toContain("Sun");
    expect(t.club).toBeNull();
    expect(t.zone).toBe("Europe/Kyiv");
  });

  it("a viewer elsewhere sees their own time and the club's clock", () => {
    const t = eveningTime(sunday, "Europe/Kyiv", "America/New_York", "en-GB");
    expect(t.local).toContain("11:00");
    expect(t.club).toBe("18:00");
  });

  it("when the club's day differs from the viewer's, the club's clock carries its date", () => {
    // 23:30 in Kyiv on Sunday is Monday 06:30 in Tokyo.
    const late = Date.UTC(2026, 2, 1, 21, 30);
    const t = eveningTime(late, "Europe/Kyiv", "Asia/Tokyo", "en-GB");
    expect(t.local).toContain("Mon");
    expect(t.club).toContain("Sun");
    expect(t.club).toContain("23:30");
  });

  it("a zone with the same offset at that instant counts as the same clock", () => {
    expect(eveningTime(sunday, "Europe/Kyiv", "Europe/Helsinki", "en-GB").club).toBeNull();
  });
});

describe("the club screens' catalogue (issue 19)", () => {
  // Each placeholder once: a line with plural forms (issue 38.7, "one|few|many|other") repeats its {n}.
  const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
  for (const lang of ["uk", "ru"] as const) {
    it(`${lang}: every line is filled, not English, and takes the English placeholders`, () => {
      const cat = CLUB_CATALOGUES[lang] as Record<string, string>;
      for (const [key, en] of Object.entries(CLUB_CATALOGUES.en)) {
        expect(cat[key]?.trim(), key).toBeTruthy();
        expect(placeholders(cat[key]!), key).toEqual(placeholders(en));
        if (/[a-z]{4}/.test(en) && !/^\{/.test(en)) expect(cat[key], `${key} is not translated`).not.toBe(en);
      }
      expect(Object.keys(cat).sort()).toEqual(Object.keys(CLUB_CATALOGUES.en).sort());
    });
  }
});
