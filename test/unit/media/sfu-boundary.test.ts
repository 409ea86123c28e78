/**
 * Issue 15: only the table object talks to the SFU and TURN, with the secrets (docs/MEDIA.md §6). A
 * look at the source: the API clients are imported by the table object's media parts only, the
 * secrets' names are read there (and declared in env.ts), and nothing under web/ or shared/ names
 * them or the API's host.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../../..", import.meta.url).pathname;
function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((f) => {
    const p = join(dir, f);
    return statSync(join(root, p)).isDirectory() ? files(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}
const source = (dirs: string[]) => dirs.flatMap(files).map((f) => ({ f: relative(root, join(root, f)), text: readFileSync(join(root, f), "utf8") }));

describe("the SFU's boundary", () => {
  const worker = source(["worker"]);
  it("the API clients are imported only by the table object's media parts", () => {
    const importers = (m: string) => worker.filter((x) => x.text.includes(`/media/${m}"`) || x.text.includes(`./${m}"`)).map((x) => x.f).sort();
    expect(importers("sfu-api.ts")).toEqual(["worker/table/media.ts", "worker/table/sfu.ts"]);
    expect(importers("turn.ts")).toEqual(["worker/table/media.ts"]);
  });
  it("the secrets are named only there (read from env by the table object, handed to the clients)", () => {
    for (const name of ["SFU_APP_SECRET", "SFU_APP_ID", "TURN_KEY_API_TOKEN", "TURN_KEY_ID"]) {
      const readers = worker.filter((x) => x.text.includes(name)).map((x) => x.f).sort();
      for (const r of readers) expect(["worker/env.ts", "worker/table/media.ts", "worker/table/sfu.ts", "worker/media/sfu-api.ts", "worker/media/turn.ts"], `${name} in ${r}`).toContain(r);
    }
  });
  it("the page and the shared code never name the secrets or the API's host", () => {
    for (const x of source(["web/src", "shared"])) {
      for (const bad of ["SFU_APP", "TURN_KEY", "rtc.live.cloudflare.com"]) expect(x.text.includes(bad), `${bad} in ${x.f}`).toBe(false);
    }
  });
});
