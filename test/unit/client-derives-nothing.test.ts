/**
 * The client renders what the view says (docs/ENGINE.md; RULES.md §1 "the server is the referee"): a
 * rule lives once, in shared/engine, and reaches the page as view data or as a shared function the
 * page calls. This reads every .ts/.tsx file under web/src and fails on a decision taken against a
 * preset id, a role id (the lists are the engine's registries) or a rule number:
 *
 *  - a comparison or a `case` against an id (`presetId === "sport"`, `case "don":`), also through a
 *    constant that holds one, in the file or imported from another web/src or shared file;
 *  - a membership test naming an id (`includes("mafia")`, `["don", "mafia"].includes(r)`, `.has("boss")`)
 *    or an imported constant list of ids (`MAFIA_SHOT.some(…)`);
 *  - a read of a count keyed by an id (`counts["curser"]`) and a table of rule data keyed by ids
 *    (`{ sport: 10, city: null }`: numbers or booleans per preset or role);
 *  - a rule number: a comparison of a rule quantity (fouls, seats, Mafia, votes, rounds…) with a
 *    literal above 1, or a count one step ahead (`fouls + 1 >= limit`).
 *
 * Rendering text keyed by id is allowed: a catalogue lookup (`tk("preset", id)`, `t(\`role.${id}\`)`),
 * passing an id along, or an id as a value in data the page sends. The detector is checked on small
 * inline samples first, so a change that blinds it fails here too.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { allPresetIds } from "../../shared/engine/presets/index.ts";
import { ROLE_IDS } from "../../shared/engine/roles/index.ts";

const REPO = resolve(__dirname, "../..");
const IDS = new Set<string>([...allPresetIds(), ...ROLE_IDS]);

/** Words that name a quantity a rule counts (RULES.md §2: fouls, seats, the Mafia, votes, rounds, shots…). */
const RULE_WORDS = /foul|seats\b|seatCount|mafia|player|alive|living|vote|round|night|day\b|shot|check|kill|black|red|team|warn|game/i;

type Consts = Map<string, "id" | "ids">;

export interface Finding {
  file: string;
  line: number;
  what: string;
}

const isId = (s: string) => IDS.has(s);

function literalKind(node: ts.Expression | undefined): "id" | "ids" | null {
  if (!node) return null;
  while (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) node = node.expression;
  if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isId(node.text)) return "id";
  // A list of ids only: a list that mixes in other words (check results, topics) is not a list of roles or presets.
  if (ts.isArrayLiteralExpression(node) && node.elements.length > 0 && node.elements.every((e) => literalKind(e) === "id")) return "ids";
  if (ts.isNewExpression(node) && node.arguments?.length && literalKind(node.arguments[0]) === "ids") return "ids";
  return null;
}

/** The file's top-level constants that hold an id or a list of ids (`const CIVILIAN = "civilian"`). */
function ownConsts(sf: ts.SourceFile): Consts {
  const out: Consts = new Map();
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) {
      const k = literalKind(d.initializer);
      if (k && ts.isIdentifier(d.name)) out.set(d.name.text, k);
    }
  }
  return out;
}

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string, text?: string): ts.SourceFile {
  let sf = text === undefined ? parsed.get(file) : undefined;
  if (!sf) {
    sf = ts.createSourceFile(file, text ?? readFileSync(resolve(REPO, file), "utf8"), ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    if (text === undefined) parsed.set(file, sf);
  }
  return sf;
}

/** Constants the file imports from another file of the repository that hold ids (followed one step). */
function importedConsts(sf: ts.SourceFile, file: string): Consts {
  const out: Consts = new Map();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || !st.importClause?.namedBindings) continue;
    const spec = st.moduleSpecifier.text;
    if (!spec.startsWith(".")) continue;
    const target = relative(REPO, resolve(REPO, dirname(file), spec));
    if (!existsSync(resolve(REPO, target)) || !/\.tsx?$/.test(target)) continue;
    const theirs = ownConsts(parse(target));
    const nb = st.importClause.namedBindings;
    if (!ts.isNamedImports(nb)) continue;
    for (const el of nb.elements) {
      const k = theirs.get((el.propertyName ?? el.name).text);
      if (k) out.set(el.name.text, k);
    }
  }
  return out;
}

