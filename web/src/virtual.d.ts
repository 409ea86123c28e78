/** Issue 33: whether this build carries the /dev/* fixture pages (web/vite.config.ts `define`; false in a deploy build). */
declare const __DEV_FIXTURES__: boolean;

/** Modules made by web/vite.config.ts at build time. */
declare module "virtual:preset-settings" {
  /** Every preset's settings descriptors and account requirement, from shared/engine's listPresets(). */
  const presets: ReadonlyArray<import("./home/presets.ts").PresetSettings>;
  export default presets;
}
