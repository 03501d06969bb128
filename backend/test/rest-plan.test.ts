// The REST stages on their own, without HTTP or a database: ApiRequest (request.ts), the plan
// against a schema cache made here (plan.ts) and the statement it becomes (query.ts).
import { describe, expect, it } from 'vitest';
import { RestError } from '../src/rest/errors.ts';
import { suggest } from '../src/rest/fuzzy.ts';
import { actionPlan, findRelationship, type CallPlan, type ReadPlan } from '../src/rest/plan.ts';
import { callStatement, explainStatement, mutateStatement, plannedCountStatement, planRows, readStatement } from '../src/rest/query.ts';
import { parseApiRequest, type ApiRequest } from '../src/rest/request.ts';
import { deriveRelationships, viewKeys, viewPrimaryKeys, viewTargets, type Relation, type SchemaCache } from '../src/rest/schema.ts';

function table(name: string, columns: string[], primaryKey: string[], schema = 'public'): Relation {
  return {
    schema,
    name,
    kind: 'r',
    primaryKey,
    computed: new Set(),
    columns: new Map(columns.map((c) => [c, { name: c, type: 'integer', nullable: true, hasDefault: false, defaultExpr: undefined }])),
  };
}

/** authors <- books (author_id, editor_id); books <-> tags through book_tags; profiles one-to-one. */
function schemaCache(): SchemaCache {
  const relations = new Map(
    [
      table('authors', ['id', 'name'], ['id']),
      table('profiles', ['author_id', 'bio'], ['author_id']),
      table('books', ['id', 'title', 'author_id', 'editor_id'], ['id']),
      table('tags', ['id', 'name'], ['id']),
      table('book_tags', ['book_id', 'tag_id'], ['book_id', 'tag_id']),
    ].map((r) => [r.name, r]),
  );
  const fk = (name: string, rel: string, foreign: string, col: string, oneToOne = false) => ({
    name,
    rel,
    foreign_rel: foreign,
    cols: [col],
    fcols: ['id'],
    one_to_one: oneToOne,
  });
  const keys = [
    fk('books_author_id_fkey', 'books', 'authors', 'author_id'),
    fk('books_editor_id_fkey', 'books', 'authors', 'editor_id'),
    fk('book_tags_book_id_fkey', 'book_tags', 'books', 'book_id'),
    fk('book_tags_tag_id_fkey', 'book_tags', 'tags', 'tag_id'),
    fk('profiles_author_id_fkey', 'profiles', 'authors', 'author_id', true),
  ];
  return { schema: 'public', relations, routines: new Map(), relationships: deriveRelationships(relations, keys) };
}

function request(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  schemas = ['public'],
  planEnabled = false,
): ApiRequest {
  return parseApiRequest(
    {
      method: init.method ?? 'GET',
      url: `http://localhost/rest/v1${path}`,
      headers: new Headers(init.headers),
      body: init.body,
    },
    { schemas, planEnabled },
  );
}

function fails(fn: () => unknown): RestError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RestError);
    return error as RestError;
  }
  throw new Error('expected a RestError');
}

