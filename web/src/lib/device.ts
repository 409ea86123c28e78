/**
 * This browser's device id (docs/PROTOCOL.md, join `deviceId`): 16 random bytes as base64url, made
 * once and kept in localStorage under `mafia.device`. The server stores only a per-table digest and
 * uses it for "one device, one seat" unless the organizer allows more.
 */
const KEY = "mafia.device";
let cached: string | null = null;

export function deviceId(): string {
  if (cached) return cached;
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && /^[A-Za-z0-9_-]{16,64}$/.test(saved)) return (cached = saved);
  } catch {
    /* storage blocked: a per-page id still keeps this page to one seat */
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  cached = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  try {
    localStorage.setItem(KEY, cached);
  } catch {
    /* ignore */
  }
  return cached;
}
