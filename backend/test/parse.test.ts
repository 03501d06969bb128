// The query-string parser on its own (pure): PostgREST's grammar and error texts.
import { describe, expect, it } from 'vitest';
import { RestError } from '../src/rest/errors.ts';
import { parsePrefer, parseQuery, parseRangeHeader } from '../src/rest/parse.ts';
import { arrayItems, REGEX_LIMITS, regexCost } from '../src/rest/regex.ts';

function parseFails(search: string): RestError {
  try {
    parseQuery(search);
  } catch (error) {
    expect(error).toBeInstanceOf(RestError);
    return error as RestError;
  }
  throw new Error(`expected ${search} to fail`);
}

describe('parseQuery', () => {
  it('reads a select list with quoted, dashed and aliased names', () => {
    expect(parseQuery('select=id,%22house-title%22,title_1,t:house-title,*').select).toEqual([
      { kind: 'field', name: 'id', alias: undefined },
      { kind: 'field', name: 'house-title', alias: undefined },
      { kind: 'field', name: 'title_1', alias: undefined },
      { kind: 'field', name: 'house-title', alias: 't' },
      { kind: 'star' },
    ]);
  });

  it('decodes + as a space and keeps each filter with its operator', () => {
    expect(parseQuery('house-title=ilike.%25sea+view%25&id=not.eq.5').filters).toEqual([
      { type: 'cond', field: 'house-title', negate: false, operation: { kind: 'op', op: 'ilike', value: '%sea view%' } },
      { type: 'cond', field: 'id', negate: true, operation: { kind: 'op', op: 'eq', value: '5' } },
    ]);
  });

  it('splits in-lists, honouring quotes and backslash escapes', () => {
    const [f] = parseQuery('country=in.(France,%22Spain%2C+x%22,%22a%5C%22b%22)').filters;
    expect(f).toMatchObject({ operation: { kind: 'in', values: ['France', 'Spain, x', 'a"b'] } });
  });

  it.each([
    ['null', 'null'],
    ['NULL', 'null'],
    ['not_null', 'not_null'],
    ['true', 'true'],
    ['False', 'false'],
    ['unknown', 'unknown'],
  ])('is.%s', (text, value) => {
    expect(parseQuery(`a=is.${text}`).filters[0]).toMatchObject({ operation: { kind: 'is', value } });
  });

  it('parses nested logic trees with negation', () => {
    expect(parseQuery('or=(a.eq.1,not.and(b.gt.2,c.in.(3,4)),d.eq.%22x,y%22)').filters[0]).toEqual({
      type: 'logic',
      op: 'or',
      negate: false,
      children: [
        { type: 'cond', field: 'a', negate: false, operation: { kind: 'op', op: 'eq', value: '1' } },
        {
          type: 'logic',
          op: 'and',
          negate: true,
          children: [
            { type: 'cond', field: 'b', negate: false, operation: { kind: 'op', op: 'gt', value: '2' } },
            { type: 'cond', field: 'c', negate: false, operation: { kind: 'in', values: ['3', '4'] } },
          ],
        },
        { type: 'cond', field: 'd', negate: false, operation: { kind: 'op', op: 'eq', value: 'x,y' } },
      ],
    });
    expect(parseQuery('not.or=(a.eq.1,b.eq.2)').filters[0]).toMatchObject({ type: 'logic', op: 'or', negate: true });
  });

  it('reads order terms with direction and nulls placement', () => {
    expect(parseQuery('order=price.desc.nullslast,id,%22house-title%22.asc').order).toEqual([
      { field: 'price', direction: 'desc', nulls: 'last' },
      { field: 'id', direction: undefined, nulls: undefined },
      { field: 'house-title', direction: 'asc', nulls: undefined },
    ]);
  });

  it('reads limit, offset, columns and on_conflict; ignores a non-numeric limit as PostgREST does', () => {
    const q = parseQuery('limit=16&offset=32&columns=%22user_id%22,%22item_id%22&on_conflict=user_id,item_id');
    expect(q).toMatchObject({ limit: 16, offset: 32, columns: ['user_id', 'item_id'], onConflict: ['user_id', 'item_id'] });
    expect(parseQuery('limit=abc').limit).toBeUndefined();
  });

  it('keeps parameters without an operator as rpc arguments', () => {
    const q = parseQuery('search_text=paris&guests=2&id=gt.3', true);
    expect(q.params).toEqual([
      ['search_text', 'paris'],
      ['guests', '2'],
    ]);
    expect(q.filters).toHaveLength(1);
  });

  it.each([
    ['id=noop.1', '"failed to parse filter (noop.1)" (line 1, column 1)'],
    ['id=5', '"failed to parse filter (5)" (line 1, column 1)'],
    ['order=id.sideways', '"failed to parse order (id.sideways)" (line 1, column 4)'],
    ['or=(id.eq.1', '"failed to parse logic tree ((id.eq.1)" (line 1, column 11)'],
    ['select=id,,city', '"failed to parse select parameter (id,,city)" (line 1, column 4)'],
  ])('%s is PGRST100', (search, message) => {
    const error = parseFails(search);
    expect(error.status).toBe(400);
    expect(error.body.code).toBe('PGRST100');
    expect(error.body.message).toBe(message);
  });

  it('reads embedded resources: alias, hints, !inner, spread, nesting and an empty list', () => {
    expect(parseQuery('select=id,owner:people!fk_owner!inner(name,pets(*)),...rooms!room_id(city),tags()').select).toEqual([
      { kind: 'field', name: 'id', alias: undefined },
      {
        kind: 'embed',
        target: 'people',
        alias: 'owner',
        hint: 'fk_owner',
        joinType: 'inner',
        spread: false,
        select: [
          { kind: 'field', name: 'name', alias: undefined },
          { kind: 'embed', target: 'pets', alias: undefined, hint: undefined, joinType: undefined, spread: false, select: [{ kind: 'star' }] },
        ],
      },
      { kind: 'embed', target: 'rooms', alias: undefined, hint: 'room_id', joinType: undefined, spread: true, select: [{ kind: 'field', name: 'city', alias: undefined }] },
      { kind: 'embed', target: 'tags', alias: undefined, hint: undefined, joinType: undefined, spread: false, select: [] },
    ]);
  });

  it('puts filters, logic trees, order and page of an embed under its path', () => {
    const q = parseQuery('books.tags.name=eq.x&books.or=(id.eq.1,id.eq.2)&books.not.and=(a.eq.1,b.eq.2)&books.order=id.desc&books.limit=2&books.offset=1&order=author(name).desc&books=not.is.null');
    expect(q.embedded).toEqual([
      { path: ['books', 'tags'], filters: [{ type: 'cond', field: 'name', negate: false, operation: { kind: 'op', op: 'eq', value: 'x' } }], order: [], limit: undefined, offset: undefined },
      {
        path: ['books'],
        filters: [
          { type: 'logic', op: 'or', negate: false, children: expect.any(Array) },
          { type: 'logic', op: 'and', negate: true, children: expect.any(Array) },
        ],
        order: [{ field: 'id', direction: 'desc', nulls: undefined }],
        limit: 2,
        offset: 1,
      },
    ]);
    expect(q.order).toEqual([{ relation: 'author', field: 'name', direction: 'desc', nulls: undefined }]);
    expect(q.filters).toEqual([{ type: 'cond', field: 'books', negate: true, operation: { kind: 'is', value: 'null' } }]);
  });

  it('reads count() and col.sum() (with casts) as aggregates, as PostgREST 12 does', () => {
    expect(parseQuery('select=n:count()::text,price.sum()::int,id::text.max()').select).toEqual([
      { kind: 'field', name: '*', alias: 'n', aggregate: 'count', aggregateCast: 'text' },
      { kind: 'field', name: 'price', alias: undefined, aggregate: 'sum', aggregateCast: 'int' },
      { kind: 'field', name: 'id', alias: undefined, cast: 'text', aggregate: 'max' },
    ]);
  });

  it('bounds how many resources a select embeds and how deep (PGRST100)', () => {
    const many = Array.from({ length: 17 }, (_, i) => `t${i}(id)`).join(',');
    expect(parseFails(`select=${many}`).body.details).toBe('a select may embed at most 16 resources');
    expect(parseFails('select=a(b(c(d(e(id)))))').body.details).toBe('embedded resources may nest at most 4 levels');
    expect(parseFails('select=a!hint').body.code).toBe('PGRST100');
  });

  it('reads JSON paths (keys and indexes) in select, filters and order', () => {
    const q = parseQuery('select=n:data->a->>b,data->tags->0::text&data->>city=eq.Rome&order=data->rooms.desc');
    expect(q.select).toEqual([
      { kind: 'field', name: 'data', alias: 'n', path: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }] },
      { kind: 'field', name: 'data', alias: undefined, cast: 'text', path: [{ arrow: '->', key: 'tags' }, { arrow: '->', key: 0 }] },
    ]);
    expect(q.filters).toEqual([{ type: 'cond', field: 'data', path: [{ arrow: '->>', key: 'city' }], negate: false, operation: { kind: 'op', op: 'eq', value: 'Rome' } }]);
    expect(q.order).toEqual([{ field: 'data', path: [{ arrow: '->', key: 'rooms' }], direction: 'desc', nulls: undefined }]);
  });
});

