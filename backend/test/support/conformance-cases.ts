// Requests sent to both our /rest/v1 and real PostgREST 12 (conformance.test.ts), on the project's
// migrations with test/fixtures/rest-data.sql. Writes start from RESET_SQL (+ setup) on each server.

export type Token = 'anon' | 'service' | 'user' | 'other' | 'expired' | 'badsig' | 'garbage' | 'none';

/** What may differ from PostgREST 12, and why. Unlisted parts are compared. */
export interface Accepted {
  reason: string;
  /** Parts still compared (default: nothing but the status). */
  compare: Array<'status' | 'range' | 'profile' | 'code' | 'body'>;
}

export interface Case {
  name: string;
  /** SQL run as superuser after the reset and before the request (write cases). */
  setup?: string;
  accepted?: Accepted;
  /** Why the case is not run on PGlite (it is skipped there, with this reason). */
  postgresOnly?: string;
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  token?: Token;
  headers?: Record<string, string>;
  body?: unknown;
}

const JSON_BODY = { 'content-type': 'application/json' };
/** Travellers book within the calendar: days a month from now. */
const dayFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const DAY_30 = dayFromNow(30);
const DAY_32 = dayFromNow(32);
export const USER = '11111111-1111-4111-8111-111111111111';
export const OTHER = '22222222-2222-4222-8222-222222222222';

/** Run before every write case against each server, so both start from the same rows. */
export const RESET_SQL = `
truncate public."Favorites", public."Payments", public."Bookings", archive.notes, public.stamps restart identity cascade;
update public."Rooms" set price = 1000 + id * 10.5, filter = (array['Beach', 'Cabins', 'Castles'])[1 + id % 3];`;

const favourites = (...items: number[]) =>
  `insert into public."Favorites" (user_id, item_id) values ${items.map((i) => `('${USER}', ${i})`).join(', ')};`;

const v14Text = (what: string): Accepted => ({
  reason: `PostgREST 12 words ${what} differently; we follow v13/v14 (hosted Supabase), contract 2.7`,
  compare: ['status', 'range', 'profile', 'code'],
});
const PARSEC: Accepted = {
  reason: "Parsec's error position and 'expecting' list are reproduced only approximately",
  compare: ['status', 'range', 'profile', 'code'],
};
const SINGULAR = v14Text('PGRST116 ("JSON object requested, multiple (or no) rows returned")');
const PGRST204 = v14Text("PGRST204 (\"Column 'x' of relation 'T' does not exist\")");

const CSV_HEADER: Accepted = {
  reason:
    "PostgREST 12.0.2 writes the header of a call's or a write's CSV from other keys than its fields' (sorted, or every column of the written rows): header and fields disagree; ours writes the selected keys in both",
  compare: ['status', 'range', 'profile', 'code'],
};
const CASSAVA: Accepted = { reason: "the CSV parser's error text is not cassava's", compare: ['status', 'range', 'profile', 'code'] };

/** An insert of a CSV body into archive.notes (body not null, tag). */
function csvInsert(body: string, headers: Record<string, string> = {}, query = ''): Pick<Case, 'method' | 'path' | 'headers' | 'body'> {
  return { method: 'POST', path: `/notes?select=body,tag${query}`, headers: { 'content-type': 'text/csv', 'content-profile': 'archive', ...headers }, body };
}