/** The last name of an expression (`props.table.presetId` → presetId, `preset()` → preset). */
function lastName(e: ts.Expression): string {
  while (ts.isCallExpression(e) || ts.isNonNullExpression(e) || ts.isParenthesizedExpression(e) || ts.isAsExpression(e)) e = e.expression;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  if (ts.isIdentifier(e)) return e.text;
  return "";
}
/**
 * What the other side of a comparison with an id must name to hold a preset or role id: "club" is also
 * a route's and a leaderboard scope's name, "judge" a kind of tournament host.
 */
const HOLDS_ID = /preset|role|format|^id$|^r$|^p$|^key$|^team$/i;
/** A lookup of text or a glyph by id (a catalogue), not a rule's data. */
const CATALOGUE = /name|label|text|catalog|glyph|icon|mark|title/i;

const EQ = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);
const ORDER = new Set([ts.SyntaxKind.LessThanToken, ts.SyntaxKind.LessThanEqualsToken, ts.SyntaxKind.GreaterThanToken, ts.SyntaxKind.GreaterThanEqualsToken]);
const MEMBERSHIP = new Set(["includes", "has", "indexOf", "some", "every", "find", "filter"]);

/** The decisions one source text takes against ids and rule numbers. */
export function decisions(file: string, text?: string): Finding[] {
  const sf = parse(file, text);
  const consts: Consts = new Map([...importedConsts(sf, file), ...ownConsts(sf)]);
  const kindOf = (e: ts.Expression): "id" | "ids" | null => {
    const lit = literalKind(e);
    if (lit) return lit;
    return ts.isIdentifier(e) ? (consts.get(e.text) ?? null) : null;
  };
  const out: Finding[] = [];
  const add = (node: ts.Node, what: string) => out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, what });
  const numberAbove1 = (e: ts.Expression) => ts.isNumericLiteral(e) && Number(e.text) > 1;
  const oneAhead = (e: ts.Expression) =>
    ts.isBinaryExpression(e) && (e.operatorToken.kind === ts.SyntaxKind.PlusToken || e.operatorToken.kind === ts.SyntaxKind.MinusToken) && ts.isNumericLiteral(e.right) && e.right.text === "1" && RULE_WORDS.test(e.left.getText(sf));

  // The functions a file hands to logFold (web/src/table/log-fold.ts) by name: each is a step of a fold of the log.
  const foldSteps = new Set<string>();
  const findSteps = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && /\blogFold$/.test(n.expression.getText(sf))) for (const a of n.arguments) if (ts.isIdentifier(a)) foldSteps.add(a.text);
    ts.forEachChild(n, findSteps);
  };
  findSteps(sf);
  /**
   * A scan of the game's log for an entry's type inside a loop or a search over the log (`for (const e
   * of g.log) if (e.type === "cursed")`), or inside a step of a logFold: the page rebuilding state the
   * engine holds. Rendering one entry by its type (logText.ts) is not a scan.
   */
  const foldsLog = (cmp: ts.BinaryExpression): boolean => {
    const typed = [cmp.left, cmp.right].some((e) => ts.isPropertyAccessExpression(e) && e.name.text === "type") && [cmp.left, cmp.right].some((e) => ts.isStringLiteral(e));
    if (!typed) return false;
    for (let n: ts.Node | undefined = cmp.parent; n; n = n.parent) {
      if (ts.isForOfStatement(n) && /\blog\b|events/i.test(n.expression.getText(sf))) return true;
      if ((ts.isForStatement(n) || ts.isWhileStatement(n)) && /\blog\b|events/.test(n.getText(sf).slice(0, 200))) return true;
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && /^(find|findLast|findLastIndex|findIndex|some|every|filter|reduce)$/.test(n.expression.name.text) && /log|events/i.test(lastName(n.expression.expression))) return true;
      if (ts.isCallExpression(n) && /\blogFold$/.test(n.expression.getText(sf))) return true;
      if (ts.isFunctionDeclaration(n)) return !!n.name && foldSteps.has(n.name.text);
    }
    return false;
  };

  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind;
      const idSide = kindOf(node.left) === "id" ? node.right : kindOf(node.right) === "id" ? node.left : null;
      if (EQ.has(op) && idSide && (HOLDS_ID.test(lastName(idSide)) || literalKind(idSide) === "id")) add(node, `compares with an id: ${node.getText(sf)}`);
      if (ORDER.has(op) || EQ.has(op)) {
        const [l, r] = [node.left, node.right];
        if ((numberAbove1(r) && RULE_WORDS.test(l.getText(sf))) || (numberAbove1(l) && RULE_WORDS.test(r.getText(sf)))) add(node, `compares a rule quantity with a number: ${node.getText(sf)}`);
        else if (ORDER.has(op) && (oneAhead(l) || oneAhead(r))) add(node, `counts one step ahead: ${node.getText(sf)}`);
      }
    }
    if (ts.isBinaryExpression(node) && EQ.has(node.operatorToken.kind) && foldsLog(node)) add(node, `folds the event log: ${node.getText(sf)}`);
    if (ts.isCaseClause(node) && kindOf(node.expression) === "id") {
      add(node, `case on an id: ${node.expression.getText(sf)}`);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && MEMBERSHIP.has(node.expression.name.text)) {
      const recv = node.expression.expression;
      if (kindOf(recv) === "ids") add(node, `membership in a list of ids: ${node.getText(sf).slice(0, 80)}`);
      else if (node.arguments.some((a) => kindOf(a) === "id") && HOLDS_ID.test(lastName(recv).replace(/s$/, ""))) add(node, `membership of an id: ${node.getText(sf).slice(0, 80)}`);
    } else if (ts.isElementAccessExpression(node) && kindOf(node.argumentExpression) === "id" && !CATALOGUE.test(lastName(node.expression))) {
      add(node, `reads a value keyed by an id: ${node.getText(sf)}`);
    } else if (ts.isPropertyAccessExpression(node) && isId(node.name.text) && /counts?$|settings$/i.test(lastName(node.expression))) {
      add(node, `reads a value keyed by an id: ${node.getText(sf)}`);
    } else if (ts.isObjectLiteralExpression(node)) {
      const ruled = node.properties.filter((p) => {
        if (!ts.isPropertyAssignment(p)) return false;
        const key = ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) ? p.name.text : null;
        const init = p.initializer;
        const data = ts.isNumericLiteral(init) || init.kind === ts.SyntaxKind.TrueKeyword || init.kind === ts.SyntaxKind.FalseKeyword || init.kind === ts.SyntaxKind.NullKeyword;
        return key !== null && isId(key) && data;
      });
      if (ruled.length >= 1 && ruled.length === node.properties.length) add(node, `rule data keyed by ids: ${node.getText(sf).slice(0, 80)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/**
 * web/src/dev writes scripted views for the screenshot and layout tests: it plays the server's part
 * (it deals the roles of a scene), so its ids are the data of a view, not a decision of the page.
 */
const NOT_THE_PAGE = new Set(["web/src/dev"]);

/**
 * Scans of the log that pick the entries a page shows as they are, rather than rebuild a state the
 * engine holds: the record's arrows (the last count's ballots, the night's moves, RULES.md §8 record),
 * this player's own move of tonight echoed on the action bar (§2.10), and each seat's latest public
 * claim (a claim is its word, not a fact). Each is named here with its reason; a new scan fails.
 */
const RENDERED_FROM_LOG: Record<string, string> = {
  'web/src/record/arrows.ts folds the event log: e.type === "vote-counted"': "the record draws the last count's ballots as arrows",
  'web/src/record/arrows.ts folds the event log: e.type === "day-started"': "the record's night arrows stop at the day",
  'web/src/record/arrows.ts folds the event log: e.type === "night-fell"': "the record's night arrows start at nightfall",
  'web/src/table/announce.ts folds the event log: e.type === "night-fell"': "tonight's own move, echoed on the action bar as its log line",
  'web/src/table/claims.ts folds the event log: e.type !== "claimed"': "each seat's latest public claim, shown as said",
};

function webFiles(dir = "web/src"): string[] {
  const out: string[] = [];
  for (const e of readdirSync(resolve(REPO, dir), { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) { if (!NOT_THE_PAGE.has(p)) out.push(...webFiles(p)); }
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

describe("the client derives no rule: web/src decides nothing on a preset id, a role id or a rule number (RULES.md §1)", () => {
  describe("the detector, on inline samples", () => {
    const found = (src: string) => decisions("web/src/sample.tsx", src).length;
    it.each([
      ['if (g.presetId === "sport") show();', "a comparison with a preset id"],
      ['const x = "don" !== you.role;', "a comparison with a role id, literal on the left"],
      ['switch (role) { case "don": break; }', "a case on a role id"],
      ['if (roles.includes("mafia")) x();', "includes of a role id"],
      ['if (["mafia", "don"].includes(r)) x();', "a literal list of role ids"],
      ['const CIV = "civilian"; if (role === CIV) x();', "a comparison through a constant"],
      ['const SHOT = ["mafia", "don"] as const; SHOT.some((r) => r === x);', "a constant list of ids"],
      ['if ((counts["curser"] ?? 0) > 0) rows.push(1);', "a count read by an id"],
      ["const FIXED = { sport: 10, city: null };", "rule data keyed by preset ids"],
      ["const last = view.fouls + 1 >= limit;", "a foul counted one ahead"],
      ["if (mafia > 2) refuse();", "a rule number"],
      ["if (seats >= 12) x();", "a seat bound"],
      ['for (const e of g.log) if (e.type === "cursed") out.add(e.data.seat);', "a fold of the log"],
      ['for (let i = g.log.length - 1; i >= 0; i--) { if (g.log[i].type === "night-fell") break; }', "a backward scan of the log"],
      ['const c = game.log.findLast((e) => e.type === "composition");', "a search of the log"],
      ['const f = logFold(() => 0, (n, e) => (e.type === "cursed" ? n + 1 : n));', "a step of a log fold"],
      ['function add(n, e) { return e.type === "cursed" ? n + 1 : n; }\nconst f = logFold(() => 0, add);', "a named step of a log fold"],
    ])("finds %s (%s)", (src) => expect(found(src)).toBeGreaterThan(0));
    it.each([
      ['tk("preset", g.presetId)', "a catalogue lookup by id"],
      ["t(`role.${role}`)", "a template lookup by id"],
      ['send({ type: "shooting-plan", plan })', "an action sent"],
      ['const names = { sport: "Sport" };', "labels keyed by id"],
      ["if (seats.length > 0) x();", "an emptiness test"],
      ["if (view.removesAtNextFoul) warn();", "a fact the view states"],
      ['api.create({ presetId: "sport" })', "an id as a value sent"],
      ['if (r.name === "club") x();', "a route named like a preset"],
      ['if (host() === "judge") x();', "a kind of host named like a role"],
      ["if (s.seat === 10) x();", "a seat number, not a count"],
      ['const rows = ROLE_NAMES["mafia"];', "a catalogue read by id"],
      ['const key = e.type === "seats-drawn" ? "a" : "b";', "one entry rendered by its type"],
    ])("passes %s (%s)", (src) => expect(found(src)).toBe(0));
    it("follows an import: a constant list of ids from another file is a list of ids here", () => {
      const f = decisions("web/src/home/sample.ts", 'import { MAFIA_SHOT } from "../../../shared/engine/presets/profiles.ts";\nMAFIA_SHOT.some((r) => counts[r] > 0);');
      expect(f.length).toBe(1);
    });
  });

  it("web/src takes no such decision, beyond the few entries it renders as the log says them (each named, each with its reason)", () => {
    const all = webFiles().flatMap((f) => decisions(f));
    const key = (f: Finding) => `${f.file} ${f.what}`;
    const found = all.map(key);
    const known = Object.keys(RENDERED_FROM_LOG);
    expect(found.filter((k) => !known.includes(k)), `${all.length} findings in web/src, ${found.filter((k) => !known.includes(k)).length} of them rule decisions`).toEqual([]);
    // An entry that no longer occurs leaves the list (the list only shrinks).
    expect(known.filter((k) => !found.includes(k)), "listed but no longer found").toEqual([]);
  });
});
