/**
 * Issue 5 fixtures: a full sport table whose creator sits at place 1 as the organizer (or not),
 * with one socket per seat; lookups by drawn seat; organizer commands.
 */
import type { JoinResponse } from "../../shared/protocol/http.ts";
import type { GameView } from "../../shared/engine/types.ts";
import type { ServerMessage, TableView } from "../../shared/protocol/messages.ts";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { hostLostAt } from "../../worker/table/repositories/keyed.ts";
import { Client, connectAs, createTable, everyoneConnected, joinWith, sleep, storedGame, tableStub, until } from "./helpers.ts";

export interface Seated {
  join: JoinResponse;
  nickname: string;
  client: Client;
}

export interface Table {
  code: string;
  organizerToken: string;
  seated: Seated[];
  /** Every client opened, for afterEach cleanup. */
  open: Client[];
}

export async function joinOk(code: string, body: Record<string, unknown>): Promise<JoinResponse> {
  const res = await joinWith(code, body);
  if (res.status !== 200) throw new Error(`join ${JSON.stringify(body)}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Create a table (sport unless said otherwise) and fill it: place 1 is the creator sitting down with
 * the organizer token unless `creatorSits` is false.
 */
export async function fullTable(create: Record<string, unknown> = {}, opts: { creatorSits?: boolean; players?: number } = {}): Promise<Table> {
  const created = await createTable({ presetId: "sport", ...create });
  const table: Table = { code: created.code, organizerToken: created.organizerToken, seated: [], open: [] };
  const n = opts.players ?? 10;
  for (let i = 1; i <= n; i++) {
    const nickname = `Player ${i}`;
    const body: Record<string, unknown> = { nickname };
    if (i === 1 && opts.creatorSits !== false) body.organizerToken = created.organizerToken;
    const j = await joinOk(created.code, body);
    const client = await connectAs(created.code, j.token, nickname);
    table.open.push(client);
    table.seated.push({ join: j, nickname, client });
  }
  if (n === 10) {
    for (const s of table.seated) await s.client.next((m) => m.type === "view" && m.view.game !== null);
  }
  // Everyone sees everyone connected (the last connects' presence view ends the coalescing window).
  await everyoneConnected(table.open, n);
  return table;
}

export function gameOf(c: Client): GameView {
  const g = c.lastView().game;
  if (!g) throw new Error(`${c.name}: no game view`);
  return g;
}

export function seatOf(c: Client): number {
  return gameOf(c).you!.seat;
}

export function bySeat(t: Table, seat: number): Seated {
  const s = t.seated.find((x) => x.client.lastView().game?.you?.seat === seat);
  if (!s) throw new Error(`nobody at seat ${seat}`);
  return s;
}

export async function versionOf(code: string): Promise<number> {
  return (await storedGame(code)).version;
}

/** Every client reaches the stored version; returns the views. */
export async function settle(code: string, clients: Client[]): Promise<TableView[]> {
  const v = await versionOf(code);
  return Promise.all(clients.map((c) => c.viewAtLeast(v)));
}

/**
 * Deliver the table's alarm items one by one, in their time order, until `done` holds (at most `max`).
 * Timers that were already running (a voter's 10-s turn, the deal) can fall due before an item that waits
 * in real time (the live host's 5-s grace) once the machine is slow enough; they run first, as they would
 * at the table, and the wait names what never came.
 */
export async function alarmsUntil(code: string, clients: Client[], done: () => boolean, what: string, max = 6): Promise<void> {
  for (let i = 0; i < max && !done(); i++) {
    if (!(await runDurableObjectAlarm(tableStub(code)))) throw new Error(`${what}: no alarm was set`);
    await settle(code, clients);
  }
  if (!done()) throw new Error(`${what}: not after ${max} alarm items`);
}

/**
 * RULES.md §5.7: the live host's socket closes and stays closed; returns once the table has stored the loss
 * (its close handler can run after the client already sees the socket closed). Nothing is told yet: that
 * is the `host-away` item after the grace (`alarmsUntil`).
 */
export async function hostSocketLost(code: string, host: Client, clients: Client[]): Promise<void> {
  host.close();
  await until(() => host.closed, 10_000, "host socket closed");
  const lossStored = () => runInDurableObject(tableStub(code), (_o, state) => hostLostAt(state.storage.kv).get() !== undefined);
  const bound = Date.now() + 10_000;
  while (!(await lossStored())) {
    if (Date.now() > bound) throw new Error("the table did not store the host's loss");
    await sleep(20);
  }
  await settle(code, clients);
}

/** Send an organizer command and wait for its ack or error. */
export async function control(c: Client, ref: string, action: Record<string, unknown>): Promise<ServerMessage> {
  const from = c.frames.length;
  c.send({ type: "control", ref, action });
  return c.next((m) => (m.type === "ack" || m.type === "error") && m.ref === ref, from);
}

/** Send a live host input (naming the stage of the host's view) and wait for its ack or error. */
export async function hostInput(c: Client, ref: string, action: Record<string, unknown>): Promise<ServerMessage> {
  const from = c.frames.length;
  c.send({ type: "host", ref, action, phaseSeq: c.stage() });
  return c.next((m) => (m.type === "ack" || m.type === "error") && m.ref === ref, from);
}

/** Log entries of a type in the client's latest view. */
export function logOf(c: Client, type: string): Array<{ seq: number; at: number; data: Record<string, unknown> }> {
  return gameOf(c).log.filter((e) => e.type === type);
}

/** The creator sits down with the organizer token (the seat holds the organizer rights) and connects; the socket joins `open` (closed by the test's afterEach). */
export async function sitAsOrganizer(code: string, organizerToken: string, nickname: string, open: Client[]): Promise<{ j: JoinResponse; c: Client }> {
  const res = await joinWith(code, { nickname, organizerToken });
  if (res.status !== 200) throw new Error(`join ${nickname}: ${res.status} ${await res.text()}`);
  const j = (await res.json()) as JoinResponse;
  const c = await connectAs(code, j.token, nickname);
  open.push(c);
  return { j, c };
}

let refs = 0;
/** After a whole game driven over one socket its flood-control bucket may be spent: wait and send again. */
async function paced(send: () => Promise<ServerMessage>): Promise<ServerMessage> {
  let reply = await send();
  for (let i = 0; i < 10 && reply.type === "error" && reply.code === "rate-limited"; i++) {
    await sleep(300);
    reply = await send();
  }
  return reply;
}

/** Send a `table` frame (play-again, issue 13) and wait for its ack or error (paced). */
export function playAgain(c: Client): Promise<ServerMessage> {
  return paced(() => {
    const ref = `pa${++refs}`;
    const from = c.frames.length;
    c.send({ type: "table", ref, action: { type: "play-again" } });
    return c.next((m) => (m.type === "ack" || m.type === "error") && m.ref === ref, from);
  });
}

/** An organizer command after a whole game (paced: the socket's flood bucket may be spent). */
export function pacedControl(c: Client, ref: string, action: Record<string, unknown>): Promise<ServerMessage> {
  return paced(() => control(c, `${ref}-${++refs}`, action));
}
