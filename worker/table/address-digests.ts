/**
 * The keyed digests of client address buckets, as the seats and the return-code limit store them.
 * Addresses are few (2^32 IPv4): their digests are keyed with the table's server-only seed.
 */
import { keyedDigest } from "../security/hash.ts";
import type { TableCore } from "./ports.ts";

const addressDomain = (code: string) => `address:${code}`;

export class AddressDigests {
  /** Address bucket → its keyed digest (memory, bounded): a joining client's HMAC is made once. */
  private addressDigests = new Map<string, Uint8Array>();

  constructor(private readonly t: Pick<TableCore, "config">) {}

  /** The keyed digest of a client's address bucket (security/address.ts addressOf), as stored. */
  async of(bucket: string): Promise<Uint8Array> {
    const known = this.addressDigests.get(bucket);
    if (known) return known;
    const config = this.t.config();
    const hash = await keyedDigest(config.addressKey ?? config.seed, addressDomain(config.code), bucket);
    if (this.addressDigests.size >= 256) this.addressDigests.clear();
    this.addressDigests.set(bucket, hash);
    return hash;
  }
}
