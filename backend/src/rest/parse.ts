// Query string -> typed request (pure). Grammar and error texts follow PostgREST's
// ApiRequest/QueryParams.hs: `failed to parse <what> (<input>)" (line 1, column N)` + details.
import { parseError, RestError } from './errors.ts';
import { arrayItems, REGEX_LIMITS, RegexRefused, regexCost } from './regex.ts';

export const SIMPLE_OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
} as const;
export type SimpleOperator = keyof typeof SIMPLE_OPERATORS;

export const FTS_OPERATORS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;
export type FtsOperator = keyof typeof FTS_OPERATORS;

/**
 * Bounds on what one request may ask (issue: one hostile request must not freeze everyone).
 * PostgREST has none of these; past them the request is refused with PGRST100 (400) before any
 * SQL runs, instead of resetting the connection or answering 500.
 */
export const REQUEST_LIMITS = {
  /** Nesting of and()/or() trees. */
  logicDepth: 16,
  /** Items in select=. */
  selectItems: 100,
  /** Dimensions of an array literal ({...}); PostgreSQL's own maximum is 6. */
  arrayDimensions: 6,
  /** Length of a match/imatch pattern (what else bounds one: rest/regex.ts). */
  regexLength: 200,
  /** Embedded resources in one select, however nested: each is a lateral join. */
  embeds: 16,
  /** Nesting of embedded resources (select=a(b(c(...)))). */
  embedDepth: 4,
} as const;

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

/** Operators PostgREST lets apply to any or all of a list: `like(any).{*a*,*b*}`. */
export const QUANTIFIABLE: ReadonlySet<string> = new Set(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);

export type Operation =
  | { kind: 'op'; op: SimpleOperator; value: string; quantifier?: 'any' | 'all' }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'fts'; op: FtsOperator; language: string | undefined; value: string };

/** A JSON path after a column: data->a->>b, data->0 (-> gives json, ->> text). */
export type JsonPath = Array<{ arrow: '->' | '->>'; key: string | number }>;

export interface Condition {
  type: 'cond';
  field: string;
  path?: JsonPath;
  negate: boolean;
  operation: Operation;
}

export interface LogicTree {
  type: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Array<Condition | LogicTree>;
}

export type Filter = Condition | LogicTree;

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; name: string; alias: string | undefined; cast?: string; path?: JsonPath; aggregate?: Aggregate; aggregateCast?: string }
  | EmbedItem;

/** `count()`, `col.sum()`...: parsed as PostgREST 12 does; `::type` after one casts its result (aggregateCast). */
export type Aggregate = 'count' | 'sum' | 'avg' | 'max' | 'min';

/**
 * An embedded resource: `alias:target!hint!inner(items)`, or spread into its parent,
 * `...target!hint(items)`. The target is a table, a foreign key's name or one of its columns.
 */
export interface EmbedItem {
  kind: 'embed';
  target: string;
  alias: string | undefined;
  hint: string | undefined;
  joinType: 'inner' | 'left' | undefined;
  spread: boolean;
  select: SelectItem[];
}

export interface OrderTerm {
  /** order=rel(col): a column of an embedded to-one resource. */
  relation?: string;
  field: string;
  path?: JsonPath;
  direction: 'asc' | 'desc' | undefined;
  nulls: 'first' | 'last' | undefined;
}

