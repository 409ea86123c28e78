/**
 * Cloudflare's list prices (USD, Workers Paid, marginal: the monthly allowances are ignored), used by
 * bench/cost.ts and bench/human-pace.ts. docs/PERFORMANCE.md "Issue 36: the true cost of a game-hour"
 * prints the same table with each price's source; test/unit/cost-prices.test.ts keeps the two in step.
 *
 * Sources (stored copies of the public pages, read with the project's search tool on 2026-12-04; the
 * copies show no capture date unless noted):
 * - Durable Objects: https://developers.cloudflare.com/durable-objects/platform/pricing
 *   (requests, duration; "idle and eligible for hibernation … not billed for duration").
 * - D1: https://developers.cloudflare.com/d1/platform/pricing/ (through its transcription in
 *   api-evangelist/cloudflare-d1 plans/finops files, 2026-06 to 2026-10).
 * - R2: https://developers.cloudflare.com/r2/pricing/ (cloudflare-docs src/content/docs/r2/pricing.mdx).
 * - Realtime SFU and TURN: https://developers.cloudflare.com/calls/pricing and
 *   https://developers.cloudflare.com/realtime/turn/faq ($0.05/GB egress after 1,000 GB a month, one
 *   line for both; TURN↔SFU traffic is not charged twice).
 * - Workers requests: https://developers.cloudflare.com/workflows/reference/pricing/ ("identical to
 *   Workers Standard pricing").
 * - Durable Objects SQLite storage (rows, GB-month): NOT found in a stored copy; remembered
 *   (2026-11-29) — the same per-row prices as D1's, which were found.
 */
export const PRICES = {
  doRequestPerM: 0.15, // Durable Objects requests (HTTP, RPC sessions, alarms, incoming WebSocket messages at 20:1)
  doGbSecondPerM: 12.5, // Durable Objects duration, per million GB-s (128 MB per active object)
  doGbPerObject: 0.128, // the duration's memory: every active object is billed 128 MB
  rowsReadPerM: 0.001, // Durable Objects SQLite: rows read (remembered)
  rowsWrittenPerM: 1.0, // Durable Objects SQLite: rows written (remembered)
  storageGbMonth: 0.2, // Durable Objects SQLite stored data (remembered)
  workerRequestPerM: 0.3, // the Worker in front (HTTP API + socket upgrades)
  wsIncomingRatio: 20, // 20 incoming WebSocket messages bill as one request
  d1RowsReadPerM: 0.001, // D1 rows read
  d1RowsWrittenPerM: 1.0, // D1 rows written
  r2GbMonth: 0.015, // R2 Standard storage
  r2ClassAPerM: 4.5, // R2 Class A operations (PutObject …)
  r2ClassBPerM: 0.36, // R2 Class B operations (GetObject …)
  realtimeEgressPerGb: 0.05, // Realtime SFU + TURN, data from Cloudflare to clients
} as const;
