/**
 * Test support (issue 15): the request and response schemas of the Cloudflare Realtime Connection API
 * operations this project uses, transcribed field by field into valibot — the local SFU stand-in
 * (sfu-standin.ts) validates every request the table object makes against these.
 *
 * Source: the OpenAPI 3.0.0 document "Cloudflare Realtime API", version "1.0",
 *   https://developers.cloudflare.com/realtime/static/realtime-api-2024-05-21.yaml
 *   = github.com/cloudflare/cloudflare-docs, public/realtime/static/realtime-api-2024-05-21.yaml
 *     at commit 47a2db921963ce0287a93900895d4db7495a986b, read 2026-12-01.
 * The document itself is not copied into this repository; only what is below, written from it.
 *
 * Fidelity: OpenAPI objects without `additionalProperties: false` accept other keys (valibot
 * looseObject); a property is optional unless the schema lists it under `required`; enums are
 * picklists; `minLength` / `minItems` as given. Operations transcribed (paths under the server
 * `https://rtc.live.cloudflare.com/v1`, security: http bearer on every one):
 *
 *   POST /apps/{appId}/sessions/new                     no requestBody; query thirdparty?: boolean,
 *                                                       correlationId?: string → 201 NewSessionResponse
 *   POST /apps/{appId}/sessions/{sessionId}/tracks/new   TracksRequest (body not marked required) → 200 TracksResponse
 *   PUT  /apps/{appId}/sessions/{sessionId}/renegotiate  RenegotiateRequest (not required) → 200 RenegotiateResponse
 *   PUT  /apps/{appId}/sessions/{sessionId}/tracks/close CloseTracksRequest (required) → 200 CloseTracksResponse
 *   PUT  /apps/{appId}/sessions/{sessionId}/tracks/update UpdateTracksRequest (not required) → 200 UpdateTracksResponse
 *   GET  /apps/{appId}/sessions/{sessionId}              → 200 GetSessionStateResponse
 *
 * The document defines no error response for these operations; its one error schema,
 * AdapterRequestError (`errorCode` and `errorDescription`, both required strings), with the
 * documented codes `decoding_error` (400, undecodable body) and `invalid_params` (406 there), is the
 * shape the stand-in answers a refused request with (status 400).
 *
 * TURN (not in this document): `POST /turn/keys/{keyId}/credentials/generate-ice-servers`, bearer
 * API token, body `{ttl}` (seconds, at most 48 hours) → 201 `{iceServers: RTCIceServer[]}`, from
 * https://developers.cloudflare.com/realtime/turn/generate-credentials/ and the TURN FAQ as
 * docs/MEDIA.md §5 records them.
 */
import * as v from "valibot";

/** components.schemas.SessionDescription: sdp?: string, type?: "answer" | "offer". */
export const SessionDescription = v.looseObject({
  sdp: v.optional(v.string()),
  type: v.optional(v.picklist(["answer", "offer"])),
});

/** components.schemas.TrackObject (every property optional). */
export const TrackObject = v.looseObject({
  location: v.optional(v.picklist(["local", "remote"])),
  /** May be prefixed with `#` to reference an existing transceiver by its trackName. */
  mid: v.optional(v.string()),
  /** Session id of the track owner; for remote tracks only. */
  sessionId: v.optional(v.string()),
  trackName: v.optional(v.string()),
  bidirectionalMediaStream: v.optional(v.boolean()),
  /** Required (by its description) when the SFU generates the offer. */
  kind: v.optional(v.string()),
  simulcast: v.optional(
    v.looseObject({
      preferredRid: v.optional(v.string()),
      priorityOrdering: v.optional(v.picklist(["none", "asciibetical"])),
      ridNotAvailable: v.optional(v.picklist(["none", "asciibetical"])),
    }),
  ),
});

/** components.schemas.CloseTrackObject: mid (required, minLength 1). */
export const CloseTrackObject = v.looseObject({ mid: v.pipe(v.string(), v.minLength(1)) });

const itemError = { errorCode: v.optional(v.string()), errorDescription: v.optional(v.string()) };

/** components.schemas.TracksRequest. */
export const TracksRequest = v.looseObject({
  sessionDescription: v.optional(SessionDescription),
  tracks: v.optional(v.array(TrackObject)),
  autoDiscover: v.optional(v.boolean()),
});

/** components.schemas.TracksResponse (tracks: TrackObject & {errorCode?, errorDescription?}). */
export const TracksResponse = v.looseObject({
  ...itemError,
  requiresImmediateRenegotiation: v.optional(v.boolean()),
  sessionDescription: v.optional(SessionDescription),
  tracks: v.optional(v.array(v.looseObject({ ...TrackObject.entries, ...itemError }))),
});

/** components.schemas.UpdateTracksRequest: tracks?: TrackObject[], sessionDescription?. */
export const UpdateTracksRequest = v.looseObject({
  tracks: v.optional(v.array(TrackObject)),
  sessionDescription: v.optional(SessionDescription),
});

