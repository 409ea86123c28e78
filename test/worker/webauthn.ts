/**
 * A software authenticator for the tests: an ES256 (P-256) key pair made with WebCrypto, a 'none'
 * attestation object encoded with CBOR (@levischuck/tiny-cbor, a dependency of @simplewebauthn), and
 * assertions signed like a real authenticator (DER-encoded ECDSA over authData ‖ SHA-256(clientDataJSON)).
 */
import { encodeCBOR, type CBORType } from "@levischuck/tiny-cbor";

const enc = new TextEncoder();

export function b64url(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromB64url(s: string): Uint8Array {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4);
  return Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
}

const sha256 = async (data: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>));

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let i = 0;
  for (const p of parts) {
    out.set(p, i);
    i += p.length;
  }
  return out;
}

const u32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** Raw r‖s (WebCrypto) → ASN.1 DER SEQUENCE { INTEGER r, INTEGER s } (WebAuthn). */
function derSignature(raw: Uint8Array): Uint8Array {
  const int = (x: Uint8Array) => {
    let i = 0;
    while (i < x.length - 1 && x[i] === 0) i++;
    let v: Uint8Array = x.slice(i);
    if (v[0]! & 0x80) v = concat(new Uint8Array([0]), v);
    return concat(new Uint8Array([0x02, v.length]), v);
  };
  const body = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

export interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export class SoftAuthenticator {
  counter = 0;
  userHandle: string | null = null;
  private constructor(
    readonly keys: CryptoKeyPair,
    readonly credentialId: Uint8Array,
  ) {}

  static async create(): Promise<SoftAuthenticator> {
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    return new SoftAuthenticator(keys, crypto.getRandomValues(new Uint8Array(16)));
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** navigator.credentials.create → what @simplewebauthn/browser's startRegistration returns. */
  async register(options: Options, origin: string, flags = 0x45 /* UP | UV | AT */): Promise<Record<string, unknown>> {
    const rpId = options.rp?.id ?? new URL(origin).hostname;
    this.userHandle = options.user?.id ?? null;
    const jwk = (await crypto.subtle.exportKey("jwk", this.keys.publicKey)) as JsonWebKey;
    const cose = encodeCBOR(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, fromB64url(jwk.x!)],
        [-3, fromB64url(jwk.y!)],
      ]),
    );
    const idLen = new Uint8Array([this.credentialId.length >> 8, this.credentialId.length & 255]);
    const authData = concat(await sha256(enc.encode(rpId)), new Uint8Array([flags]), u32(this.counter), new Uint8Array(16), idLen, this.credentialId, cose);
    const attestationObject = encodeCBOR(new Map<string, CBORType>([["fmt", "none"], ["attStmt", new Map<string, CBORType>()], ["authData", authData]]));
    const clientDataJSON = enc.encode(JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false }));
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** navigator.credentials.get → what startAuthentication returns. */
  async authenticate(options: Options, origin: string, flags = 0x05 /* UP | UV */): Promise<Record<string, unknown>> {
    const rpId = options.rpId ?? new URL(origin).hostname;
    this.counter++;
    const authData = concat(await sha256(enc.encode(rpId)), new Uint8Array([flags]), u32(this.counter));
    const clientDataJSON = enc.encode(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, concat(authData, await sha256(clientDataJSON))),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(derSignature(raw)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