describe('ApiRequest', () => {
  it('reads the action, target, preferences, range and the JSON body', () => {
    const r = request('/books?columns=id,title&select=id', {
      method: 'POST',
      headers: { prefer: 'return=representation, count=exact', range: '0-9', accept: 'application/vnd.pgrst.object+json' },
      body: '[{"id":1,"title":"A","x":2}]',
    });
    expect(r).toMatchObject({ action: 'insert', target: 'books', path: '/books', shape: 'object', range: { offset: 0, limit: 10 } });
    expect(r.prefs).toMatchObject({ return: 'representation', count: 'exact' });
    expect(r.payload).toEqual({ kind: 'rows', rows: [{ id: 1, title: 'A', x: 2 }], columns: ['id', 'title'] });
  });

  it('takes a call’s arguments from the body (POST) or the query string (GET)', () => {
    expect(request('/rpc/add', { method: 'POST', body: '{"a":1}' })).toMatchObject({ action: 'call', target: 'add', path: '/rpc/add', payload: { kind: 'arguments', args: { a: 1 }, fromJson: true } });
    expect(request('/rpc/add?a=1&b=2').payload).toEqual({ kind: 'arguments', args: { a: '1', b: '2' }, fromJson: false, raw: undefined, media: 'json' });
    // A text, xml or bytea body is the one argument of a function of one unnamed parameter, as sent.
    const text = request('/rpc/shout', { method: 'POST', body: 'a "b"', headers: { 'content-type': 'text/plain; charset=utf-8' } });
    expect(text.payload).toEqual({ kind: 'arguments', args: {}, fromJson: true, raw: 'a "b"', media: 'text' });
  });

  it('refuses rows with different keys and a body that is not JSON (PGRST102)', () => {
    expect(fails(() => request('/books', { method: 'POST', body: '[{"a":1},{"b":2}]' })).body.message).toBe('All object keys must match');
    expect(fails(() => request('/books', { method: 'PATCH', body: 'nope' })).body.code).toBe('PGRST102');
  });

  it('checks the method before the query string, and the query string before the body', () => {
    expect(fails(() => request('/books?select=(', { method: 'PUT' })).status).toBe(405);
    expect(fails(() => request('/books?select=(', { method: 'POST', body: 'nope' })).body.code).toBe('PGRST100');
  });
  it('reads a CSV body to insert as cassava does: quotes, line ends, blank lines, NULL; columns= does not apply', () => {
    const csv = (body: string, path = '/books') => request(path, { method: 'POST', headers: { 'content-type': 'Text/CSV; charset=utf-8' }, body }).payload;
    expect(csv('id,title\r\n1,"a, ""b"""\n\n2,"two\nlines"\r3,NULL\n4,"NULL"\n5,\n')).toEqual({
      kind: 'rows',
      columns: ['id', 'title'],
      rows: [
        { id: '1', title: 'a, "b"' },
        { id: '2', title: 'two\nlines' },
        { id: '3', title: null },
        { id: '4', title: null },
        { id: '5', title: '' },
      ],
    });
    expect(csv('id,title\n1,a,extra', '/books?columns=id')).toEqual({ kind: 'rows', columns: ['id', 'title'], rows: [{ id: '1', title: 'a' }] });
    expect(csv('id,title\n')).toEqual({ kind: 'rows', columns: [], rows: [] });
    expect(fails(() => csv('id,title\n1,a\n2\n')).body.message).toBe('All lines must have same number of fields');
    for (const bad of ['', 'id\n"open', 'id\na"b', 'id\n"a"b']) expect(fails(() => csv(bad)).body.code).toBe('PGRST102');
  });

  it('takes the plan media type only with db-plan-enabled, its format, for= and the options it knows', () => {
    const plan = (accept: string, method = 'GET') => {
      const r = request('/books', { method, headers: { accept }, body: method === 'GET' ? undefined : '{}' }, ['public'], true);
      return [r.shape, r.plan];
    };
    expect(plan('application/vnd.pgrst.plan')).toEqual(['array', { format: 'text', for: 'array', options: [] }]);
    expect(plan('application/vnd.pgrst.plan+json; for="text/csv"; options=wal|drop table|analyze;')).toEqual(['csv', { format: 'json', for: 'csv', options: ['analyze', 'wal'] }]);
    expect(plan('application/vnd.pgrst.plan+text;for="application/vnd.pgrst.object+json"', 'PATCH')).toEqual(['object', { format: 'text', for: 'object', options: [] }]);
    const off = fails(() => request('/books', { headers: { accept: 'application/vnd.pgrst.plan+json; options=analyze' } }));
    expect([off.status, off.body.message]).toEqual([406, 'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"; options=analyze']);
    expect(fails(() => plan('application/vnd.pgrst.plan+json; for="text/html"')).body.code).toBe('PGRST107');
    expect(plan('application/vnd.pgrst.plan+json; for="text/html", application/json')).toEqual(['array', undefined]);
  });

  it('answers CSV for reads, calls and writes alike', () => {
    expect(request('/rpc/f', { headers: { accept: 'text/csv' } }).shape).toBe('csv');
    expect(request('/books', { method: 'DELETE', headers: { accept: 'text/csv' } }).shape).toBe('csv');
  });

  it('chooses the schema by Accept-Profile (reads) or Content-Profile (writes, POST calls), the first exposed one by default', () => {
    const schemas = ['public', 'extra'];
    expect(request('/books', {}, schemas)).toMatchObject({ schema: 'public', negotiated: true });
    expect(request('/books', {}, ['public'])).toMatchObject({ schema: 'public', negotiated: false });
    expect(request('/books', { headers: { 'accept-profile': 'extra' } }, schemas)).toMatchObject({ schema: 'extra', negotiated: true });
    // A write reads Content-Profile only; an Accept-Profile on it is not a choice.
    expect(request('/books', { method: 'POST', body: '{}', headers: { 'accept-profile': 'extra' } }, schemas).schema).toBe('public');
    expect(request('/rpc/f', { method: 'POST', body: '{}', headers: { 'content-profile': 'extra' } }, schemas).schema).toBe('extra');
    expect(request('/rpc/f', { headers: { 'accept-profile': 'extra' } }, schemas).schema).toBe('extra');
  });

  it('refuses a schema that is not exposed with 406 PGRST106, whatever it is named', () => {
    for (const profile of ['private', 'pg_catalog', 'PUBLIC', '"public"', '']) {
      const error = fails(() => request('/books', { method: 'DELETE', headers: { 'content-profile': profile } }, ['public', 'extra']));
      expect([error.status, error.body.code, error.body.message, error.body.hint]).toEqual([
        406,
        'PGRST106',
        `Invalid schema: ${profile}`,
        'Only the following schemas are exposed: public, extra',
      ]);
    }
  });
});

