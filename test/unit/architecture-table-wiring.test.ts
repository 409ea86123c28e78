/**
 * How the table's parts are wired (worker/table/table.ts):
 * - the one alarm knows no part: it takes the table's core, the runtime alarm, the failure counts and
 *   the clock, and every clock it waits for is an item a part registers (ports.ts AlarmItem), as the
 *   after-change subscribers are; each kind of schedule.ts is offered by exactly one part;
 * - no lazy getter wires the parts: each part is handed members already built when it is built, so a
 *   part's constructor call names only parts built above it; a part reached before it is built (a
 *   cycle that remains) is a named forwarder written out where the part is wired, and their number
 *   only goes down.
 * The detectors are tested on samples first, so an empty finding means something.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../../worker/table");
const read = (name: string): string => readFileSync(join(ROOT, name), "utf8");

/** What the alarm may take: the table's core, the runtime alarm, the failure counts, the clock, whether the table exists. */
const ALARM_MAY_TAKE = new Set(["config", "env", "forgetCaches", "now", "runtimeAlarm", "alarmFailures", "clock", "store"]);

/** The members of a part's `…Deps` interface: the TableCore Picks and the `readonly x:` lines. */
function depsMembers(text: string, name: string): string[] {
  const m = new RegExp(`interface ${name}\\b([^{]*)\\{([\\s\\S]*?)\\n\\}`).exec(text);
  if (!m) return [];
  const core = /Pick<TableCore,([^>]*)>/.exec(m[1]!)?.[1] ?? "";
  const picked = [...core.matchAll(/"(\w+)"/g)].map((x) => x[1]!);
  const own = [...m[2]!.matchAll(/^\s*readonly (\w+)\s*:/gm)].map((x) => x[1]!);
  return [...picked, ...own];
}

/** The members of the alarm's deps that are none of what it may take (a part, reached directly). */
function alarmTakesParts(alarmTs: string): string[] {
  return depsMembers(alarmTs, "AlarmDeps").filter((k) => !ALARM_MAY_TAKE.has(k));
}

/** Code only: comment lines and trailing comments left out. */
function code(text: string): string {
  return text
    .split("\n")
    .filter((l) => !/^\s*(\*|\/\*|\/\/)/.test(l))
    .map((l) => l.replace(/\/\/.*$/, ""))
    .join("\n");
}

