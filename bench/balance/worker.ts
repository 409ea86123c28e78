/** Issue 20: a worker thread of the balance report — plays the ranges it is sent (bench/balance/play.ts). */
import { parentPort } from "node:worker_threads";
import { playRange, type Job } from "./play.ts";

parentPort?.on("message", (job: Job) => {
  try {
    parentPort?.postMessage({ ok: true, result: playRange(job) });
  } catch (e) {
    parentPort?.postMessage({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