describe('relationships from foreign keys', () => {
  const schema = schemaCache();
  const relations = (t: string) => schema.relationships.get(t)!.map((r) => `${r.cardinality} ${r.foreignTable} ${r.junction?.table ?? r.constraint}`);

  it('are many-to-one from the key (ordered by foreign table, then cardinality), one-to-many back, one-to-one on a unique key, many-to-many through a junction', () => {
    expect(relations('books')).toEqual([
      'many-to-one authors books_author_id_fkey',
      'many-to-one authors books_editor_id_fkey',
      'one-to-many book_tags book_tags_book_id_fkey',
      'many-to-many tags book_tags',
    ]);
    expect(relations('authors')).toEqual(['one-to-many books books_author_id_fkey', 'one-to-many books books_editor_id_fkey', 'one-to-one profiles profiles_author_id_fkey']);
  });

  it('are found by table, foreign key, column, or a hint naming either', () => {
    expect(findRelationship(schema, 'books', 'authors', 'books_editor_id_fkey').constraint).toBe('books_editor_id_fkey');
    expect(findRelationship(schema, 'books', 'authors', 'author_id').constraint).toBe('books_author_id_fkey');
    expect(findRelationship(schema, 'books', 'editor_id', undefined).foreignTable).toBe('authors');
    expect(findRelationship(schema, 'books', 'tags', 'book_tags').cardinality).toBe('many-to-many');
  });

  it('two candidates are 300 PGRST201 listing both, none is 400 PGRST200 suggesting a near name', () => {
    const ambiguous = fails(() => findRelationship(schema, 'books', 'authors', undefined));
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.body.details).toEqual([
      { embedding: 'books with authors', cardinality: 'many-to-one', relationship: 'books_author_id_fkey using books(author_id) and authors(id)' },
      { embedding: 'books with authors', cardinality: 'many-to-one', relationship: 'books_editor_id_fkey using books(editor_id) and authors(id)' },
    ]);
    const none = fails(() => findRelationship(schema, 'books', 'tag', undefined));
    expect(none.body).toMatchObject({ code: 'PGRST200', hint: "Perhaps you meant 'tags' instead of 'tag'." });
  });

  it("come through views: a view's stored query gives each top-level column's origin, not its subqueries'", () => {
    const def =
      '({QUERY :commandType 1 :rtable ({RANGETBLENTRY :subquery {QUERY :targetList ({TARGETENTRY :resno 1 :resname x :ressortgroupref 0 :resorigtbl 9 :resorigcol 9 :resjunk false})}}) ' +
      ':targetList ({TARGETENTRY :expr {VAR :varno 1} :resno 1 :resname book\\ id :ressortgroupref 0 :resorigtbl 100 :resorigcol 1 :resjunk false} ' +
      '{TARGETENTRY :expr {SUBLINK :subselect {QUERY :targetList ({TARGETENTRY :resno 1 :resname y :ressortgroupref 0 :resorigtbl 7 :resorigcol 7 :resjunk false})}} :resno 2 :resname sub :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false} ' +
      '{TARGETENTRY :expr {VAR :varno 1} :resno 3 :resname w\\) :ressortgroupref 0 :resorigtbl 100 :resorigcol 3 :resjunk false}) :havingQual <>})';
    expect(viewTargets(def)).toEqual([
      { resno: 1, table: '100', column: 1 },
      { resno: 2, table: '0', column: 0 },
      { resno: 3, table: '100', column: 3 },
    ]);
  });

  it('hold between views that show all of a key’s columns, under its name with their column names', () => {
    const key = { schema: 'public', foreign_schema: 'public', name: 'books_author_id_fkey', rel: 'books', foreign_rel: 'authors', cols: ['author_id'], fcols: ['id'], one_to_one: false };
    const shows = (view: string, col: string, rel: string, originCol: string) => ({ schema: 'public', view, col, origin_schema: 'public', origin_rel: rel, origin_col: originCol });
    const keys = viewKeys([key], [shows('book_list', 'writer', 'books', 'author_id'), shows('recent', 'w', 'book_list', 'writer'), shows('names', 'id', 'authors', 'id'), shows('titles', 'title', 'books', 'title')]);
    expect(keys.map((k) => `${k.rel}(${k.cols.join()}) -> ${k.foreign_rel}(${k.fcols.join()}) ${k.name}`)).toEqual([
      'books(author_id) -> names(id) books_author_id_fkey',
      'book_list(writer) -> authors(id) books_author_id_fkey',
      'book_list(writer) -> names(id) books_author_id_fkey',
      'recent(w) -> authors(id) books_author_id_fkey',
      'recent(w) -> names(id) books_author_id_fkey',
    ]);
  });

  it('give a view the primary key of each table it shows whole, in any schema', () => {
    const shows = (view: string, col: string, schema: string, rel: string, originCol: string) => ({ schema: 'api', view, col, origin_schema: schema, origin_rel: rel, origin_col: originCol });
    const keys = viewPrimaryKeys(
      [{ schema: 'private', table: 'links', columns: ['a', 'b'] }, { schema: 'private', table: 'other', columns: ['id'] }],
      [shows('links', 'first', 'private', 'links', 'a'), shows('links', 'second', 'private', 'links', 'b'), shows('half', 'a', 'private', 'links', 'a')],
    );
    expect(keys).toEqual([[{ schema: 'api', name: 'links' }, ['first', 'second']]]);
  });

  it('suggests as PostgREST’s fuzzy set: near names only, not the name itself', () => {
    expect(suggest(['books', 'tags', 'authors'], 'author', true)).toBe('authors');
    expect(suggest(['books', 'tags'], 'tags', true)).toBeUndefined();
    expect(suggest(['books', 'tags'], 'zzzzzz', false)).toBeUndefined();
  });
});

