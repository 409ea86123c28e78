/**
 * Server clock estimate. Every server message carries `serverNow`; sample = serverNow − localNow is
 * the true offset minus that message's one-way delay, so the largest recent sample is the best
 * estimate. Local time is monotonic (performance.now), so a wall-clock jump on the phone cannot
 * move the timer ring. Samples reset on reconnect.
 */
export interface ServerClock {
  sample(serverNow: number): void;
  reset(): void;
  /** Estimated server epoch ms now. */
  now(): number;
}

const localNow = () => performance.timeOrigin + performance.now();

export function createServerClock(window = 12): ServerClock {
  let samples: number[] = [];
  let offset = 0;
  return {
    sample(serverNow) {
      samples.push(serverNow - localNow());
      if (samples.length > window) samples = samples.slice(-window);
      offset = Math.max(...samples);
    },
    reset() {
      samples = [];
    },
    now: () => localNow() + offset,
  };
}
