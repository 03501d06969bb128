// Which match / imatch patterns may reach the database (issue 27: no request may hold the
// embedded database for more than a few seconds).
//
// Why a structural check, and not a timeout: PGlite runs PostgreSQL in this process's thread and
// cannot cancel a statement (statement_timeout needs a signal it does not get), so a regex that
// takes 9 minutes holds every request, /health included, for 9 minutes. PostgreSQL cancels it at
// the role's statement timeout (57014, 500), but the connection is held that long meanwhile.
//
// Why not RE2's rule: PostgreSQL's engine (Henry Spencer's, from Tcl) is a lazy DFA over an NFA in
// which every bounded repetition {m,n} is a copy of its body, and in which consecutive nullable
// pieces (.*.*.*) connect each state to all that follow. Its cost per character grows with that
// expanded NFA, and its compile time more than linearly, so patterns RE2 accepts as linear still
// freeze it: measured on PGlite over 1,000 rooms, ((.{1,50}){1,50}){1,50}q and
// (.*.*.*.*.*.*.*.*.*.*){1,10}z take far longer than 20 s, 40 .* in a row too, while the same
// shapes bounded as below answer in tens of milliseconds (a few hundred on a loaded machine).
//
// So a pattern is accepted only when:
// - it uses no back-reference (\1-\9), lookaround or embedded option ((?=, (?!, (?<=, (?<!, (?b)...:
//   only (?: opens a group), and no director (***:, ***=, ***?);
// - no quantifier applies to something already quantified ((a+)*, (.{1,50}){1,50}, a**);
// - it has at most REGEX_LIMITS.quantifiers quantifiers;
// - its expanded size (each atom 1, a bounded repetition {m,n} its body times n, {m,} times m+1)
//   is at most REGEX_LIMITS.expandedSize, and all of a request's patterns together at most
//   REGEX_LIMITS.requestExpandedSize.
// Length stays bounded by REQUEST_LIMITS.regexLength (parse.ts). What the app and PostgREST users
// write (^P, ^fr, (?:beach|sea) view, [0-9]{4}, colou?r) passes.
//
// PostgREST itself hands any pattern to PostgreSQL; we depart from it with 400 PGRST100 before
// any SQL runs, rather than a 500 (57014) after holding the database. like / ilike need no such
// check: PostgreSQL's LIKE matcher gives up on a '%' as soon as the rest cannot match, so 100
// '%' against 1,000 rooms answer in milliseconds.

export const REGEX_LIMITS = {
  /** Quantifiers (*, +, ?, {m,n}) in one pattern. */
  quantifiers: 16,
  /** Expanded size of one pattern: atoms, bounded repetitions multiplied out. */
  expandedSize: 100,
  /** Expanded size of all the patterns of one request. */
  requestExpandedSize: 200,
} as const;

/** Why a pattern is refused, as PostgREST's parse errors word their details. */
export class RegexRefused extends Error {
  constructor(
    readonly reason: string,
    /** 0-based position in the pattern. */
    readonly at: number,
  ) {
    super(reason);
  }
}

interface Node {
  size: number;
  quantified: boolean;
}

/**
 * The expanded size of a PostgreSQL ARE pattern, or RegexRefused. Syntax PostgreSQL itself
 * rejects (an unclosed group, a bad bound) is left to it (2201B, 400): only cost is judged here.
 */
