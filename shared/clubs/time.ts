/**
 * Time zones for club evenings (RULES.md §6.11 "a fixed weekly evening (Sunday 18:00 …)"): an
 * evening is set as a wall time in the club's IANA zone, stored as UTC ms, and shown in each viewer's own
 * zone with the club's zone named. Pure (Intl only), shared by the worker and the web client.
 */

/** A usable IANA time zone name (Intl knows it). "UTC" counts; offsets like "+02:00" do not. */
export function isTimeZone(tz: string): boolean {
  if (tz.length === 0 || tz.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const partsFormat = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `utcMs` in `tz`, as if it were UTC (so `wall - utcMs` is the zone's offset then). */
function wallOf(utcMs: number, tz: string): number {
  let f = partsFormat.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { timeZone: tz, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    partsFormat.set(tz, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(utcMs)) if (part.type !== "literal") p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
}

/** The zone's offset from UTC at that instant, in ms (Kyiv in winter: +2 h). */
export const zoneOffsetMs = (utcMs: number, tz: string): number => wallOf(utcMs, tz) - Math.floor(utcMs / 1000) * 1000;

/**
 * A wall time "YYYY-MM-DDTHH:mm" in `tz` → UTC ms; null when it is not a real date and time. A time the
 * clocks skip (spring forward) is taken in the offset before the jump, so it lands one hour later on the
 * clock; a time that happens twice (fall back) is the first of the two.
 */
export function wallTimeToUtc(local: string, tz: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // The offset an hour or more either side decides; try the earlier one first (fall back: the first pass).
  const before = asUtc - zoneOffsetMs(asUtc - 3 * 3600_000, tz);
  if (wallOf(before, tz) === asUtc) return before;
  const after = asUtc - zoneOffsetMs(asUtc + 3 * 3600_000, tz);
  if (wallOf(after, tz) === asUtc) return after;
  return before; // in a gap: the clock before the jump
}

/** `utcMs` as a wall time "YYYY-MM-DDTHH:mm" in `tz` (the value of an <input type="datetime-local">). */
export function utcToWallTime(utcMs: number, tz: string): string {
  return new Date(wallOf(utcMs, tz)).toISOString().slice(0, 16);
}

/** How an evening's time is shown: in the viewer's zone, and in the club's when that differs then. */
export interface EveningTime {
  /** Date and time in the viewer's zone. */
  local: string;
  /** Time in the club's zone (date too when the day differs); null when both zones read the same then. */
  club: string | null;
  /** The club's zone, as named (IANA, "Europe/Kyiv"). */
  zone: string;
}

/**
 * A zone as a person reads it, not its IANA id ("Europe/Kyiv"): the language's generic name
 * from Intl ("Eastern European Time", "за східноєвропейським часом", "Восточная Европа"); where Intl has
 * none (it answers with a bare offset, "GMT+2"), the id's city with spaces ("New York").
 */
export function zoneLabel(tz: string, locale: string, at = Date.now()): string {
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat(locale, { timeZone: tz, timeZoneName: "longGeneric" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value;
  } catch {
    name = undefined;
  }
  if (name && !/^(GMT|UTC)([+−-]|$)/u.test(name) && !name.includes("/")) return name;
  if (tz === "UTC" || tz === "Etc/UTC") return "UTC";
  return (tz.split("/").pop() ?? tz).replace(/_/g, " ");
}

/** Format an evening's start for a viewer (`viewerTz` from the browser, `locale` a BCP 47 tag). */
export function eveningTime(utcMs: number, clubTz: string, viewerTz: string, locale: string): EveningTime {
  const fmt = (tz: string, withDate: boolean) =>
    new Intl.DateTimeFormat(locale, withDate ? { timeZone: tz, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" } : { timeZone: tz, hour: "2-digit", minute: "2-digit" }).format(utcMs);
  const local = fmt(viewerTz, true);
  const same = zoneOffsetMs(utcMs, clubTz) === zoneOffsetMs(utcMs, viewerTz);
  const sameDay = utcToWallTime(utcMs, clubTz).slice(0, 10) === utcToWallTime(utcMs, viewerTz).slice(0, 10);
  return { local, club: same ? null : fmt(clubTz, !sameDay), zone: clubTz };
}