export const CASES: Case[] = [
  // reads
  { name: 'select columns with a quoted dashed name', method: 'GET', path: '/Rooms?select=id,city,%22house-title%22&order=id&limit=3' },
  { name: 'select star, all rows', method: 'GET', path: '/Rooms?order=id' },
  { name: 'alias', method: 'GET', path: '/Rooms?select=ident:id,t:house-title&id=lt.3&order=id' },
  { name: 'JSON paths in select: -> json, ->> text, nested, an index', method: 'GET', path: '/Docs?select=id,data->city,data->>rooms,data->host->>name,data->tags->0&order=id' },
  { name: 'a JSON path with an alias and a cast', method: 'GET', path: '/Docs?select=n:data->>rooms::int&order=id' },
  { name: 'filters on JSON paths', method: 'GET', path: '/Docs?select=id&data->>city=eq.Rome&data->rooms=gte.1' },
  { name: 'a JSON path in or() and is.null', method: 'GET', path: '/Docs?select=id&or=(data->>city.is.null,data->host->>name.eq.Ada)&order=id' },
  { name: 'order by a JSON path', method: 'GET', path: '/Docs?select=id&order=data->>rooms.desc' },
  { name: 'a JSON path on an unknown column', method: 'GET', path: '/Docs?select=nope->a' },
  { name: 'CSV: a header of the keys, then the rows', method: 'GET', path: '/Rooms?select=id,city,house-title,house_rating&id=lt.8&order=id', headers: { accept: 'text/csv' } },
  { name: 'CSV: values with commas, quotes and nulls', method: 'GET', path: '/Docs?select=id,data,data->>city&order=id', headers: { accept: 'text/csv' } },
  { name: 'CSV: no rows', method: 'GET', path: '/Rooms?select=id,city&id=lt.0', headers: { accept: 'text/csv' } },
  { name: 'casts in select keep the column name', method: 'GET', path: '/Rooms?select=id::text,price::int,house_rating::text&id=lt.4&order=id' },
  { name: 'a cast with an alias', method: 'GET', path: '/Rooms?select=ident:id::text&id=lt.3&order=id' },
  { name: 'a cast to an unknown type', method: 'GET', path: '/Rooms?select=id::nosuchtype&id=lt.3' },
  { name: 'a cast missing its type', method: 'GET', path: '/Rooms?select=id::&id=lt.3' },
  { name: 'eq on bigint', method: 'GET', path: '/Rooms?select=id&id=eq.5' },
  { name: 'neq gt gte lt lte', method: 'GET', path: '/Rooms?select=id&id=neq.3&id=gt.1&id=gte.2&id=lt.6&id=lte.5&order=id' },
  { name: 'like with *', method: 'GET', path: '/Rooms?select=id,city&city=like.*ar*&order=id' },
  { name: 'ilike case-insensitive equality', method: 'GET', path: '/Rooms?select=id&city=ilike.PARIS&order=id' },
  { name: 'like(any) of a list', method: 'GET', path: '/Rooms?select=id,city&city=like(any).{*ari*,*yon*}&order=id' },
  { name: 'ilike(all) of a list', method: 'GET', path: '/Rooms?select=id,city&city=ilike(all).{*R*,*O*}&order=id' },
  { name: 'eq(any) and not.gt(all) on numbers', method: 'GET', path: '/Rooms?select=id&id=eq(any).{3,5,7}&house_rating=not.gt(all).{3,4}&order=id' },
  { name: 'a quantifier inside or()', method: 'GET', path: '/Rooms?select=id&or=(city.like(any).{Osl*,Rom*},id.eq.1)&id=lt.8&order=id' },
  { name: 'ilike with %25', method: 'GET', path: '/Rooms?select=id&city=ilike.%25YO%25&order=id' },
  { name: 'in list with quoted item', method: 'GET', path: '/Rooms?select=id,country&country=in.(Italy,%22Spain%2C+x%22)&order=id' },
  { name: 'not.in', method: 'GET', path: '/Rooms?select=id&id=not.in.(1,2,3)&id=lt.8&order=id' },
  { name: 'is.null', method: 'GET', path: '/Rooms?select=id&host_name=is.null&order=id' },
  { name: 'not.is.null upper case', method: 'GET', path: '/Rooms?select=id&house_rating=not.is.NULL&id=lt.9&order=id' },
  { name: 'match and imatch', method: 'GET', path: '/Rooms?select=id&city=match.^P&country=imatch.^fr&order=id' },
  {
    name: 'a statement past the anon statement timeout: 500 with 57014',
    postgresOnly: 'PGlite cannot cancel a running statement (no statement_timeout): both servers would wait the 6 s sleep out and answer 204',
    method: 'POST',
    path: '/rpc/sleep_past_timeout',
    headers: JSON_BODY,
    body: {},
  },
  { name: 'or with nested and', method: 'GET', path: '/Rooms?select=id&or=(id.eq.1,and(id.gt.38,host_name.is.null))&order=id' },
  { name: 'not.or', method: 'GET', path: '/Rooms?select=id&not.or=(id.gt.3,city.eq.Lyon)&order=id' },
  { name: 'or with in list and quoted value', method: 'GET', path: '/Rooms?select=id&or=(id.in.(2,3),city.eq.%22Paris%22)&id=lt.11&order=id' },
  { name: 'order desc nullsfirst, several', method: 'GET', path: '/Rooms?select=id,house_rating&order=house_rating.desc.nullsfirst,id.asc&limit=5' },
  { name: 'order nullslast', method: 'GET', path: '/Rooms?select=id,host_name&order=host_name.asc.nullslast,id.desc&limit=6' },
  { name: 'limit and offset', method: 'GET', path: '/Rooms?select=id&order=id&limit=3&offset=4' },
  { name: 'Range header', method: 'GET', path: '/Rooms?select=id&order=id', headers: { range: '2-4', 'range-unit': 'items' } },
  { name: 'count exact, a page', method: 'GET', path: '/Rooms?select=id&filter=eq.Beach&order=id&offset=0&limit=4', headers: { prefer: 'count=exact' } },
  { name: 'count exact, whole set', method: 'GET', path: '/Rooms?select=id&city=eq.Rome&order=id', headers: { prefer: 'count=exact' } },
  { name: 'count exact, offset past end', method: 'GET', path: '/Rooms?select=id&order=id&offset=100&limit=4', headers: { prefer: 'count=exact' } },
  { name: 'offset past end without count', method: 'GET', path: '/Rooms?select=id&order=id&offset=100' },
  { name: 'count exact, empty', method: 'GET', path: '/Rooms?select=id&id=eq.0', headers: { prefer: 'count=exact' } },
  { name: 'HEAD with count', method: 'HEAD', path: '/Rooms?select=id', headers: { prefer: 'count=exact' } },
  { name: 'the plan media type with db-plan-enabled off', accepted: { reason: 'v12 answers 415 for an unusable Accept; v13+ (and the contract) 406', compare: ['range', 'profile', 'code', 'body'] }, method: 'GET', path: '/Rooms?select=id', headers: { accept: 'application/vnd.pgrst.plan+json' } },
  // planned and estimated counts (the tables are analysed once, so the planner's estimates are the same for both)
  { name: 'count planned, a page: 206 with the estimate', method: 'GET', path: '/Rooms?select=id&order=id&limit=4', headers: { prefer: 'count=planned' } },
  { name: 'count planned, filtered', method: 'GET', path: '/Rooms?select=id&filter=eq.Beach&order=id&offset=2&limit=3', headers: { prefer: 'count=planned' } },
  { name: 'count planned is the estimate, not the count (two correlated columns)', method: 'GET', path: '/Rooms?select=id&city=eq.Paris&country=eq.France&order=id', headers: { prefer: 'count=planned' } },
  { name: 'count planned, a range past the estimate: 416', method: 'GET', path: '/Rooms?select=id&order=id&offset=400', headers: { prefer: 'count=planned' } },
  { name: 'count planned with an !inner embed and its filter', method: 'GET', path: '/authors?select=id,books!books_author_id_fkey!inner(id)&books.published=gt.2000&order=id', headers: { prefer: 'count=planned' } },
  { name: 'count planned, HEAD', method: 'HEAD', path: '/books?select=id', headers: { prefer: 'count=planned' } },
  { name: 'count planned in another schema', method: 'GET', path: '/books?select=id&order=id&limit=1', headers: { prefer: 'count=planned', 'accept-profile': 'archive' } },
  { name: 'count estimated without db-max-rows: the larger of the count and the estimate', method: 'GET', path: '/Rooms?select=id&order=id&limit=5', headers: { prefer: 'count=estimated' } },
  { name: 'count estimated, filtered, with a range', method: 'GET', path: '/Rooms?select=id&city=eq.Rome&order=id', headers: { prefer: 'count=estimated', range: '0-0' } },
  { name: 'count planned on a call is not counted', method: 'POST', path: '/rpc/rooms_in?select=id&limit=2&order=id', headers: { ...JSON_BODY, prefer: 'count=planned' }, body: { q: 'o' } },
  { name: 'count estimated on a call counts', method: 'POST', path: '/rpc/rooms_in?select=id&limit=2&order=id', headers: { ...JSON_BODY, prefer: 'count=estimated' }, body: { q: 'o' } },
  { name: 'single object', method: 'GET', path: '/Rooms?select=id,price,images,lat,%22house-title%22&id=eq.5', headers: { accept: 'application/vnd.pgrst.object+json' } },
  { name: 'single object, no row', accepted: SINGULAR, method: 'GET', path: '/Rooms?select=id&id=eq.999', headers: { accept: 'application/vnd.pgrst.object+json' } },
  { name: 'single object, many rows', accepted: SINGULAR, method: 'GET', path: '/Rooms?select=id&id=lt.4', headers: { accept: 'application/vnd.pgrst.object+json' } },
  // malformed
  { name: 'unknown column in filter', method: 'GET', path: '/Rooms?nope=eq.1' },
  { name: 'unknown column in select', method: 'GET', path: '/Rooms?select=id,nope' },
  { name: 'unknown column in order', method: 'GET', path: '/Rooms?order=nope.desc' },
  { name: 'unknown operator', accepted: PARSEC, method: 'GET', path: '/Rooms?id=noop.1' },
  { name: 'bad order direction', method: 'GET', path: '/Rooms?order=id.sideways' },
  { name: 'bad logic tree', method: 'GET', path: '/Rooms?or=(id.eq.1' },
  { name: 'bad select', accepted: PARSEC, method: 'GET', path: '/Rooms?select=id,,city' },
  { name: 'invalid bigint', method: 'GET', path: '/Rooms?id=eq.abc' },
  { name: 'unknown table', accepted: { reason: 'v13+ answers PGRST205 from the schema cache; v12 let PostgreSQL fail with 42P01 (both 404)', compare: ['status', 'range'] }, method: 'GET', path: '/Nope' },
  { name: 'table without grant (anon)', method: 'GET', path: '/Secrets' },
  { name: 'unacceptable media type', accepted: { reason: 'v12 answers 415 for an unusable Accept; v13+ (and the contract) 406', compare: ['range', 'code', 'body'] }, method: 'GET', path: '/Rooms?select=id&id=eq.1', headers: { accept: 'text/html' } },
  { name: 'unexposed schema', accepted: v14Text('PGRST106 ("The schema must be one of the following")'), method: 'GET', path: '/Rooms?select=id&id=eq.1', headers: { 'accept-profile': 'private' } },
  { name: 'expired JWT', accepted: { reason: 'v13+ reports an expired JWT as PGRST303 "JWT expired"; v12 as PGRST301', compare: ['status', 'range'] }, method: 'GET', path: '/Rooms?select=id&id=eq.1', token: 'expired' },
  { name: 'badly signed JWT', accepted: v14Text('JWT errors ("JWSError JWSInvalidSignature")'), method: 'GET', path: '/Rooms?select=id&id=eq.1', token: 'badsig' },
  { name: 'garbage JWT', accepted: v14Text('JWT errors ("JWSError (CompactDecodeError ...)")'), method: 'GET', path: '/Rooms?select=id&id=eq.1', token: 'garbage' },
  { name: 'no Authorization is anon', method: 'GET', path: '/Rooms?select=id&id=eq.1', token: 'none' },
  // CSV (text/csv): answers of reads, calls and write representations; bodies of inserts
  { name: 'CSV: embedded resources are JSON in a quoted field', method: 'GET', path: '/authors?select=name,books!author_id(title,published)&order=id', headers: { accept: 'text/csv' } },
  { name: 'CSV: HEAD', method: 'HEAD', path: '/Rooms?select=id&id=lt.3', headers: { accept: 'text/csv', prefer: 'count=exact' } },
  { name: 'CSV: a call returning rows', accepted: CSV_HEADER, method: 'POST', path: '/rpc/rooms_in?select=id,city&id=lt.12&order=id', headers: { ...JSON_BODY, accept: 'text/csv' }, body: { q: 'o' } },
  { name: 'CSV: a call returning a table', method: 'GET', path: '/rpc/city_counts?order=city&limit=3', headers: { accept: 'text/csv' } },
  { name: 'CSV: a call returning a scalar', method: 'GET', path: '/rpc/add?a=1&b=2', headers: { accept: 'text/csv' } },
  { name: 'CSV body: quotes, commas, line breaks and NULL; the representation as CSV', accepted: CSV_HEADER, ...csvInsert('body,tag\nplain,NULL\n"a, b","say ""hi"""\n"two\nlines",""\nx,"NULL"\n', { accept: 'text/csv', prefer: 'return=representation' }) },
  { name: 'CSV body: CRLF lines and a blank line, minimal, counted', ...csvInsert('tag,body\r\nt1,one\r\n\r\nt2,two\r\n', { prefer: 'count=exact' }) },
  { name: 'CSV body: the representation as JSON, text cast to the column types', method: 'POST', path: '/Favorites?select=user_id,item_id', token: 'user', headers: { 'content-type': 'text/csv', prefer: 'return=representation' }, body: `user_id,item_id\n${USER},3\n${USER},5` },
  { name: 'CSV body: a header only inserts nothing', ...csvInsert('body,tag\n', { prefer: 'return=representation' }) },
  { name: 'CSV body: a line with fewer fields', ...csvInsert('body,tag\na,b\nc\n') },
  { name: 'CSV body: extra fields are dropped', ...csvInsert('body\na,b\n', { prefer: 'return=representation' }) },
  { name: 'CSV body: columns= does not apply', ...csvInsert('body,tag\na,b\n', { prefer: 'return=representation' }, '&columns=body') },
  { name: 'CSV body: an unknown column', accepted: PGRST204, ...csvInsert('body,nope\na,b\n') },
  { name: 'CSV body: NULL into a NOT NULL column', ...csvInsert('body\nNULL\n') },
  {
    name: 'CSV body: an unclosed quote',
    accepted: { reason: 'PostgREST 12 (cassava) answers 201 for a quoted field that never closes; ours refuses the body with 400 PGRST102', compare: ['profile'] },
    ...csvInsert('body\n"open\n'),
  },
  { name: 'CSV body: a quote inside an unquoted field', accepted: CASSAVA, ...csvInsert('body\nab"c\n') },
  { name: 'CSV body: empty', accepted: CASSAVA, ...csvInsert('') },
  { name: 'CSV: the representation of an update', accepted: CSV_HEADER, setup: `insert into archive.notes (body, tag) values ('a', null), ('b', 'x,y');`, method: 'PATCH', path: '/notes?select=id,body,tag&order=id', headers: { ...JSON_BODY, 'content-profile': 'archive', accept: 'text/csv', prefer: 'return=representation' }, body: { body: 'c' } },
  { name: 'CSV body of an update: its first row sets the columns of its header', setup: `insert into archive.notes (body, tag) values ('p', 'q');`, method: 'PATCH', path: '/notes?select=body,tag&body=eq.p', headers: { 'content-type': 'text/csv', 'content-profile': 'archive', prefer: 'return=representation' }, body: 'tag,body\nt,p2\nu,p3\n' },
  { name: 'CSV body of an update: a line with fewer fields', method: 'PATCH', path: '/notes?body=eq.p2', headers: { 'content-type': 'text/csv', 'content-profile': 'archive' }, body: 'body,tag\na,b\nc\n' },
  { name: 'a JSON array body of an update: its first object', setup: `insert into archive.notes (body, tag) values ('r', null);`, method: 'PATCH', path: '/notes?select=body,tag&body=eq.r', headers: { ...JSON_BODY, 'content-profile': 'archive', prefer: 'return=representation' }, body: [{ body: 'r2', tag: 'first' }, { body: 'r3', tag: 'second' }] },
  { name: 'a JSON array body of an update whose keys differ', method: 'PATCH', path: '/notes?body=eq.r2', headers: { ...JSON_BODY, 'content-profile': 'archive' }, body: [{ body: 'x' }, { tag: 'y' }] },
  { name: 'CSV: the representation of a delete, none left', method: 'DELETE', path: '/notes?select=id', headers: { 'content-profile': 'archive', accept: 'text/csv', prefer: 'return=representation' } },
  // exposed schemas: both servers expose public (the default) and archive (fixture), and name the
  // schema of an answer in Content-Profile
  { name: 'a read in the default schema names it', method: 'GET', path: '/authors?select=id,name&order=id' },
  { name: 'Accept-Profile: a table of that name in another schema, embedding within it', method: 'GET', path: '/authors?select=name,books(title)&order=id', headers: { 'accept-profile': 'archive' } },
  { name: 'Accept-Profile with count and a range', method: 'GET', path: '/books?select=id&order=id', headers: { 'accept-profile': 'archive', prefer: 'count=exact', range: '0-1' } },
  { name: 'Accept-Profile: single object, HEAD', method: 'HEAD', path: '/books?id=eq.1', headers: { 'accept-profile': 'archive', accept: 'application/vnd.pgrst.object+json' } },
  { name: 'a relationship of public is not one of archive', method: 'GET', path: '/books?select=id,tags(name)', headers: { 'accept-profile': 'archive' } },
  {
    name: 'a table of public only, asked in archive, is not found',
    accepted: { reason: 'v13+ answers PGRST205 from the schema cache; v12 let PostgreSQL fail with 42P01 (both 404)', compare: ['status', 'range', 'profile'] },
    method: 'GET',
    path: '/Rooms?select=id',
    headers: { 'accept-profile': 'archive' },
  },
  { name: 'a schema that exists but is not exposed', accepted: v14Text('PGRST106 ("The schema must be one of the following")'), method: 'GET', path: '/secrets', headers: { 'accept-profile': 'hidden' } },
  { name: 'an unexposed Content-Profile on a write', accepted: v14Text('PGRST106 ("The schema must be one of the following")'), method: 'POST', path: '/secrets', headers: { ...JSON_BODY, 'content-profile': 'hidden' }, body: { id: 1 } },
  { name: 'Content-Profile: insert, representation', method: 'POST', path: '/notes?select=id,body', headers: { ...JSON_BODY, 'content-profile': 'archive', prefer: 'return=representation' }, body: [{ body: 'a' }, { body: 'b' }] },
  { name: 'Content-Profile: insert, minimal, counted', method: 'POST', path: '/notes', headers: { ...JSON_BODY, 'content-profile': 'archive', prefer: 'count=exact' }, body: { body: 'a' } },
  { name: 'Content-Profile: a check violation', method: 'POST', path: '/notes', headers: { ...JSON_BODY, 'content-profile': 'archive' }, body: { body: 'x'.repeat(120) } },
  {
    name: 'a write reads Content-Profile, not Accept-Profile',
    accepted: { reason: 'v13+ answers PGRST205 from the schema cache; v12 let PostgreSQL fail with 42P01 (both 404)', compare: ['status', 'range', 'profile'] },
    method: 'POST',
    path: '/notes',
    headers: { ...JSON_BODY, 'accept-profile': 'archive' },
    body: { body: 'a' },
  },
  { name: 'Content-Profile: update and delete, representation', setup: `insert into archive.notes (body) values ('a'), ('b');`, method: 'PATCH', path: '/notes?id=eq.2&select=id,body', headers: { ...JSON_BODY, 'content-profile': 'archive', prefer: 'return=representation' }, body: { body: 'c' } },
  { name: 'Content-Profile: delete, minimal', setup: `insert into archive.notes (body) values ('a'), ('b');`, method: 'DELETE', path: '/notes?id=lt.3', headers: { 'content-profile': 'archive' } },
  { name: 'Content-Profile: rpc POST, rows of its schema with an embed', method: 'POST', path: '/rpc/shelf?select=title,authors(name)&order=title', headers: { ...JSON_BODY, 'content-profile': 'archive' }, body: { n: 2 } },
  { name: 'Accept-Profile: rpc GET, scalar', method: 'GET', path: '/rpc/add?a=1&b=2', headers: { 'accept-profile': 'archive' } },
  { name: 'the same call in the default schema', method: 'GET', path: '/rpc/add?a=1&b=2' },
  { name: 'a function of another schema is not found', method: 'POST', path: '/rpc/shelf', headers: JSON_BODY, body: { n: 2 } },
  // embedding (fixtures: authors, books, tags, book_tags, author_profiles, employees)
  { name: 'embed many-to-one by a foreign key hint, with an alias', method: 'GET', path: '/books?select=id,title,author:authors!books_author_id_fkey(name)&order=id' },
  { name: 'embed many-to-one by its column, a null key gives null', method: 'GET', path: '/books?select=id,author_id(name),editor_id(id,name)&order=id' },
  { name: 'embed many-to-one by the hint of a column of either side', method: 'GET', path: '/books?select=id,authors!editor_id(name)&order=id' },
  { name: 'embed one-to-many, an empty list for none', method: 'GET', path: '/authors?select=id,name,books!books_author_id_fkey(id,title)&order=id' },
  { name: 'embed one-to-many with star', method: 'GET', path: '/authors?select=*,books!author_id(*)&id=lt.3&order=id' },
  { name: 'embed many-to-many through a junction table', method: 'GET', path: '/books?select=id,tags(name)&order=id' },
  { name: 'embed many-to-many the other way, the junction as hint', method: 'GET', path: '/tags?select=name,books!book_tags(title)&order=id' },
  { name: 'embed the junction table itself as one-to-many', method: 'GET', path: '/books?select=id,book_tags(tag_id)&order=id' },
  { name: 'embed one-to-one both ways', method: 'GET', path: '/authors?select=id,author_profiles(bio)&order=id' },
  // overloads and arguments (fixtures: shout, quiet, xml_root, byte_count, json_keys, pick, author_books, greeting)
  { name: 'one unnamed text parameter takes the JSON body, its other-typed overload not callable', method: 'POST', path: '/rpc/shout', headers: JSON_BODY, body: { '': 'hey' } },
  { name: 'one unnamed text parameter takes a text/plain body', method: 'POST', path: '/rpc/shout', headers: { 'content-type': 'text/plain' }, body: 'plain words' },
  { name: 'one unnamed xml parameter takes a text/xml body', method: 'POST', path: '/rpc/xml_root', headers: { 'content-type': 'text/xml' }, body: '<room><bed/></room>' },
  { name: 'one unnamed bytea parameter takes an octet-stream body', method: 'POST', path: '/rpc/byte_count', headers: { 'content-type': 'application/octet-stream' }, body: 'five!' },
  { name: 'one unnamed json parameter takes the body with its "" key', method: 'POST', path: '/rpc/json_keys', headers: JSON_BODY, body: { '': { a: 1 }, b: 2 } },
  { name: 'a text/plain body to a function of named parameters is PGRST202', method: 'POST', path: '/rpc/pick', headers: { 'content-type': 'text/plain' }, body: 'x' },
  { name: "PGRST202's hint: the nearest function's name", method: 'GET', path: '/rpc/pik?b=1' },
  { name: "PGRST202's hint: the nearest overload's parameters", method: 'POST', path: '/rpc/pick', headers: JSON_BODY, body: { bb: 1, c: 2 } },
  { name: 'the "" key names an unnamed bytea parameter too: it takes the JSON body', method: 'POST', path: '/rpc/byte_count', headers: JSON_BODY, body: { '': 1 } },
  { name: 'no arguments fit both no parameters and an optional unnamed one: PGRST203', method: 'POST', path: '/rpc/quiet', headers: JSON_BODY, body: {} },
  { name: "PGRST203 lists overloads by parameter count, then their names' types", method: 'POST', path: '/rpc/pick', headers: JSON_BODY, body: { b: '1' } },
  { name: 'GET chooses between overloads the same way', method: 'GET', path: '/rpc/pick?b=true' },
  { name: 'a row-type argument from a JSON object, rows of a table filtered and ordered', method: 'POST', path: '/rpc/author_books?select=id,title&title=neq.Beta&order=id.desc', headers: JSON_BODY, body: { a: { id: 1, name: 'Ada' } } },
  { name: 'a row-type argument with a missing field (null) and a scalar beside it', method: 'POST', path: '/rpc/greeting', headers: JSON_BODY, body: { who: { name: 'Bo' }, punct: '?' } },
  { name: 'a row-type argument of the wrong shape', method: 'POST', path: '/rpc/greeting', headers: JSON_BODY, body: { who: { id: 'one' } } },
  // Accept: ...;nulls=stripped
  { name: 'nulls=stripped drops null fields at every depth, null embeds too', method: 'GET', path: '/books?select=id,editor_id,published,editor:authors!editor_id(name,author_profiles(bio))&order=id', headers: { accept: 'application/vnd.pgrst.array+json;nulls=stripped' } },
  { name: 'nulls=stripped on a single object', method: 'GET', path: '/books?select=id,editor_id&id=eq.2', headers: { accept: 'application/vnd.pgrst.object+json;nulls=stripped' } },
  { name: 'vnd.pgrst.array+json without nulls=stripped is plain JSON', method: 'GET', path: '/books?select=id,editor_id&order=id', headers: { accept: 'application/vnd.pgrst.array+json' } },
  { name: 'nulls=stripped on a call', method: 'POST', path: '/rpc/author_books?select=id,editor_id,published&order=id', headers: { ...JSON_BODY, accept: 'application/vnd.pgrst.array+json;nulls=stripped' }, body: { a: { id: 1 } } },
  { name: 'nulls=stripped on a write', method: 'POST', path: '/stamps?select=id,label', headers: { ...JSON_BODY, prefer: 'return=representation', accept: 'application/vnd.pgrst.array+json;nulls=stripped' }, body: [{ id: 5, label: null }, { id: 6, label: 'x' }] },
  // computed relationships (fixtures: written, edited, writer, profile)
  { name: 'computed relationship, one-to-many, with star', method: 'GET', path: '/authors?select=id,written(*)&order=id' },
  { name: 'computed relationship with an alias, filter, order and limit inside', method: 'GET', path: '/authors?select=id,works:written(id,title)&works.published=gt.1990&works.order=published.desc&works.limit=1&order=id' },
  { name: 'computed relationship, to-one, and embedding from its rows', method: 'GET', path: '/books?select=id,writer(name,profile(bio))&order=id' },
  { name: 'computed relationship of ROWS 1 is to-one, !inner drops rows without one', method: 'GET', path: '/authors?select=id,profile!inner(bio)&order=id' },
  { name: 'computed relationship filtered to the parents having rows', method: 'GET', path: '/authors?select=id,edited!inner(title)&order=id' },
  { name: 'computed relationship beside a foreign key embed', method: 'GET', path: '/authors?select=name,books!author_id(id),edited(id,title)&order=id' },
  { name: "computed relationship in a write's representation", setup: 'grant select, update on public.authors to service_role; grant select on public.books, public.author_profiles to service_role;', method: 'PATCH', path: '/authors?id=eq.1&select=name,written(title),profile(bio)', token: 'service', headers: { ...JSON_BODY, prefer: 'return=representation' }, body: { name: 'Ada' } },
  { name: 'computed relationship of another table is not one', method: 'GET', path: '/books?select=id,written(id)' },
  { name: 'embed one-to-one from the dependent side', method: 'GET', path: '/author_profiles?select=bio,authors(name)&order=author_id' },
  { name: 'embed self many-to-one by column and one-to-many by table', method: 'GET', path: '/employees?select=name,manager_id(name),employees(name)&order=id' },
  { name: 'embed nested three levels', method: 'GET', path: '/authors?select=name,books!books_author_id_fkey(title,tags(name,books(id)))&order=id' },
  { name: 'embed !inner drops parents without a related row', method: 'GET', path: '/authors?select=id,books!books_author_id_fkey!inner(id)&order=id' },
  { name: 'embed !inner with a filter on the embed', method: 'GET', path: '/authors?select=id,books!books_author_id_fkey!inner(title)&books.published=gt.2000&order=id' },
  { name: 'embed !inner many-to-one filters parents', method: 'GET', path: '/books?select=id,editor:authors!editor_id!inner(name)&editor.name=eq.Bo' },
  { name: 'embed with no columns only filters', method: 'GET', path: '/authors?select=id,books!books_author_id_fkey!inner()&books.title=eq.Beta' },
  { name: 'embed !inner with count: a page of the filtered parents', method: 'GET', path: '/authors?select=id,books!books_author_id_fkey!inner(id)&order=id&limit=1', headers: { prefer: 'count=exact' } },
  { name: 'embed filters, order, limit and offset on the embed', method: 'GET', path: '/authors?select=id,books!books_author_id_fkey(id,published)&books.published=gt.1990&books.order=id.desc&books.limit=1&books.offset=1&order=id' },
  { name: 'embed or= on the embed', method: 'GET', path: '/authors?select=id,books!books_author_id_fkey(id)&books.or=(id.eq.2,published.is.null)&order=id' },
  { name: 'embed filtered by alias', method: 'GET', path: '/authors?select=id,written:books!books_author_id_fkey(title)&written.title=like.*a*&order=id' },
  { name: 'embed is.null: parents without related rows', method: 'GET', path: '/authors?select=id,books!books_author_id_fkey(id)&books=is.null&order=id' },
  { name: 'embed not.is.null with a filter, counted', method: 'GET', path: '/authors?select=id,books!books_author_id_fkey(id)&books.published=lt.2005&books=not.is.null&order=id', headers: { prefer: 'count=exact' } },
  { name: 'embed not.is.null on a to-one', method: 'GET', path: '/books?select=id,editor_id(name)&editor_id=not.is.null&order=id' },
  { name: 'spread a to-one into its parent', method: 'GET', path: '/books?select=id,title,...authors!books_author_id_fkey(author_name:name,author_profiles(bio))&order=id' },
  { name: 'spread with star', method: 'GET', path: '/author_profiles?select=bio,...authors(*)&order=author_id' },
  { name: 'spread of a to-many is 400 PGRST119', method: 'GET', path: '/authors?select=id,...books!books_author_id_fkey(title)' },
  { name: 'order by a column of an embedded to-one', method: 'GET', path: '/books?select=id,author:authors!books_author_id_fkey(name)&order=author(name).desc,id' },
  { name: 'order by a to-many is 400 PGRST118', method: 'GET', path: '/authors?select=id,books!books_author_id_fkey(id)&order=books(id)' },
  { name: 'ambiguous embed is 300 PGRST201 listing the relationships', method: 'GET', path: '/books?select=id,authors(name)' },
  { name: 'ambiguous one-to-many is 300 PGRST201', method: 'GET', path: '/authors?select=id,books(id)' },
  { name: 'unknown relationship is 400 PGRST200', method: 'GET', path: '/books?select=id,nothing(*)' },
  { name: 'unknown relationship with a near name suggests it', method: 'GET', path: '/books?select=id,tag(*)' },
  { name: 'a hint that matches nothing is 400 PGRST200', method: 'GET', path: '/books?select=id,tags!nope(*)' },
  { name: 'a relationship from a table that has none suggests a near parent', method: 'GET', path: '/Docs?select=id,tags(*)' },
  { name: 'a filter on a resource not embedded is 400 PGRST108', method: 'GET', path: '/books?select=id&tags.name=eq.x' },
  { name: 'an order on a resource not embedded is 400 PGRST108', method: 'GET', path: '/books?select=id&order=tags(name)' },
  {
    name: 'an unknown column in an embed',
    accepted: { reason: "columns are checked against the schema cache before the statement runs; PostgreSQL's 'Perhaps you meant' hint is not reproduced", compare: ['status', 'range', 'code'] },
    method: 'GET',
    path: '/books?select=id,tags(nope)',
  },
  { name: 'an unknown column in an embed filter', method: 'GET', path: '/authors?select=id,books!books_author_id_fkey(id)&books.nope=eq.1' },
  // relationships through views (fixture: book_list, author_names, recent_books, profile_cards)
  { name: 'view: many-to-one from a view by its renamed column', method: 'GET', path: '/book_list?select=title,authors(name)&order=book_id' },
  { name: 'view: the renamed column as the embed', method: 'GET', path: '/book_list?select=title,writer(name)&order=book_id' },
  { name: 'view: one-to-many to a view', method: 'GET', path: '/authors?select=name,book_list(title)&order=id' },
  { name: 'view: a view to a view', method: 'GET', path: '/author_names?select=name,book_list(title),recent_books(title)&order=id' },
  { name: 'view: a view on a view, with !inner', method: 'GET', path: '/recent_books?select=title,author_names!inner(name)&author_names.name=eq.Bo&order=book_id' },
  { name: 'view: one-to-one through a view', method: 'GET', path: '/author_names?select=name,profile_cards(shout)&order=id' },
  { name: 'view: ambiguous from a table to a view (two keys show in it)', method: 'GET', path: '/books?select=id,author_names(name)' },
  { name: 'view: the foreign key hint resolves it', method: 'GET', path: '/books?select=id,author_names!books_editor_id_fkey(name)&order=id' },
  { name: 'view: many-to-many from a view through a table junction', method: 'GET', path: '/book_list?select=title,tags(name)&order=book_id' },
  { name: 'view: many-to-many to a view', method: 'GET', path: '/tags?select=name,book_list(title)&order=id' },
  { name: 'view: a view of a junction in a schema not exposed joins many-to-many', method: 'GET', path: '/books?select=title,tags(name)&order=id', headers: { 'accept-profile': 'archive' } },
  { name: 'view: the same the other way', method: 'GET', path: '/tags?select=name,books(title)&order=id', headers: { 'accept-profile': 'archive' } },
  { name: 'view: the junction view itself, many-to-one', method: 'GET', path: '/book_tags?select=book_id,tags(name)&order=book_id,tag_id', headers: { 'accept-profile': 'archive' } },
  { name: 'view: a computed column shows no key', method: 'GET', path: '/profile_cards?select=shout,books(id)' },
  { name: 'a single object with an embed', method: 'GET', path: '/books?select=title,tags(name)&id=eq.1', headers: { accept: 'application/vnd.pgrst.object+json' } },
  { name: 'embed in the rows of a function returning a table', method: 'POST', path: '/rpc/rooms_in?select=id,Favorites(item_id)&id=lt.4&order=id', token: 'user', headers: { ...JSON_BODY, prefer: 'count=exact' }, body: { q: 'o' }, setup: favourites(1, 3) },
  { name: 'embed !inner in the rows of a function', method: 'POST', path: '/rpc/rooms_in?select=id,Favorites!inner(item_id)&order=id', token: 'user', headers: JSON_BODY, body: { q: 'o' }, setup: favourites(1, 3) },
  { name: 'aggregates are refused (db-aggregates-enabled is off): count()', method: 'GET', path: '/Rooms?select=count()' },
  { name: 'aggregates are refused: sum() with a cast, in an embed', method: 'GET', path: '/authors?select=name,books!author_id(published.sum()::int)' },
  {
    name: 'aggregates off: an aggregate inside a spread is refused',
    accepted: {
      reason: 'PostgREST 12.0.2 checks db-aggregates-enabled before it moves a spread\'s aggregates to the parent, so it runs them; ours refuses every aggregate when the setting is off',
      compare: [],
    },
    method: 'GET',
    path: '/books?select=...authors!author_id(name.count())',
  },
  { name: 'embedded counts: rel(count) counts the related rows, with aggregates off', method: 'GET', path: '/authors?select=*,books!author_id(count)&order=id' },
  { name: 'embedded counts with an alias, a filter inside and a many-to-many', method: 'GET', path: '/tags?select=name,n:books(count)&books.published=gt.2000&order=id' },
  { name: 'a count field at the root counts its rows', method: 'GET', path: '/books?select=count' },
  { name: 'a computed field selected, filtered and ordered by', method: 'GET', path: '/authors?select=id,initial&initial=in.(A,B,D)&order=initial.desc' },
  { name: 'a computed field in an embed and its filter', method: 'GET', path: '/books?select=id,author:authors!author_id(name,initial)&author.initial=eq.A&order=id' },
  { name: 'a computed field is not part of star', method: 'GET', path: '/authors?select=*&id=eq.1' },
  { name: 'embed RLS: the embedded rows are those the caller may read', method: 'GET', path: '/Rooms?select=id,Bookings(room_id,user_id)&id=in.(1,2)&order=id', token: 'user', setup: `insert into public."Bookings" (user_id, user_email, room_id, "startDate", "endDate", "numOfDays") values ('${USER}', 'a@b.c', 1, '${DAY_30}', '${DAY_32}', 2), ('${OTHER}', 'o@b.c', 1, '${DAY_30}', '${DAY_32}', 2), ('${OTHER}', 'o@b.c', 2, '${DAY_30}', '${DAY_32}', 2);` },
  { name: 'embed RLS: signed out, a table without a grant fails the read', method: 'GET', path: '/Rooms?select=id,Bookings(id)&id=eq.1' },
  { name: 'embed payments with their rooms (the trips read)', method: 'GET', path: `/Payments?select=id,startDate,Guest,Rooms(id,city,country,house-title,images)&user_email=eq.user@example.com&order=id`, token: 'user', setup: `insert into public."Payments" (id, amount, user_email, user_id, room_id, "startDate", "endDate", "numOfDays", stripe_payment_intent_id, "Guest") values ('R1-a', 100, 'user@example.com', '${USER}', 3, '${DAY_30}', '${DAY_32}', 2, 'pi_1', 'Ann'), ('R2-b', 200, 'user@example.com', '${USER}', 5, '${DAY_30}', '${DAY_32}', 2, 'pi_2', ''), ('R3-c', 300, 'other@example.com', '${OTHER}', 5, '${DAY_30}', '${DAY_32}', 2, 'pi_3', '');` },
  // writes
  { name: 'insert with an embed in the representation', method: 'POST', path: '/Favorites?select=item_id,Rooms(id,city)', token: 'user', headers: { ...JSON_BODY, prefer: 'return=representation' }, body: { user_id: USER, item_id: 4 } },
  { name: 'insert of rows with a spread in the representation', method: 'POST', path: '/Favorites?columns=user_id,item_id&select=item_id,...Rooms(city,country)', token: 'user', headers: { ...JSON_BODY, prefer: 'return=representation' }, body: [{ user_id: USER, item_id: 5 }, { user_id: USER, item_id: 6 }] },
  { name: 'update with an embed and an embed filter in the representation', setup: `insert into public."Bookings" (user_id, user_email, room_id, "startDate", "endDate", "numOfDays") values ('${USER}', 'a@b.c', 1, '${DAY_30}', '${DAY_32}', 2);`, method: 'PATCH', path: '/Bookings?room_id=eq.1&select=guest,Rooms(id,Favorites(item_id))&Rooms.Favorites.item_id=eq.99', token: 'user', headers: { ...JSON_BODY, prefer: 'return=representation' }, body: { guest: 'Zed' } },
  { name: 'delete with an embed in the representation', setup: favourites(7, 8), method: 'DELETE', path: '/Favorites?item_id=eq.7&select=id,Rooms(city)', token: 'user', headers: { prefer: 'return=representation' } },
  { name: 'insert with a computed field in the representation', method: 'POST', path: '/Favorites?select=*,label,Rooms(id)', token: 'user', headers: { ...JSON_BODY, prefer: 'return=representation' }, body: { user_id: USER, item_id: 9 }, accepted: { reason: 'created_at is the time of the insert on each server', compare: ['status', 'range', 'code'] } },
  { name: 'insert with a computed field only', method: 'POST', path: '/Favorites?select=item_id,label', token: 'user', headers: { ...JSON_BODY, prefer: 'return=representation' }, body: { user_id: USER, item_id: 9 } },
  { name: 'insert while signed out', method: 'POST', path: '/Favorites', token: 'anon', headers: JSON_BODY, body: { user_id: USER, item_id: 1 } },
  { name: 'insert, minimal', method: 'POST', path: '/Favorites', token: 'user', headers: JSON_BODY, body: { user_id: USER, item_id: 1 } },
  { name: 'insert duplicate', setup: favourites(1), method: 'POST', path: '/Favorites', token: 'user', headers: JSON_BODY, body: { user_id: USER, item_id: 1 } },
  { name: 'insert for another user (RLS)', method: 'POST', path: '/Favorites', token: 'user', headers: JSON_BODY, body: { user_id: OTHER, item_id: 1 } },
  { name: 'insert array with columns, representation', method: 'POST', path: '/Favorites?columns=%22user_id%22,%22item_id%22&select=user_id,item_id', token: 'user', headers: { ...JSON_BODY, prefer: 'return=representation' }, body: [{ user_id: USER, item_id: 2 }, { user_id: USER, item_id: 3 }] },
  { name: 'insert unknown column', accepted: PGRST204, method: 'POST', path: '/Favorites', token: 'user', headers: JSON_BODY, body: { user_id: USER, item_id: 4, nope: 1 } },
  { name: 'insert invalid json', method: 'POST', path: '/Favorites', token: 'user', headers: JSON_BODY, body: '{"user_id":' },
  // PostgREST 12.0 has no max-affected (12.2 does): leniently ignored, refused under handling=strict.
  { name: 'handling=strict refuses a preference it does not know (max-affected)', setup: favourites(1, 2, 3), method: 'DELETE', path: '/Favorites?item_id=lt.3', token: 'user', headers: { prefer: 'handling=strict, max-affected=1' } },
  { name: 'handling=strict with known preferences', setup: favourites(1, 2, 3), method: 'DELETE', path: '/Favorites?item_id=eq.3&select=item_id', token: 'user', headers: { prefer: 'handling=strict, return=representation' } },
  { name: 'an unknown preference is ignored by default', setup: favourites(1, 2, 3), method: 'DELETE', path: '/Favorites?item_id=lt.3', token: 'user', headers: { prefer: 'max-affected=1' } },
  {
    name: 'missing=default: keys a row leaves out take the column default',
    accepted: {
      reason: 'PostgREST 12.0.2 puts the defaults of every column in one base row and fails on an identity column (42P01, rooms_id_seq); ours gives each left-out key its default, row by row',
      compare: [],
    },
    method: 'POST',
    token: 'service',
    path: '/Rooms?columns=id,house-title,guest_favorite,city&select=id,house-title,guest_favorite,city,images',
    headers: { ...JSON_BODY, prefer: 'return=representation, missing=default' },
    body: [{ id: 101, 'house-title': 'A', guest_favorite: 'yes', city: 'Lyon' }, { id: 102, city: 'Rome' }],
  },
  {
    name: 'without missing=default, a left-out key is null (here refused by NOT NULL)',
    method: 'POST',
    token: 'service',
    path: '/Rooms?columns=id,house-title,guest_favorite,city&select=id',
    headers: { ...JSON_BODY, prefer: 'return=representation' },
    body: [{ id: 103, 'house-title': 'A', guest_favorite: 'yes', city: 'Lyon' }, { id: 104, city: 'Rome' }],
  },
  {
    name: 'missing=default keeps an explicit null',
    accepted: {
      reason: 'PostgREST 12.0.2 puts the defaults of every column in one base row and fails on an identity column (42P01, rooms_id_seq); ours gives each left-out key its default, row by row',
      compare: [],
    },
    method: 'POST',
    token: 'service',
    path: '/Rooms?columns=id,house_location&select=id,house_location',
    headers: { ...JSON_BODY, prefer: 'return=representation, missing=default' },
    body: [{ id: 105, house_location: null }, { id: 106 }],
  },
  {
    name: "missing=default advances a serial's sequence for every row, given the key or not",
    method: 'POST',
    path: '/stamps?columns=id,label&select=id,label',
    headers: { ...JSON_BODY, prefer: 'return=representation, missing=default' },
    body: [{ id: 100 }, { label: 'b' }, { id: 101, label: 'c' }, {}],
  },
  {
    name: 'missing=default upsert: the sequence advances for the conflicting row too',
    setup: "insert into public.stamps (id, label) values (1, 'a'); select setval('public.stamps_id_seq', 1);",
    method: 'POST',
    path: '/stamps?columns=id,label&select=id,label&on_conflict=id',
    headers: { ...JSON_BODY, prefer: 'return=representation, missing=default, resolution=merge-duplicates' },
    body: [{ id: 1 }, { label: 'b' }],
  },
  { name: 'insert keys differ', method: 'POST', path: '/Favorites', token: 'user', headers: JSON_BODY, body: [{ user_id: USER, item_id: 5 }, { item_id: 6 }] },
  { name: 'upsert merge', setup: favourites(3), method: 'POST', path: '/Favorites?on_conflict=user_id,item_id&select=item_id', token: 'user', headers: { ...JSON_BODY, prefer: 'resolution=merge-duplicates,return=representation' }, body: [{ user_id: USER, item_id: 3 }, { user_id: USER, item_id: 7 }] },
  { name: 'upsert merge, nothing new', setup: favourites(3), method: 'POST', path: '/Favorites?on_conflict=user_id,item_id&select=item_id', token: 'user', headers: { ...JSON_BODY, prefer: 'resolution=merge-duplicates,return=representation' }, body: { user_id: USER, item_id: 3 } },
  { name: 'upsert ignore duplicates', setup: favourites(3), method: 'POST', path: '/Favorites?on_conflict=user_id,item_id&select=item_id', token: 'user', headers: { ...JSON_BODY, prefer: 'resolution=ignore-duplicates,return=representation' }, body: [{ user_id: USER, item_id: 3 }, { user_id: USER, item_id: 8 }] },
  { name: 'read own favourites', setup: favourites(1, 2, 3), method: 'GET', path: `/Favorites?select=item_id&user_id=eq.${USER}&order=item_id`, token: 'user' },
  { name: 'other user sees none', setup: favourites(1, 2), method: 'GET', path: `/Favorites?select=item_id&user_id=eq.${USER}`, token: 'other' },
  { name: 'uuid filter with bad value', method: 'GET', path: '/Favorites?user_id=eq.u-1', token: 'user' },
  { name: 'update, minimal', method: 'PATCH', path: '/Rooms?id=eq.2', token: 'service', headers: JSON_BODY, body: { price: 2000 } },
  { name: 'update, representation, single', method: 'PATCH', path: '/Rooms?id=eq.2&select=id,price', token: 'service', headers: { ...JSON_BODY, prefer: 'return=representation', accept: 'application/vnd.pgrst.object+json' }, body: { price: 2001.5 } },
  { name: 'update nothing matched, single', accepted: SINGULAR, method: 'PATCH', path: '/Rooms?id=eq.999&select=id', token: 'service', headers: { ...JSON_BODY, prefer: 'return=representation', accept: 'application/vnd.pgrst.object+json' }, body: { price: 1 } },
  { name: 'update unknown column', accepted: PGRST204, method: 'PATCH', path: '/Rooms?id=eq.2', token: 'service', headers: JSON_BODY, body: { nope: 1 } },
  { name: 'update with check violation', method: 'PATCH', path: '/Rooms?id=eq.2', token: 'service', headers: JSON_BODY, body: { price: null } },
  { name: 'update invisible rows (anon)', method: 'PATCH', path: '/Rooms?id=eq.2', token: 'anon', headers: JSON_BODY, body: { price: 5 } },
  { name: 'update with count=planned: not counted', method: 'PATCH', path: '/Rooms?id=in.(3,4)', token: 'service', headers: { ...JSON_BODY, prefer: 'count=planned' }, body: { filter: 'Cabins' } },
  { name: 'delete with count=estimated: counted', setup: favourites(7, 8), method: 'DELETE', path: `/Favorites?user_id=eq.${USER}`, token: 'user', headers: { prefer: 'count=estimated' } },
  { name: 'update with count', method: 'PATCH', path: '/Rooms?id=in.(3,4)', token: 'service', headers: { ...JSON_BODY, prefer: 'count=exact' }, body: { filter: 'Cabins' } },
  { name: 'delete, minimal', setup: favourites(7), method: 'DELETE', path: `/Favorites?user_id=eq.${USER}&item_id=eq.7`, token: 'user' },
  { name: 'delete, representation', setup: favourites(7, 8), method: 'DELETE', path: `/Favorites?user_id=eq.${USER}&item_id=eq.8&select=item_id`, token: 'user', headers: { prefer: 'return=representation' } },
  { name: 'booking overlap (exclusion)', accepted: { reason: 'exclusion violations (23P01) are conflicts: 409 like 23505, PostgREST answers 400 (ARCHITECTURE 5)', compare: ['range', 'code', 'body'] }, method: 'POST', path: '/Bookings', token: 'service', headers: JSON_BODY, body: [{ user_id: USER, user_email: 'a@b.c', room_id: 1, startDate: '2030-01-01', endDate: '2030-01-05', numOfDays: 4, status: 'confirmed' }, { user_id: USER, user_email: 'a@b.c', room_id: 1, startDate: '2030-01-04', endDate: '2030-01-06', numOfDays: 2, status: 'confirmed' }] },
  { name: 'user creates a pending booking, JWT defaults', method: 'POST', path: '/Bookings?select=user_id,user_email,status,startDate,numOfDays', token: 'user', headers: { ...JSON_BODY, prefer: 'return=representation' }, body: { room_id: 4, startDate: DAY_30, endDate: DAY_32, numOfDays: 2 } },
  { name: 'user may not set a booking status (column grant)', method: 'POST', path: '/Bookings', token: 'user', headers: JSON_BODY, body: { room_id: 4, startDate: DAY_30, endDate: DAY_32, numOfDays: 2, status: 'confirmed' } },
  { name: 'payments are not insertable by users', method: 'POST', path: '/Payments', token: 'user', headers: JSON_BODY, body: { id: 'X-1', amount: 1, user_email: 'a@b.c', room_id: 1, startDate: '2030-01-01', endDate: '2030-01-02', numOfDays: 1, stripe_payment_intent_id: 'pi_1' } },
  // rpc
  { name: 'rpc POST returning rows, with filters', method: 'POST', path: '/rpc/rooms_in?select=id,city&id=lt.20&order=id.desc', headers: JSON_BODY, body: { q: 'par' } },
  { name: 'rpc GET scalar', method: 'GET', path: '/rpc/add?a=2&b=3' },
  { name: 'search_rooms with count and paging', method: 'POST', path: '/rpc/search_rooms?select=id,city&order=id&limit=5', headers: { ...JSON_BODY, prefer: 'count=exact' }, body: { search_text: 'oslo', guests: 2 } },
  { name: 'search_rooms: full rows', method: 'POST', path: '/rpc/search_rooms?select=*&order=id&limit=2', headers: JSON_BODY, body: { search_text: 'lyon' } },
  {
    name: 'search_rooms: a stay shorter than the dates',
    method: 'POST',
    path: '/rpc/search_rooms?select=id,city&order=id',
    headers: { ...JSON_BODY, prefer: 'count=exact' },
    body: { search_text: 'oslo', check_in: '2030-05-01', check_out: '2030-05-10', stay_nights: 3 },
    setup: `insert into public."Bookings" (user_id, user_email, room_id, "startDate", "endDate", "numOfDays", status) values ('${USER}', 'a@b.c', 3, '2030-05-03', '2030-05-08', 5, 'confirmed'), ('${USER}', 'a@b.c', 8, '2030-05-01', '2030-05-02', 1, 'confirmed');`,
  },
  { name: 'search_rooms by GET with stay_nights', method: 'GET', path: '/rpc/search_rooms?search_text=paris&check_in=2030-05-01&check_out=2030-05-10&stay_nights=9&guests=3&select=id&order=id.desc' },
  { name: 'destination_suggestions', method: 'POST', path: '/rpc/destination_suggestions', headers: JSON_BODY, body: { q: 'o' } },
  { name: 'room_booked_ranges by GET', method: 'GET', path: '/rpc/room_booked_ranges?room_id=1', setup: `insert into public."Bookings" (user_id, user_email, room_id, "startDate", "endDate", "numOfDays", status) values ('${USER}', 'a@b.c', 1, '2030-03-01', '2030-03-04', 3, 'confirmed');` },
  { name: 'rpc GET default argument', method: 'GET', path: '/rpc/add?a=41' },
  { name: 'rpc returning a table, filtered', method: 'GET', path: '/rpc/city_counts?city=not.is.null&order=city.desc' },
  { name: 'rpc with count', method: 'POST', path: '/rpc/rooms_in?select=id&limit=2&order=id', headers: { ...JSON_BODY, prefer: 'count=exact' }, body: { q: 'o' } },
  { name: 'rpc unknown function', method: 'POST', path: '/rpc/nope', headers: JSON_BODY, body: { a: 1 } },
  { name: 'rpc wrong arguments', method: 'POST', path: '/rpc/add', headers: JSON_BODY, body: { x: 1 } },
  { name: 'rpc raising P0001', method: 'POST', path: '/rpc/fail', headers: JSON_BODY, body: { msg: 'boom' } },
  { name: 'rpc volatile by GET', method: 'GET', path: '/rpc/touch', token: 'service' },
  { name: 'rpc bad argument type', method: 'POST', path: '/rpc/add', headers: JSON_BODY, body: { a: 'x' } },
  { name: 'rpc returning void: 204, no body', method: 'POST', path: '/rpc/do_nothing', headers: JSON_BODY, body: { msg: 'hi' } },
  { name: 'rpc returning void by GET', method: 'GET', path: '/rpc/do_nothing?msg=hi' },
  { name: 'rpc overloaded with the same parameter names: 300 PGRST203, also by POST', method: 'POST', path: '/rpc/twice', headers: JSON_BODY, body: { a: 4 } },
  { name: 'rpc overloaded, ambiguous by GET: 300 PGRST203', method: 'GET', path: '/rpc/twice?a=4' },
  { name: 'rpc with one unnamed jsonb parameter gets the whole body', method: 'POST', path: '/rpc/echo', headers: JSON_BODY, body: { x: [1, 2], y: 'z' } },
  { name: 'rpc scalar with count=exact', method: 'POST', path: '/rpc/add', headers: { ...JSON_BODY, prefer: 'count=exact' }, body: { a: 1, b: 2 } },
];