/** Getters that wire parts: property descriptors with `get`, `defineProperty`, and `get x()` accessors — the env's aside (not a part; read at each use). */
function lazyGetters(tableTs: string): string[] {
  return code(tableTs)
    .split("\n")
    .filter((l) => !l.includes('"env"'))
    .filter((l) => /\bdefineProperty\b|\bget\s*:|(^\s*|[{,]\s*)get\s+(?!env\b)\w+\s*\(/.test(l))
    .map((l) => l.trim());
}

/**
 * The wiring statements `this.x = new Y(…);` in order: which member each builds, the members it names
 * through `p(…)` and the forwarders it writes out (`() => this.part.method(…)`).
 */
function wiring(tableTs: string): { built: string; named: string[]; forwarded: string[] }[] {
  const text = code(tableTs);
  const out: { built: string; named: string[]; forwarded: string[] }[] = [];
  const re = /this\.(\w+) = new \w+\(/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    // The call's text up to its closing parenthesis.
    let depth = 1;
    let i = m.index + m[0].length;
    for (; i < text.length && depth > 0; i++) {
      if (text[i] === "(") depth++;
      else if (text[i] === ")") depth--;
    }
    const call = text.slice(m.index + m[0].length, i - 1);
    const named = [...(/\bp\(([^)]*)\)/.exec(call)?.[1] ?? "").matchAll(/"(\w+)"/g)].map((x) => x[1]!);
    const forwarded = [...call.matchAll(/=>\s*this\.(\w+)\.(\w+)\(/g)].map((x) => `${x[1]}.${x[2]}`);
    // Only a part's wiring (through `p`): the leaf helpers and the after-change list are not parts.
    if (/\bp\(/.test(call)) out.push({ built: m[1]!, named, forwarded });
  }
  return out;
}

/** Each part that names (through `p`) a part built only after it. */
function namedBeforeBuilt(tableTs: string): string[] {
  const steps = wiring(tableTs);
  const parts = new Set(steps.map((s) => s.built));
  const built = new Set<string>();
  const found: string[] = [];
  for (const s of steps) {
    for (const n of s.named) if (parts.has(n) && !built.has(n)) found.push(`${s.built} names ${n} before it is built`);
    built.add(s.built);
  }
  return found;
}

/** The forwarders to parts built later (the cycles that remain), as "part → other.method". */
function forwarders(tableTs: string): string[] {
  return wiring(tableTs).flatMap((s) => s.forwarded.map((f) => `${s.built} → ${f}`));
}

// Samples: the wiring before the parts registered their alarm items and were built in order.
const OLD_ALARM = `interface AlarmDeps extends Pick<TableCore, "afterChange" | "config" | "env" | "forgetCaches" | "now" | "tx"> {
  readonly runtimeAlarm: RuntimeAlarm;
  readonly alarmFailures: Pick<AlarmFailures, "adjust" | "clear" | "failed" | "skip">;
  readonly bots: Pick<BotsPort, "run">;
  readonly clock: Pick<TableClock, "setSkew" | "skew">;
  readonly match: Pick<MatchPort, "commit" | "lastState" | "persist" | "state">;
  readonly presence: Pick<PresencePort, "flush" | "hostAwayDue" | "hostGone" | "forgetHostLoss">;
  readonly store: Pick<TableStore, "control" | "extras" | "game" | "initialized">;
}`;
const OLD_WIRING = `
    this.presence = new Presence(p("now", "config", "store", "match", "fanout", "alarm"));
    this.match = new Match(p("config", "tx", "store", "fanout", "consiglieri"));
    this.fanout = new Fanout(p("now", "config", "store", "match", "presence"));
  private parts<K extends keyof this>(...keys: K[]): Pick<this, K> {
    for (const k of keys) {
      Object.defineProperty(deps, k, {
        enumerable: true,
        get: () => {
          const v = this[k];`;

describe("the table's alarm knows no part; no lazy getter wires the parts", () => {
  it("the detectors find an alarm that takes parts, getters that wire, parts named before they are built, and forwarders", () => {
    expect(alarmTakesParts(OLD_ALARM)).toEqual(["afterChange", "tx", "bots", "match", "presence"]);
    expect(depsMembers(OLD_ALARM, "AlarmDeps")).toHaveLength(13);
    expect(lazyGetters(OLD_WIRING)).toEqual(["Object.defineProperty(deps, k, {", "get: () => {"]);
    expect(lazyGetters("  get env(): Env {\n    return this.envOf();")).toEqual([]);
    expect(lazyGetters("  get fanout(): Fanout {")).toHaveLength(1);
    expect(lazyGetters("    // parts are never wired through a get: accessor")).toEqual([]);
    expect(lazyGetters('        Object.defineProperty(deps, "env", { enumerable: true, get: this.envOf });')).toEqual([]);
    expect(namedBeforeBuilt(OLD_WIRING)).toEqual(["presence names match before it is built", "presence names fanout before it is built", "match names fanout before it is built"]);
    const forwarding = `    this.match = new Match(withForwarders(p("config"), { fanout: { forgetLogs: () => this.fanout.forgetLogs() } }));`;
    expect(namedBeforeBuilt(forwarding)).toEqual([]);
    expect(forwarders(forwarding)).toEqual(["match → fanout.forgetLogs"]);
  });

  it("the alarm takes no part, and each kind of alarm item is one part's, registered in table.ts", () => {
    const alarm = read("alarm.ts");
    expect(depsMembers(alarm, "AlarmDeps").length).toBeGreaterThan(3);
    expect(alarmTakesParts(alarm)).toEqual([]);
    const table = code(read("table.ts"));
    const alarmWiring = wiring(table).find((s) => s.built === "alarm");
    expect(alarmWiring?.named.filter((k) => !ALARM_MAY_TAKE.has(k))).toEqual([]);

    const kinds = /export type DueKind = ([^;]*);/.exec(read("schedule.ts"))![1]!.match(/"[\w-]+"/g)!.map((k) => k.slice(1, -1));
    expect(kinds.length).toBeGreaterThanOrEqual(9);
    const offered = readdirSync(ROOT)
      .filter((f) => f.endsWith(".ts") && f !== "schedule.ts")
      .flatMap((f) => [...code(read(f)).matchAll(/: AlarmItem = \{\s*kind: "([\w-]+)",/g)].map((m) => `${m[1]} ${f}`));
    expect(offered.map((o) => o.split(" ")[0]).sort()).toEqual([...kinds].sort());
    const registered = /this\.alarm\.register\(\[([\s\S]*?)\]\)/.exec(table)?.[1]?.match(/this\.\w+\.\w+/g) ?? [];
    expect(registered).toHaveLength(kinds.length);
  });

  it("no getter wires the parts; each part names only parts built before it; the forwarders left are few and named", () => {
    const table = read("table.ts");
    expect(wiring(table).length).toBeGreaterThan(20);
    expect(lazyGetters(table)).toEqual([]);
    expect(namedBeforeBuilt(table)).toEqual([]);
    // The cycles that remain, each reached through a forwarder written out where the part is wired.
    // Their number only goes down: a new cycle is a design decision, not a wiring detail.
    expect(forwarders(table).length).toBeLessThanOrEqual(16);
  });
});