describe('match / imatch patterns (rest/regex.ts)', () => {
  it('gives the expanded size: atoms, with bounded repetitions multiplied out', () => {
    expect(regexCost('^P', 'match')).toBe(2);
    expect(regexCost('colou?r', 'match')).toBe(6);
    expect(regexCost('(?:beach|sea) view', 'match')).toBe(13);
    expect(regexCost('[0-9]{4}-[[:alpha:]]{2,3}', 'match')).toBe(8);
    expect(regexCost('a{2,}b*', 'match')).toBe(4);
    expect(regexCost('[]a]\\.x', 'match')).toBe(3);
  });

  it.each([
    ['((.{1,50}){1,50}){1,50}q', 'already quantified'],
    ['(a+)*', 'already quantified'],
    ['a{2}{3}', 'already quantified'],
    ['a+?*', 'already quantified'],
    [`${'a*'.repeat(REGEX_LIMITS.quantifiers + 1)}`, 'at most 16 quantifiers'],
    ['.{0,100}z', 'at most 100 atoms'],
    ['(abcdefghij){11}', 'at most 100 atoms'],
    [`${'x'.repeat(101)}`, 'at most 100 atoms'],
    ['(?!a)', 'lookaround'],
    ['(?i)a', 'embedded options'],
    ['***=a', 'director'],
    ['(a)\\1', 'back-references'],
  ])('refuses %s', (pattern, why) => {
    expect(() => regexCost(pattern, 'match')).toThrow(why);
  });

  it('reads the items of an array literal as PostgreSQL does', () => {
    expect(arrayItems('{^P, b ,"c,d","e\\"f",g\\,h}')).toEqual(['^P', 'b', 'c,d', 'e"f', 'g,h']);
    expect(arrayItems('{{a,b},{c}}')).toEqual(['a', 'b', 'c']);
  });

  it('refuses in the query string with PGRST100 at the pattern, and over the whole request', () => {
    const one = parseFails(`city=match.${encodeURIComponent('ab(c+)*')}`);
    expect(one.status).toBe(400);
    expect(one.body).toEqual({
      code: 'PGRST100',
      message: '"failed to parse filter (match.ab(c+)*)" (line 1, column 13)',
      details: 'a quantifier may not apply to something already quantified in a match pattern',
      hint: null,
    });
    expect(parseFails(`a=imatch(any).${encodeURIComponent('{x,"(a+)*"}')}`).body.details).toContain('in a imatch pattern');
    const all = parseFails(['a', 'b', 'c'].map((c) => `${c}=match.${encodeURIComponent('.{0,99}z')}`).join('&'));
    expect(all.body.details).toBe('the match and imatch patterns of one request may expand to at most 200 atoms together (these: 300)');
    expect(parseQuery(`a=match.${encodeURIComponent('.{0,99}z')}&b=imatch.${encodeURIComponent('.{0,99}z')}`).filters).toHaveLength(2);
  });
});

describe('parsePrefer and parseRangeHeader', () => {
  it('reads a comma-separated Prefer list and ignores unknown tokens', () => {
    expect(parsePrefer('count=exact, return=representation, tx=rollback, resolution=merge-duplicates')).toMatchObject({
      count: 'exact',
      return: 'representation',
      resolution: 'merge-duplicates',
    });
    expect(parsePrefer(null).return).toBeUndefined();
  });

  it('reads Range 0-15 as offset 0, limit 16 and refuses an inverted range (416)', () => {
    expect(parseRangeHeader('0-15')).toEqual({ offset: 0, limit: 16 });
    expect(parseRangeHeader('10-')).toEqual({ offset: 10, limit: undefined });
    expect(() => parseRangeHeader('5-2')).toThrow(RestError);
  });
});