export function regexCost(pattern: string, op: string): number {
  if (pattern.startsWith('***')) throw new RegexRefused(`a ${op} pattern may not start with a director (***)`, 0);
  let pos = 0;
  let quantifiers = 0;

  const refuse = (reason: string, at = pos): never => {
    throw new RegexRefused(`${reason} in a ${op} pattern`, at);
  };

  /** A bracket expression from '[' to its ']'; the closing ']' may come first after '[' or '[^'. */
  function bracket(): void {
    pos += 1;
    if (pattern[pos] === '^') pos += 1;
    if (pattern[pos] === ']') pos += 1;
    while (pos < pattern.length && pattern[pos] !== ']') {
      const two = pattern.slice(pos, pos + 2);
      if (two === '[:' || two === '[.' || two === '[=') {
        const close = pattern.indexOf(two[1]! + ']', pos + 2);
        pos = close < 0 ? pattern.length : close + 2;
      } else {
        pos += pattern[pos] === '\\' ? 2 : 1;
      }
    }
    pos += 1;
  }

  /** `{m}`, `{m,}`, `{m,n}` at pos: the copies it makes, or undefined when it is not a bound. */
  function bound(): number | undefined {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(pos));
    if (!m) return undefined;
    pos += m[0].length;
    const low = Number(m[1]);
    const high = m[2] === undefined ? low : m[3] === '' ? low + 1 : Number(m[3]);
    return Math.max(1, low, high);
  }

  function atom(): Node {
    const ch = pattern[pos]!;
    if (ch === '(') {
      const open = pos;
      if (pattern[pos + 1] === '?') {
        if (pattern[pos + 2] !== ':') refuse('lookaround constraints and embedded options ((?=, (?!, (?<=, (?<!, (?b)...) are not allowed', open);
        pos += 3;
      } else {
        pos += 1;
      }
      const inner = alternation();
      if (pattern[pos] === ')') pos += 1;
      return inner;
    }
    if (ch === '[') {
      bracket();
      return { size: 1, quantified: false };
    }
    if (ch === '\\') {
      if (/[1-9]/.test(pattern[pos + 1] ?? '')) refuse('back-references (\\1 to \\9) are not allowed');
      pos += 2;
      return { size: 1, quantified: false };
    }
    pos += 1;
    return { size: 1, quantified: false };
  }

  function piece(): Node {
    let node = atom();
    for (;;) {
      const at = pos;
      let copies: number | undefined;
      if (pattern[pos] === '*' || pattern[pos] === '+' || pattern[pos] === '?') {
        pos += 1;
        copies = 1;
      } else if (pattern[pos] === '{') {
        copies = bound();
      }
      if (copies === undefined) return node;
      if (pattern[pos] === '?') pos += 1; // non-greedy
      if (node.quantified) refuse('a quantifier may not apply to something already quantified', at);
      quantifiers += 1;
      if (quantifiers > REGEX_LIMITS.quantifiers) refuse(`at most ${REGEX_LIMITS.quantifiers} quantifiers are allowed`, at);
      node = { size: node.size * copies, quantified: true };
      if (node.size > REGEX_LIMITS.expandedSize) refuse(`repetitions may expand to at most ${REGEX_LIMITS.expandedSize} atoms`, at);
    }
  }

  function alternation(): Node {
    let size = 0;
    let quantified = false;
    while (pos < pattern.length && pattern[pos] !== ')') {
      if (pattern[pos] === '|') {
        pos += 1;
        continue;
      }
      const node = piece();
      size += node.size;
      quantified ||= node.quantified;
      if (size > REGEX_LIMITS.expandedSize) refuse(`repetitions may expand to at most ${REGEX_LIMITS.expandedSize} atoms`);
    }
    return { size, quantified };
  }

  let size = 0;
  while (pos < pattern.length) {
    size += alternation().size;
    if (pattern[pos] === ')') pos += 1; // unbalanced: PostgreSQL refuses it
  }
  if (size > REGEX_LIMITS.expandedSize) refuse(`repetitions may expand to at most ${REGEX_LIMITS.expandedSize} atoms`);
  return size;
}

/**
 * The items of an array literal as PostgreSQL reads them ({a,"b,c",d\,e}): what
 * match(any).{...} / imatch(all).{...} compare with, each its own pattern.
 */
export function arrayItems(literal: string): string[] {
  const items: string[] = [];
  let item = '';
  let quoted = false;
  let open = false;
  const flush = () => {
    if (open) items.push(quoted ? item : item.trim());
    item = '';
    quoted = false;
    open = false;
  };
  for (let i = 0; i < literal.length; i++) {
    const ch = literal[i]!;
    if (ch === '"') {
      quoted = true;
      open = true;
      for (i++; i < literal.length && literal[i] !== '"'; i++) item += literal[i] === '\\' ? (literal[++i] ?? '') : literal[i];
    } else if (ch === '\\') {
      item += literal[++i] ?? '';
      open = true;
    } else if (ch === ',' || ch === '{' || ch === '}') {
      flush();
    } else {
      item += ch;
      open = true;
    }
  }
  flush();
  return items;
}
