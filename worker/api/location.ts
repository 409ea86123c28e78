/**
 * Where to create a table's Durable Object: near its creator (the request's continent). Absent
 * locally (wrangler dev, tests) — then no hint and the runtime decides.
 */

/** Continent code (request.cf.continent) → Durable Object location hint. */
export function locationHintFor(cf: { continent?: unknown; longitude?: unknown } | undefined): DurableObjectLocationHint | undefined {
  const continent = typeof cf?.continent === "string" ? cf.continent : undefined;
  const longitude = typeof cf?.longitude === "string" || typeof cf?.longitude === "number" ? Number(cf.longitude) : NaN;
  switch (continent) {
    case "NA":
      // West of ~100°W (the Rockies and the Pacific coast) → western North America.
      return Number.isFinite(longitude) && longitude < -100 ? "wnam" : "enam";
    case "SA":
      return "sam";
    case "EU":
      return "weur";
    case "AS":
      return "apac";
    case "OC":
      return "oc";
    case "AF":
      return "afr";
    default:
      return undefined;
  }
}