/** components.schemas.UpdateTracksResponse (tracks: TrackObject & {errorCode?, errorDescription?}; no sessionDescription listed). */
export const UpdateTracksResponse = v.looseObject({
  ...itemError,
  requiresImmediateRenegotiation: v.optional(v.boolean()),
  tracks: v.optional(v.array(v.looseObject({ ...TrackObject.entries, ...itemError }))),
});

/** components.schemas.NewSessionResponse: sessionId required. */
export const NewSessionResponse = v.looseObject({
  ...itemError,
  sessionDescription: v.optional(v.looseObject({ sdp: v.optional(v.string()), type: v.optional(v.picklist(["answer", "offer"])) })),
  sessionId: v.string(),
});

/** components.schemas.RenegotiateRequest. */
export const RenegotiateRequest = v.looseObject({ sessionDescription: v.optional(SessionDescription) });
/** components.schemas.RenegotiateResponse. */
export const RenegotiateResponse = v.looseObject({ ...itemError, sessionDescription: v.optional(SessionDescription) });

/** components.schemas.CloseTracksRequest: tracks (minItems 1) and force required. */
export const CloseTracksRequest = v.looseObject({
  sessionDescription: v.optional(SessionDescription),
  tracks: v.pipe(v.array(CloseTrackObject), v.minLength(1)),
  force: v.boolean(),
});

/** components.schemas.CloseTracksResponse. */
export const CloseTracksResponse = v.looseObject({
  ...itemError,
  sessionDescription: v.optional(SessionDescription),
  tracks: v.optional(v.array(v.looseObject({ ...CloseTrackObject.entries, ...itemError }))),
  requiresImmediateRenegotiation: v.optional(v.boolean()),
});

/** components.schemas.SessionResourceStatus. */
export const SessionResourceStatus = v.picklist(["active", "inactive", "initializing"]);

/** components.schemas.GetSessionStateResponse (dataChannels left out: this project uses none). */
export const GetSessionStateResponse = v.looseObject({
  ...itemError,
  tracks: v.optional(v.array(v.looseObject({ ...TrackObject.entries, status: v.optional(SessionResourceStatus) }))),
  dataChannels: v.optional(v.array(v.looseObject({}))),
});

/** components.schemas.AdapterRequestError: the documented error shape. */
export const ErrorResponse = v.object({ errorCode: v.string(), errorDescription: v.string() });

/** TURN: the generate-ice-servers request (docs/MEDIA.md §5; ttl in seconds, at most 48 hours). */
export const TurnRequest = v.object({ ttl: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(172_800)) });
export const TurnResponse = v.object({
  iceServers: v.array(v.object({ urls: v.union([v.string(), v.array(v.string())]), username: v.optional(v.string()), credential: v.optional(v.string()) })),
});

/** One documented operation: method, path pattern, request and response schemas. */
export interface Operation {
  name: string;
  method: "GET" | "POST" | "PUT";
  /** Matches the path after the server URL; groups: appId, sessionId (or keyId). */
  path: RegExp;
  /** null: the operation declares no request body. */
  request: v.GenericSchema | null;
  /** Whether the body is marked `required: true`. */
  bodyRequired: boolean;
  status: number;
  response: v.GenericSchema;
}

export const OPERATIONS: Operation[] = [
  { name: "sessions/new", method: "POST", path: /^\/apps\/([^/]+)\/sessions\/new$/, request: null, bodyRequired: false, status: 201, response: NewSessionResponse },
  { name: "tracks/new", method: "POST", path: /^\/apps\/([^/]+)\/sessions\/([^/]+)\/tracks\/new$/, request: TracksRequest, bodyRequired: false, status: 200, response: TracksResponse },
  { name: "renegotiate", method: "PUT", path: /^\/apps\/([^/]+)\/sessions\/([^/]+)\/renegotiate$/, request: RenegotiateRequest, bodyRequired: false, status: 200, response: RenegotiateResponse },
  { name: "tracks/update", method: "PUT", path: /^\/apps\/([^/]+)\/sessions\/([^/]+)\/tracks\/update$/, request: UpdateTracksRequest, bodyRequired: false, status: 200, response: UpdateTracksResponse },
  { name: "tracks/close", method: "PUT", path: /^\/apps\/([^/]+)\/sessions\/([^/]+)\/tracks\/close$/, request: CloseTracksRequest, bodyRequired: true, status: 200, response: CloseTracksResponse },
  { name: "session", method: "GET", path: /^\/apps\/([^/]+)\/sessions\/([^/]+)$/, request: null, bodyRequired: false, status: 200, response: GetSessionStateResponse },
  { name: "turn", method: "POST", path: /^\/turn\/keys\/([^/]+)\/credentials\/generate-ice-servers$/, request: TurnRequest, bodyRequired: true, status: 201, response: TurnResponse },
];