/** Sent to both servers started with db-max-rows 5, db-plan-enabled and db-aggregates-enabled (REST_MAX_ROWS=5, REST_PLAN_ENABLED=true, REST_AGGREGATES_ENABLED=true). */
export const SETTINGS_CASES: Case[] = [
  // db-aggregates-enabled
  { name: 'aggregates: count() of every row', method: 'GET', path: '/books?select=count()' },
  { name: 'aggregates: grouped by the other fields, aliased, cast before and after', method: 'GET', path: '/books?select=author_id,n:count(),total:published.sum()::text,published::text.max(),first:id.min()&order=author_id' },
  { name: 'aggregates: avg of a column with filters', method: 'GET', path: '/books?select=published.avg()&published=not.is.null' },
  { name: 'aggregates: in an embed, grouped by its other fields', method: 'GET', path: '/authors?select=name,books!author_id(editor_id,count())&order=id' },
  { name: 'aggregates: grouped by an embed beside them', method: 'GET', path: '/books?select=id.count(),authors!author_id(name)' },
  { name: 'aggregates: over a call', method: 'POST', path: '/rpc/author_books?select=count(),published.max()', headers: JSON_BODY, body: { a: { id: 1 } } },
  { name: 'aggregates: a star beside them groups by every column', method: 'GET', path: '/tags?select=*,id.count()&order=id' },
  { name: 'aggregates: of a column that does not exist', method: 'GET', path: '/books?select=nope.sum()' },
  { name: 'aggregates: in a spread, applied by its parent', method: 'GET', path: '/books?select=...authors!author_id(name.count())' },
  { name: 'aggregates: count() in a spread counts its rows, grouped by a parent field', method: 'GET', path: '/books?select=published,...authors!editor_id(count())&order=published' },
  { name: 'aggregates: beside a spread, grouped by its columns', method: 'GET', path: '/books?select=published.max(),...authors!author_id(name)' },
  { name: 'aggregates: count() beside a to-one spread of a star, grouped by its columns', method: 'GET', path: '/books?select=count(),...authors!author_id(*)' },
  { name: 'aggregates: count() beside a to-one spread of a star, in an embed', method: 'GET', path: '/authors?select=name,books!author_id(count(),...authors!editor_id(*))&order=id' },
  { name: 'db-max-rows: a read answers at most 5 rows, 206 when counted', method: 'GET', path: '/Rooms?select=id&order=id', headers: { prefer: 'count=exact' } },
  { name: 'db-max-rows: from the offset, a smaller limit kept', method: 'GET', path: '/Rooms?select=id&order=id&offset=10&limit=3' },
  { name: 'db-max-rows: a Range header past it', method: 'GET', path: '/Rooms?select=id&order=id', headers: { range: '2-20' } },
  { name: 'db-max-rows: embedded rows too', method: 'GET', path: '/Rooms?select=id,Favorites(item_id)&id=lt.3&order=id', token: 'user', setup: `insert into public."Favorites" (user_id, item_id) select '${USER}', g from generate_series(1, 2) g;` },
  { name: 'db-max-rows: a call', method: 'POST', path: '/rpc/rooms_in?select=id&order=id', headers: { ...JSON_BODY, prefer: 'count=exact' }, body: { q: 'o' } },
  { name: 'db-max-rows: a write representation is not limited', method: 'PATCH', path: '/Rooms?id=lt.9&select=id', token: 'service', headers: { ...JSON_BODY, prefer: 'return=representation' }, body: { filter: 'Cabins' } },
  { name: 'count estimated over db-max-rows: the estimate', method: 'GET', path: '/Rooms?select=id&order=id', headers: { prefer: 'count=estimated' } },
  { name: 'count estimated within db-max-rows: exact', method: 'GET', path: '/Rooms?select=id&id=lt.4&order=id', headers: { prefer: 'count=estimated' } },
  { name: 'count estimated just over db-max-rows', method: 'GET', path: '/Rooms?select=id&id=lt.7&order=id', headers: { prefer: 'count=estimated' } },
  { name: 'count planned under db-max-rows', method: 'GET', path: '/Rooms?select=id&order=id&limit=2', headers: { prefer: 'count=planned' } },
  // db-plan-enabled: the EXPLAIN of the statement, compared by its shape (costs differ)
  { name: 'plan: JSON of a read', method: 'GET', path: '/Rooms?select=id,city&id=lt.5&order=id', headers: { accept: 'application/vnd.pgrst.plan+json' } },
  { name: 'plan: text, the default format, for an object', method: 'GET', path: '/Rooms?select=id&id=eq.1', headers: { accept: 'application/vnd.pgrst.plan; for="application/vnd.pgrst.object+json"' } },
  { name: 'plan: for CSV, as supabase-js asks it (spaces, a trailing ;)', method: 'GET', path: '/Rooms?select=id&limit=2', headers: { accept: 'application/vnd.pgrst.plan+text; for="text/csv"; options=;' } },
  { name: 'plan: analyze and verbose of a read with an embed and a count', method: 'GET', path: '/authors?select=name,books!author_id(title)&order=id', headers: { accept: 'application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose', prefer: 'count=exact' } },
  { name: 'plan: options it does not know are ignored', method: 'GET', path: '/Rooms?select=id&limit=1', headers: { accept: 'application/vnd.pgrst.plan+json; options=drop table|costs=off|analyze' } },
  { name: 'plan: of a call', method: 'POST', path: '/rpc/rooms_in?select=id&order=id', headers: { ...JSON_BODY, accept: 'application/vnd.pgrst.plan+json' }, body: { q: 'o' } },
  { name: 'plan: of an insert, not run', method: 'POST', path: '/notes?select=id', headers: { ...JSON_BODY, 'content-profile': 'archive', accept: 'application/vnd.pgrst.plan+json', prefer: 'return=representation' }, body: { body: 'planned' } },
  { name: 'plan: of an update, analysed', method: 'PATCH', path: '/Rooms?id=eq.2', token: 'service', headers: { ...JSON_BODY, accept: 'application/vnd.pgrst.plan+text; options=analyze' }, body: { price: 2000 } },
  { name: 'plan: for a media type without one', accepted: { reason: 'v12 answers 415 for an unusable Accept; v13+ (and the contract) 406', compare: ['range', 'profile', 'code', 'body'] }, method: 'GET', path: '/Rooms?select=id', headers: { accept: 'application/vnd.pgrst.plan+json; for="text/html"' } },
  { name: 'plan: errors of the request are answered as usual', method: 'GET', path: '/Rooms?select=nope', headers: { accept: 'application/vnd.pgrst.plan+json' } },
];