describe('plans in another exposed schema', () => {
  // The same names in schema "extra": a request there sees its tables, its relationships only.
  const extra: SchemaCache = {
    schema: 'extra',
    relations: new Map([['books', table('books', ['id', 'title'], ['id'], 'extra')]]),
    routines: new Map(),
    relationships: new Map(),
  };

  it('qualifies every name with the schema and reports it in errors', () => {
    const r = request('/books?select=id,title&id=eq.1', { headers: { 'accept-profile': 'extra' } }, ['public', 'extra']);
    expect(readStatement(actionPlan(extra, r) as ReadPlan, r).text).toContain('from "extra"."books" where "extra"."books"."id" = $1');
    expect(fails(() => actionPlan(extra, request('/authors', {}, ['extra']))).body.message).toBe("Could not find the table 'extra.authors' in the schema cache");
    expect(fails(() => actionPlan(extra, request('/books?select=id,authors(id)', {}, ['extra']))).body.details).toBe(
      "Searched for a foreign key relationship between 'books' and 'authors' in the schema 'extra', but no matches were found.",
    );
    expect(fails(() => actionPlan(extra, request('/rpc/add?a=1', {}, ['extra']))).body.message).toBe('Could not find the function extra.add(a) in the schema cache');
  });
});

describe('read plans and their statement', () => {
  const schema = schemaCache();

  it('resolve each embed to its relationship, alias and join columns, with its own filters and page', () => {
    const plan = actionPlan(schema, request('/authors?select=name,books!author_id(title,tags(name))&books.title=eq.A&books.limit=2')) as ReadPlan;
    const [books] = plan.tree.embeds;
    expect(books).toMatchObject({ name: 'books', lateral: 'authors_books_1', joinType: 'left', from: { table: '"public"."books"', alias: 'books_1', junction: undefined } });
    expect(books!.conditions).toEqual([[{ qualifier: '"books_1"', column: 'author_id' }, { qualifier: '"public"."authors"', column: 'id' }]]);
    expect(books!.node).toMatchObject({ limit: 2, filters: [{ field: 'title' }] });
    const [tags] = books!.node.embeds;
    expect(tags).toMatchObject({ relationship: { cardinality: 'many-to-many' }, from: { table: '"public"."tags"', alias: undefined, junction: '"public"."book_tags"' }, lateral: 'books_tags_2' });
  });

  it('refuses params on a resource not embedded (PGRST108), spreading a to-many (PGRST119), ordering by one (PGRST118)', () => {
    expect(fails(() => actionPlan(schema, request('/books?select=id&tags.name=eq.x'))).body.code).toBe('PGRST108');
    expect(fails(() => actionPlan(schema, request('/authors?select=...books!author_id(title)'))).body.code).toBe('PGRST119');
    expect(fails(() => actionPlan(schema, request('/authors?select=books!author_id(id)&order=books(id)'))).body.code).toBe('PGRST118');
  });

  it('is one statement: lateral joins, values bound, the count through EXISTS of !inner embeds', () => {
    const r = request('/authors?select=name,books!author_id!inner(title)&books.title=eq.A', { headers: { prefer: 'count=exact' } });
    const { sql, text } = readStatement(actionPlan(schema, r) as ReadPlan, r);
    expect(text).toContain('inner join lateral (select json_agg("authors_books_1")::jsonb as "authors_books_1" from (select "books_1"."title" from "public"."books" as "books_1" where "books_1"."title" = $1 and "books_1"."author_id" = "public"."authors"."id")');
    expect(text).toContain('select count(*) from (select 1 from "public"."authors" where exists (select 1 from "public"."books" as "books_1" where "books_1"."title" = $2');
    expect(sql.values).toEqual(['A', 'A']);
  });

  it('reads the representation of written rows with their embeds, returning only the columns it needs', () => {
    const r = request('/books?select=title,author:authors!author_id(name)', { method: 'POST', headers: { prefer: 'return=representation' }, body: '{"id":9,"title":"T","author_id":1}' });
    const { text } = mutateStatement(actionPlan(schema, r) as never, r);
    expect(text).toContain('returning "public"."books"."title" as "title", "public"."books"."author_id" as "author_id"');
    expect(text).toContain('from _pgrst_src as "books" left join lateral (select "authors_1"."name" from "public"."authors" as "authors_1" where "authors_1"."id" = "books"."author_id")');
  });
});

