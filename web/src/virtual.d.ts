/** Whether this build carries the /dev/* fixture pages (web/vite.config.ts `define`; false in a deploy build). */
declare const __DEV_FIXTURES__: boolean;

/** Modules made by web/vite.config.ts at build time. */
declare module "virtual:preset-settings" {
  /** Every preset's settings descriptors and account requirement, from shared/engine's listPresets(). */
  const presets: ReadonlyArray<import("./home/presets.ts").PresetSettings>;
  export default presets;
}

declare module "virtual:preset-flags" {
  /** The ids of the presets with each flag of virtual:preset-settings the table page asks about. */
  const flags: Readonly<Record<"consigliere" | "lobbyCounts" | "hostRemoval", readonly string[]>>;
  export default flags;
}

declare module "virtual:rule-headings" {
  /** docs/RULES.md's headings by section number ("6.10" → "§6.10 Immunity in the next game"). */
  const titles: Readonly<Record<string, string>>;
  export default titles;
}

/** One part of one language's catalogue (web/vite.config.ts, web/src/i18n/parts.ts): key → line. */
declare module "virtual:catalogue/*" {
  const lines: Readonly<Record<string, string>>;
  export default lines;
}
