/** Modules made by web/vite.config.ts at build time. */
declare module "virtual:preset-settings" {
  /** Every preset's settings descriptors and account requirement, from shared/engine's listPresets(). */
  const presets: ReadonlyArray<import("./home/presets.ts").PresetSettings>;
  export default presets;
}