describe('db-max-rows and counts', () => {
  const schema = schemaCache();
  const maxRows = { maxRows: 5, aggregatesEnabled: false };

  it('limit every level of a read to db-max-rows from its offset, but not a write representation', () => {
    const r = request('/authors?select=id,books!author_id(id)&books.limit=9&limit=20&offset=3');
    const plan = actionPlan(schema, r, maxRows) as ReadPlan;
    expect([plan.tree.limit, plan.tree.offset, plan.tree.embeds[0]!.node.limit]).toEqual([5, 3, 5]);
    expect((actionPlan(schema, request('/authors?limit=2'), maxRows) as ReadPlan).tree.limit).toBe(2);
    const write = request('/authors?select=id', { method: 'POST', headers: { prefer: 'return=representation' }, body: '{"id":1}' });
    expect((actionPlan(schema, write, maxRows) as never as { returning: { limit: unknown } }).returning.limit).toBeUndefined();
  });

  it('count=exact counts every row, estimated up to db-max-rows + 1, planned not at all (the planner is asked apart)', () => {
    const text = (prefer: string, settings: { maxRows: number | undefined; aggregatesEnabled: boolean } = maxRows) => {
      const r = request('/authors?select=id&name=eq.A', { headers: { prefer } });
      return readStatement(actionPlan(schema, r, settings) as ReadPlan, r).text;
    };
    expect(text('count=exact')).toContain('(select count(*) from "public"."authors" where "public"."authors"."name" = $1)::int as total');
    expect(text('count=estimated')).toContain('(select count(*) from (select 1 from "public"."authors" where "public"."authors"."name" = $1 limit 6) _pgrst_c)::int as total');
    expect(text('count=estimated', { maxRows: undefined, aggregatesEnabled: false })).toContain('(select count(*) from "public"."authors" where');
    expect(text('count=planned')).toContain('null::int as total');
  });

  it('asks the planner for the rows the count would count, and reads "Plan Rows" of its answer', () => {
    const r = request('/authors?select=id,books!author_id!inner(id)&books.title=eq.A', { headers: { prefer: 'count=planned' } });
    const { sql, text } = plannedCountStatement(actionPlan(schema, r) as ReadPlan);
    expect(text).toBe(
      'explain (format json) select 1 from "public"."authors" where exists (select 1 from "public"."books" as "books_1" where "books_1"."title" = $1 and "books_1"."author_id" = "public"."authors"."id")',
    );
    expect(sql.values).toEqual(['A']);
    expect(planRows('[{"Plan": {"Node Type": "Seq Scan", "Plan Rows": 42}}]')).toBe(42);
    expect(planRows([{ Plan: { 'Plan Rows': 7 } }])).toBe(7);
    expect(planRows([])).toBeUndefined();
  });

  it('explains the statement of the request with the plan options, nothing else', () => {
    const r = request('/books?select=id&id=eq.1', { headers: { accept: 'application/vnd.pgrst.plan+json; options=verbose|analyze|x); drop table books; --' } }, ['public'], true);
    const read = readStatement(actionPlan(schema, r) as ReadPlan, r);
    const { text, sql } = explainStatement(read, r.plan!);
    expect(text).toBe(`explain (format json, analyze, verbose) ${read.text}`);
    expect(sql.values).toEqual(['1']);
  });

  it('a call counts for exact and estimated only, its rows limited to db-max-rows', () => {
    const routine = { schema: 'public', name: 'pairs', params: [], returnsSet: true, returnsRelation: undefined, returnsTable: true, returnsScalar: false, returnsVoid: false, outColumns: ['a'], volatile: false };
    const withRoutine = { ...schema, routines: new Map([['pairs', [routine]]]) };
    const text = (prefer: string) => {
      const r = request('/rpc/pairs?limit=50', { headers: { prefer } });
      const plan = actionPlan(withRoutine, r, maxRows) as CallPlan;
      expect(plan.page).toEqual({ offset: 0, limit: 5 });
      return callStatement(plan, r).text;
    };
    expect(text('count=estimated')).toContain('(select count(*) from "public"."pairs"() _pgrst_r)::int as total');
    expect(text('count=planned')).toContain('null::int as total');
  });
});