export interface QueryParams {
  select: SelectItem[];
  /** Top-level conditions and and=/or= trees, ANDed together. */
  filters: Filter[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number | undefined;
  columns: string[] | undefined;
  onConflict: string[] | undefined;
  /** Parameters that are not filters (rpc arguments on GET), in query-string order. */
  params: Array<[string, string]>;
  /** Filters, order and page of embedded resources (`rel.col=eq.1`, `rel.order=`, `rel.limit=`). */
  embedded: EmbedParams[];
}

export interface EmbedParams {
  /** Names (or aliases) of the embeds from the root down. */
  path: string[];
  filters: Filter[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number | undefined;
}

class Cursor {
  pos = 0;
  constructor(
    readonly text: string,
    readonly what: string,
    /** Input as shown in messages when it differs from the parsed text. */
    readonly shown = text,
  ) {}
  get done() {
    return this.pos >= this.text.length;
  }
  peek(n = 1) {
    return this.text.slice(this.pos, this.pos + n);
  }
  fail(details: string, at = this.pos): never {
    // Reported the way Parsec shows positions: 1-based column of the offending character.
    throw parseError(`"failed to parse ${this.what} (${this.shown})" (line 1, column ${at + 1})`, details);
  }
  eat(s: string): boolean {
    if (this.text.startsWith(s, this.pos)) {
      this.pos += s.length;
      return true;
    }
    return false;
  }
  skipWs() {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }
  unexpected(expecting: string): never {
    const c = this.done ? 'end of input' : `"${this.peek()}"`;
    this.fail(`unexpected ${c} expecting ${expecting}`);
  }
}

const IDENT_CHAR = /[\p{L}\p{N}_ $]/u;

function quoted(c: Cursor): string {
  // c is at the opening quote
  c.pos++;
  let out = '';
  for (;;) {
    if (c.done) c.fail('unexpected end of input expecting "\\"" ');
    const ch = c.text[c.pos]!;
    if (ch === '"') {
      c.pos++;
      return out;
    }
    if (ch === '\\') {
      c.pos++;
      if (c.done) c.fail('unexpected end of input');
      out += c.text[c.pos]!;
      c.pos++;
      continue;
    }
    out += ch;
    c.pos++;
  }
}

/** Field name: "quoted" or identifier chars joined by single dashes (a dash before '>' starts a JSON path). */
function fieldName(c: Cursor): string {
  if (c.peek() === '"') return quoted(c);
  const start = c.pos;
  const parts: string[] = [];
  for (;;) {
    let part = '';
    while (!c.done && IDENT_CHAR.test(c.text[c.pos]!)) part += c.text[c.pos++]!;
    if (part.trim() === '') {
      if (parts.length === 0) c.pos = start;
      c.unexpected('field name (* or [a..z0..9_$])');
    }
    parts.push(part.trim());
    if (c.peek() === '-' && c.text[c.pos + 1] !== '>') {
      c.pos++;
      continue;
    }
    return parts.join('-');
  }
}

/** A field with its JSON path, if any: `data->a->>b`, `data->0`. */
function fieldWithPath(c: Cursor): { name: string; path?: JsonPath } {
  c.skipWs();
  const name = fieldName(c);
  const path: JsonPath = [];
  while (c.peek(2) === '->') {
    const arrow = c.eat('->>') ? '->>' : (c.pos += 2, '->');
    const index = /^-?\d+/.exec(c.text.slice(c.pos));
    const after = index ? c.text[c.pos + index[0].length] : undefined;
    if (index && (after === undefined || !IDENT_CHAR.test(after))) {
      c.pos += index[0].length;
      path.push({ arrow, key: Number(index[0]) });
    } else {
      path.push({ arrow, key: fieldName(c) });
    }
  }
  c.skipWs();
  return path.length > 0 ? { name, path } : { name };
}

/** `!hint` and `!inner` / `!left` after an embed's name, in either order. */
function embedParams(c: Cursor): { hint: string | undefined; joinType: 'inner' | 'left' | undefined } {
  let hint: string | undefined;
  let joinType: 'inner' | 'left' | undefined;
  for (let i = 0; i < 2 && c.eat('!'); i++) {
    if (c.eat('inner')) joinType ??= 'inner';
    else if (c.eat('left')) joinType ??= 'left';
    else hint ??= fieldName(c);
  }
  return { hint, joinType };
}

/** `::type` after a field: letters, digits and underscores only, so it is written into SQL as is. */
function castName(c: Cursor): string | undefined {
  if (c.peek(2) !== '::') return undefined;
  c.pos += 2;
  const start = c.pos;
  while (!c.done && /[A-Za-z0-9_]/.test(c.peek())) c.pos++;
  if (c.pos === start) c.unexpected('letter or digit');
  return c.text.slice(start, c.pos);
}

interface SelectBudget {
  items: number;
  embeds: number;
}

/** Items up to the end of input (depth 0) or the ')' closing an embed, which is left unread. */
function selectItems(c: Cursor, depth: number, budget: SelectBudget): SelectItem[] {
  const items: SelectItem[] = [];
  c.skipWs();
  if (depth > 0 && c.peek() === ')') return items;
  for (;;) {
    c.skipWs();
    const spread = c.eat('...');
    let item: SelectItem;
    if (!spread && c.eat('*')) {
      item = { kind: 'star' };
    } else {
      let target = spread ? { name: fieldName(c) } : fieldWithPath(c);
      let alias: string | undefined;
      if (!spread && c.peek() === ':' && c.peek(2) !== '::') {
        if (target.path) c.unexpected('"," or end of input');
        c.pos++;
        alias = target.name;
        target = fieldWithPath(c);
      }
      if (!spread && !target.path && target.name === 'count' && c.eat('()')) {
        const aggregateCast = castName(c);
        item = { kind: 'field', name: '*', alias, aggregate: 'count', ...(aggregateCast ? { aggregateCast } : {}) };
      } else if (spread || (!target.path && (c.peek() === '(' || c.peek() === '!'))) {
        const { hint, joinType } = embedParams(c);
        if (!c.eat('(')) c.unexpected('"("');
        budget.embeds += 1;
        if (budget.embeds > REQUEST_LIMITS.embeds) c.fail(`a select may embed at most ${REQUEST_LIMITS.embeds} resources`);
        if (depth + 1 > REQUEST_LIMITS.embedDepth) c.fail(`embedded resources may nest at most ${REQUEST_LIMITS.embedDepth} levels`);
        const select = selectItems(c, depth + 1, budget);
        if (!c.eat(')')) c.unexpected('"," or ")"');
        item = { kind: 'embed', target: target.name, alias, hint, joinType, spread, select };
      } else {
        const cast = castName(c);
        const aggregate = /^\.(sum|avg|count|max|min)\(\)/.exec(c.text.slice(c.pos));
        let aggregateCast: string | undefined;
        if (aggregate) {
          c.pos += aggregate[0].length;
          aggregateCast = castName(c);
        }
        item = {
          kind: 'field',
          name: target.name,
          alias,
          ...(cast ? { cast } : {}),
          ...(target.path ? { path: target.path } : {}),
          ...(aggregate ? { aggregate: aggregate[1] as Aggregate } : {}),
          ...(aggregateCast ? { aggregateCast } : {}),
        };
      }
    }
    items.push(item);
    budget.items += 1;
    if (budget.items > REQUEST_LIMITS.selectItems) c.fail(`a select may name at most ${REQUEST_LIMITS.selectItems} columns`);
    c.skipWs();
    if (depth === 0 && c.done) return items;
    if (depth > 0 && c.peek() === ')') return items;
    if (!c.eat(',')) c.unexpected(depth > 0 ? '"," or ")"' : '"," or end of input');
  }
}

export function parseSelect(text: string): SelectItem[] {
  return selectItems(new Cursor(text, 'select parameter'), 0, { items: 0, embeds: 0 });
}

export function parseOrder(text: string): OrderTerm[] {
  const c = new Cursor(text, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    let relation: string | undefined;
    let { name, path } = fieldWithPath(c);
    if (!path && c.eat('(')) {
      // order=rel(col): a column of an embedded to-one resource.
      relation = name;
      ({ name, path } = fieldWithPath(c));
      if (!c.eat(')')) c.unexpected('")"');
    }
    let direction: OrderTerm['direction'];
    let nulls: OrderTerm['nulls'];
    if (c.eat('.asc')) direction = 'asc';
    else if (c.eat('.desc')) direction = 'desc';
    if (c.eat('.nullsfirst')) nulls = 'first';
    else if (c.eat('.nullslast')) nulls = 'last';
    c.skipWs();
    terms.push({ ...(relation !== undefined ? { relation } : {}), field: name, ...(path ? { path } : {}), direction, nulls });
    if (c.done) return terms;
    if (!c.eat(',')) {
      if (c.peek() === '.') {
        c.pos++;
        c.unexpected(direction ? '"nullsfirst" or "nullslast"' : '"asc", "desc", "nullsfirst" or "nullslast"');
      }
      c.unexpected('"," or end of input');
    }
  }
}

export function parseColumns(text: string, what: string): string[] {
  const c = new Cursor(text, what);
  const names: string[] = [];
  for (;;) {
    c.skipWs();
    names.push(fieldName(c));
    c.skipWs();
    if (c.done) return names;
    if (!c.eat(',')) c.unexpected('"," or end of input');
  }
}

function listValue(c: Cursor): string[] {
  c.skipWs();
  if (!c.eat('(')) c.unexpected('"("');
  c.skipWs();
  const values: string[] = [];
  for (;;) {
    let value = '';
    const save = c.pos;
    if (c.peek() === '"') {
      value = quoted(c);
      if (!(c.peek() === ',' || c.peek() === ')')) {
        c.pos = save;
        value = '';
        while (!c.done && c.peek() !== ',' && c.peek() !== ')') value += c.text[c.pos++]!;
      }
    } else {
      while (!c.done && c.peek() !== ',' && c.peek() !== ')') value += c.text[c.pos++]!;
    }
    values.push(value);
    if (c.eat(',')) continue;
    if (c.eat(')')) {
      c.skipWs();
      return values;
    }
    c.unexpected('"," or ")"');
  }
}

const IS_VALUES: Record<string, IsValue> = {
  null: 'null',
  not_null: 'not_null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
};

/**
 * `[not.]op.value`. `single` reads the rest of a value (top-level filter: everything; inside
 * and()/or(): up to the next ',' or ')', or a "quoted" / {array} value).
 */
function opExpr(c: Cursor, single: (c: Cursor) => string): { negate: boolean; operation: Operation } {
  const negate = c.eat('not.');
  if (c.eat('in.')) return { negate, operation: { kind: 'in', values: listValue(c) } };
  if (c.eat('is.')) {
    const start = c.pos;
    for (const word of ['not_null', 'null', 'unknown', 'true', 'false']) {
      if (c.text.slice(c.pos, c.pos + word.length).toLowerCase() === word) {
        c.pos += word.length;
        return { negate, operation: { kind: 'is', value: IS_VALUES[word]! } };
      }
    }
    c.pos = start;
    c.unexpected('null or trilean value (unknown, true, false)');
  }
  // fts operators may carry a language: fts(english).value
  const ftsMatch = /^(fts|plfts|phfts|wfts)(?:\(([\p{L}\p{N}_ $]+)\))?\./u.exec(c.text.slice(c.pos));
  if (ftsMatch) {
    c.pos += ftsMatch[0].length;
    return {
      negate,
      operation: { kind: 'fts', op: ftsMatch[1] as FtsOperator, language: ftsMatch[2]?.trim(), value: single(c) },
    };
  }
  const quantified = /^([a-z]+)\((any|all)\)\./.exec(c.text.slice(c.pos));
  if (quantified && QUANTIFIABLE.has(quantified[1]!)) {
    c.pos += quantified[0].length;
    const op = quantified[1] as SimpleOperator;
    const value = single(c);
    checkValue(c, op, value, true);
    return { negate, operation: { kind: 'op', op, value, quantifier: quantified[2] as 'any' | 'all' } };
  }
  const dot = c.text.indexOf('.', c.pos);
  const op = dot < 0 ? '' : c.text.slice(c.pos, dot);
  if (!(op in SIMPLE_OPERATORS)) c.unexpected(negate ? 'operator (eq, gt, ...)' : '"not" or operator (eq, gt, ...)');
  c.pos = dot + 1;
  const value = single(c);
  checkValue(c, op as SimpleOperator, value);
  return { negate, operation: { kind: 'op', op: op as SimpleOperator, value } };
}

/** Refuses the values whose cost or failure the database would only find out by running them. */
function checkValue(c: Cursor, op: SimpleOperator, value: string, quantifier = false): void {
  let depth = 0;
  let deepest = 0;
  for (const ch of value) {
    if (ch === '{') deepest = Math.max(deepest, ++depth);
    else if (ch === '}') depth -= 1;
  }
  if (deepest > REQUEST_LIMITS.arrayDimensions) {
    c.fail(`an array value may have at most ${REQUEST_LIMITS.arrayDimensions} dimensions`);
  }
  if (op === 'match' || op === 'imatch') {
    if (value.length > REQUEST_LIMITS.regexLength) {
      c.fail(`a ${op} pattern may be at most ${REQUEST_LIMITS.regexLength} characters long`);
    }
    try {
      patternsCost(op, value, quantifier);
    } catch (error) {
      if (error instanceof RegexRefused) c.fail(error.reason, c.pos - value.length + (quantifier ? 0 : error.at));
      throw error;
    }
  }
}

/**
 * The expanded size of a match / imatch value, each item of a match(any).{...} list counting;
 * throws RegexRefused for a pattern rest/regex.ts does not accept.
 */
function patternsCost(op: string, value: string, quantifier: boolean): number {
  let total = 0;
  for (const pattern of quantifier ? arrayItems(value) : [value]) total += regexCost(pattern, op);
  return total;
}

/** Refuses a request whose match / imatch patterns together pass REGEX_LIMITS.requestExpandedSize. */
function checkRegexBudget(result: QueryParams): void {
  let total = 0;
  const visit = (filter: Filter): void => {
    if (filter.type === 'logic') return filter.children.forEach(visit);
    const { operation } = filter;
    if (operation.kind !== 'op' || (operation.op !== 'match' && operation.op !== 'imatch')) return;
    total += patternsCost(operation.op, operation.value, operation.quantifier !== undefined);
  };
  [...result.filters, ...result.embedded.flatMap((e) => e.filters)].forEach(visit);
  if (total > REGEX_LIMITS.requestExpandedSize) {
    throw parseError(
      'failed to parse filter',
      `the match and imatch patterns of one request may expand to at most ${REGEX_LIMITS.requestExpandedSize} atoms together (these: ${total})`,
    );
  }
}

const restOfInput = (c: Cursor) => {
  const value = c.text.slice(c.pos);
  c.pos = c.text.length;
  return value;
};

function logicValue(c: Cursor): string {
  const save = c.pos;
  if (c.peek() === '"') {
    const value = quoted(c);
    if (c.done || c.peek() === ',' || c.peek() === ')') return value;
    c.pos = save;
  }
  if (c.peek() === '{') {
    const close = c.text.indexOf('}', c.pos);
    const inner = c.text.slice(c.pos + 1, close);
    if (close > 0 && !inner.includes('{')) {
      c.pos = close + 1;
      return `{${inner}}`;
    }
  }
  let value = '';
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') value += c.text[c.pos++]!;
  return value;
}

function logicTree(c: Cursor, depth = 1): Filter {
  // Either a logic operator applied to a list, or a condition `field.[not.]op.value`.
  const save = c.pos;
  c.skipWs();
  const negate = c.eat('not.');
  const op = c.eat('and(') ? 'and' : c.eat('or(') ? 'or' : undefined;
  if (op) {
    if (depth > REQUEST_LIMITS.logicDepth) c.fail(`logic trees may nest at most ${REQUEST_LIMITS.logicDepth} levels`);
    const children: Filter[] = [];
    for (;;) {
      c.skipWs();
      children.push(logicTree(c, depth + 1));
      c.skipWs();
      if (c.eat(',')) continue;
      if (c.eat(')')) {
        c.skipWs();
        return { type: 'logic', op, negate, children };
      }
      c.unexpected('"," or ")"');
    }
  }
  c.pos = save;
  c.skipWs();
  if (c.peek() === ')' || c.done) c.unexpected('field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)');
  const { name, path } = fieldWithPath(c);
  if (!c.eat('.')) c.unexpected('delimiter (.)');
  const { negate: n, operation } = opExpr(c, logicValue);
  return { type: 'cond', field: name, ...(path ? { path } : {}), negate: n, operation };
}

function hasOperator(value: string): boolean {
  const parts = value.split('.');
  const first = parts[0]!;
  if (first === 'not' && parts.length >= 2) return true;
  if (first === 'is' || first === 'in') return true;
  if (first in SIMPLE_OPERATORS || first in FTS_OPERATORS) return true;
  const paren = value.split('(');
  return paren.length > 1 && paren[0]! in FTS_OPERATORS;
}

/** Parameters that end in these words apply to the root or, after an embed path, to an embed. */
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

function nonNegativeInteger(value: string): number | undefined {
  return /^\d+$/.test(value) ? Number(value) : undefined;
}

/** `a.b.col->x`: the embed path (a, b) and the field at its end, as PostgREST's tree path. */
function treePath(key: string): { path: string[]; name: string; jsonPath?: JsonPath } {
  const c = new Cursor(key, 'tree path');
  const path: string[] = [];
  for (;;) {
    const { name, path: jsonPath } = fieldWithPath(c);
    if (!jsonPath && c.eat('.')) {
      path.push(name);
      continue;
    }
    if (!c.done) c.unexpected('end of input');
    return jsonPath ? { path, name, jsonPath } : { path, name };
  }
}

/** The names before a reserved word: `rel.sub.order` -> (rel, sub). */
function embedPath(prefix: string): string[] {
  if (prefix === '') return [];
  const c = new Cursor(prefix, 'tree path');
  const path: string[] = [];
  for (;;) {
    path.push(fieldName(c));
    if (c.done) return path;
    if (!c.eat('.')) c.unexpected('"." or end of input');
  }
}

function embedParamsAt(result: QueryParams, path: string[]): EmbedParams {
  const key = JSON.stringify(path);
  let found = result.embedded.find((e) => JSON.stringify(e.path) === key);
  if (!found) {
    found = { path, filters: [], order: [], limit: undefined, offset: undefined };
    result.embedded.push(found);
  }
  return found;
}

/**
 * Parses a /rest/v1 query string (without '?'). Throws RestError PGRST100 on bad syntax. On a
 * table every other parameter is a filter; on /rpc those without an operator are arguments.
 */
export function parseQuery(search: string, rpc = false): QueryParams {
  const result: QueryParams = {
    select: [{ kind: 'star' }],
    filters: [],
    order: [],
    limit: undefined,
    offset: undefined,
    columns: undefined,
    onConflict: undefined,
    params: [],
    embedded: [],
  };
  for (const [key, value] of new URLSearchParams(search)) {
    if (key === 'select') {
      result.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      result.columns = parseColumns(value, 'columns parameter');
      continue;
    }
    if (key === 'on_conflict') {
      result.onConflict = parseColumns(value, 'on_conflict parameter');
      continue;
    }
    if (value === '') continue; // PostgREST drops empty parameters
    const dot = key.lastIndexOf('.');
    const word = key.slice(dot + 1);
    if (EMBEDDABLE.has(word)) {
      let prefix = dot < 0 ? '' : key.slice(0, dot);
      const negated = (word === 'and' || word === 'or') && (prefix === 'not' || prefix.endsWith('.not'));
      if (negated) prefix = prefix.slice(0, Math.max(0, prefix.length - 4));
      const path = embedPath(prefix);
      const target = path.length === 0 ? undefined : embedParamsAt(result, path);
      if (word === 'order') {
        (target ?? result).order.push(...parseOrder(value));
      } else if (word === 'limit' || word === 'offset') {
        // PostgREST ignores a limit/offset that is not a number.
        const n = nonNegativeInteger(value);
        if (n !== undefined) (target ?? result)[word] = n;
      } else {
        const c = new Cursor(word + value, 'logic tree', value);
        const tree = logicTree(c) as LogicTree;
        if (!c.done) c.unexpected('end of input');
        if (tree.type !== 'logic') c.fail('expecting logic operator (and, or)', 0);
        if (negated) tree.negate = !tree.negate;
        (target ?? result).filters.push(tree);
      }
      continue;
    }
    if (!rpc || key.includes('.') || hasOperator(value)) {
      const { path, name, jsonPath } = treePath(key);
      const c = new Cursor(value, 'filter');
      const { negate, operation } = opExpr(c, restOfInput);
      const filter: Filter = { type: 'cond', field: name, ...(jsonPath ? { path: jsonPath } : {}), negate, operation };
      (path.length === 0 ? result : embedParamsAt(result, path)).filters.push(filter);
      continue;
    }
    result.params.push([key, value]);
  }
  checkRegexBudget(result);
  return result;
}

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | undefined;
  count: 'exact' | 'planned' | 'estimated' | undefined;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  missing: 'default' | undefined;
  /** tx=commit|rollback: honoured only where the transaction end allows an override (REST_TX_END). */
  tx: 'commit' | 'rollback' | undefined;
  /** handling=strict: a preference that is not understood is refused (PGRST122) instead of ignored. */
  strict: boolean;
  /** The tokens not understood, as sent. */
  invalid: string[];
  /** Tokens honoured, echoed in Preference-Applied. */
  applied: string[];
}

/** Prefer header: comma-separated tokens, unknown ones ignored (PostgREST's lenient handling). */
export function parsePrefer(header: string | null): Preferences {
  const prefs: Preferences = {
    return: undefined,
    count: undefined,
    resolution: undefined,
    missing: undefined,
    tx: undefined,
    strict: false,
    invalid: [],
    applied: [],
  };
  if (!header) return prefs;
  for (const raw of header.split(',')) {
    const token = raw.trim();
    const [name, value] = token.split('=').map((s) => s.trim());
    if (name === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only')) {
      prefs.return = value;
    } else if (name === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) {
      prefs.count = value;
    } else if (name === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) {
      prefs.resolution = value;
    } else if (name === 'missing' && value === 'default') {
      prefs.missing = value;
    } else if (name === 'tx' && (value === 'commit' || value === 'rollback')) {
      prefs.tx = value;
    } else if (name === 'handling' && (value === 'strict' || value === 'lenient')) {
      prefs.strict = value === 'strict';
    } else if (!(name === 'params' && (value === 'single-object' || value === 'multiple-objects')) && !(name === 'timezone' && value)) {
      prefs.invalid.push(token);
    }
  }
  return prefs;
}

/** Range request header `0-15` -> [offset, limit]; undefined when absent or unparsable. */
export function parseRangeHeader(header: string | null): { offset: number; limit: number | undefined } | undefined {
  if (!header) return undefined;
  const m = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header);
  if (!m) return undefined;
  const from = Number(m[1]);
  const to = m[2] === '' ? undefined : Number(m[2]);
  if (to !== undefined && to < from) {
    throw new RestError(416, {
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
      hint: null,
    });
  }
  return { offset: from, limit: to === undefined ? undefined : to - from + 1 };
}
