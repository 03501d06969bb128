// The near-name suggestion of PostgREST's errors ("Perhaps you meant 'x' instead of 'y'."): the
// Haskell fuzzyset it uses - cosine similarity of 3-grams (else 2-grams) of the lower-cased,
// hyphen-enclosed names, the best 50 re-scored by normalized Levenshtein distance, 0.33 at least.

const MIN_SCORE = 0.33;

const normalized = (text: string) => [...text.toLowerCase()].filter((ch) => /[\p{L}\p{N}\s,]/u.test(ch)).join('');

function gramVector(text: string, size: number): Map<string, number> {
  const chars = [...`-${normalized(text)}-`];
  const vector = new Map<string, number>();
  for (let i = 0; i + size <= chars.length; i++) {
    const gram = chars.slice(i, i + size).join('');
    vector.set(gram, (vector.get(gram) ?? 0) + 1);
  }
  return vector;
}

const magnitude = (vector: Map<string, number>) => Math.sqrt([...vector.values()].reduce((sum, n) => sum + n * n, 0));

function levenshtein(a: string[], b: string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

function similarity(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const longest = Math.max(x.length, y.length);
  return longest === 0 ? 1 : 1 - levenshtein(x, y) / longest;
}

/** Candidates near `value`, best first, with their scores (an exact match alone scores 1). */
function matches(candidates: string[], value: string): Array<[number, string]> {
  const byKey = new Map<string, string>();
  for (const c of candidates) if (!byKey.has(c.toLowerCase())) byKey.set(c.toLowerCase(), c);
  const key = value.toLowerCase();
  const exact = byKey.get(key);
  if (exact !== undefined) return [[1, exact]];
  for (const size of [3, 2]) {
    const query = gramVector(key, size);
    const queryMagnitude = magnitude(query);
    const scored: Array<[number, string]> = [];
    for (const entry of byKey.keys()) {
      const vector = gramVector(entry, size);
      let dot = 0;
      for (const [gram, n] of query) dot += n * (vector.get(gram) ?? 0);
      if (dot > 0) scored.push([dot / (queryMagnitude * magnitude(vector)), entry]);
    }
    if (scored.length === 0) continue;
    // Equal scores in name order (PostgREST's fuzzyset answers 'books' before 'rooms' for 'Docs').
    scored.sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    const rescored = scored.slice(0, 50).map(([, entry]): [number, string] => [similarity(key, entry), entry]);
    rescored.sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    const kept = rescored.filter(([score]) => score >= MIN_SCORE).map(([score, entry]): [number, string] => [score, byKey.get(entry)!]);
    if (kept.length > 0) return kept;
  }
  return [];
}

/** The candidate nearest `value`; with `notExact`, none when `value` is itself a candidate. */
export function suggest(candidates: string[], value: string, notExact: boolean): string | undefined {
  const found = matches(candidates, value);
  return (notExact ? found.find(([score]) => score < 1) : found[0])?.[1];
}
