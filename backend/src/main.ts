// One process serving /auth/v1, /rest/v1, /functions/v1, /storage/v1/object (public reads, hosts'
// photo uploads and removals), /storage/v1/render/image/public (resized listing photos), /geocode,
// /realtime/v1/websocket and /realtime/v1/api/broadcast (realtime/index.ts).
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { authHandler } from './auth/index.ts';
import { databaseLimits, redisLimits, type LimitStore } from './auth/limit-store.ts';
import { mailHandler } from './auth/mail.ts';
import { loadKeys, resolveConfig, writePublicConfig, type BackendOptions } from './config.ts';
import type { BackendContext, Keys } from './context.ts';
import type { Db } from './db/index.ts';
import { holdLock, openPg } from './db/pg.ts';
import { apiDatabaseUrl } from './db/role.ts';
import { openPglite } from './db/pglite.ts';
import { createFunctions, provideFunctionEnv } from './functions/index.ts';
import { geocodeHandler } from './geocode/index.ts';
import type { DestinationStream } from 'pino';
import { createHttpServer, drain, listen, type Route } from './http/server.ts';
import { json } from './http/json.ts';
import { jwtHelpers } from './jwt.ts';
import { messageMailer } from './messages/mail.ts';
import { notificationMailer } from './notifications/mail.ts';
import { migrateBackend } from './migrate.ts';
import { createObserve, serveMetrics, type MetricsServer } from './observe.ts';
import { attachRealtime, REALTIME_API_PATH } from './realtime/index.ts';
import { createRest } from './rest/index.ts';
import { applyTestClockSetting, startBookingTimer } from './bookings.ts';
import { startReviewCounter } from './reviews.ts';
import { seedIfEmpty } from './seed/index.ts';
import { storageHandler } from './storage/index.ts';
import { imageQueue } from './storage/queue.ts';
import { storageRemoveHandler } from './storage/remove.ts';
import { storageRenderHandler } from './storage/render.ts';
import { storageUploadHandler, UPLOAD_BODY_LIMIT } from './storage/upload.ts';
import { vitalsHandler, VITALS_BODY_LIMIT } from './vitals.ts';

export interface Backend {
  url: string;
  /** GET /metrics for the operator's scraper, on its own (loopback) port; null with METRICS_PORT=off. */
  metricsUrl: string | null;
  keys: Keys;
  ctx: BackendContext;
  /** Stops; requests in flight get graceMs (default 0: their connections close at once). */
  stop(graceMs?: number): Promise<void>;
}

/** The newest migration version in dir (the leading digits of its newest .sql file), or '' for none. */
async function newestMigrationVersion(dir: string): Promise<string> {
  const files = await readdir(dir).catch(() => [] as string[]);
  const versions = files.filter((f) => f.endsWith('.sql')).map((f) => /^(\d+)/.exec(f)?.[1] ?? f.replace(/\.sql$/, ''));
  return versions.sort().at(-1) ?? '';
}

export async function createBackend(
  options: BackendOptions & { quiet?: boolean; logDestination?: DestinationStream } = {},
): Promise<Backend> {
  const config = resolveConfig(options);
  const observe = createObserve(options.quiet ? 'silent' : config.logLevel, options.logDestination);
  // On PostgreSQL several processes may start at once on one database and one data folder: the
  // keys, the migrations and the seed are made under one lock, by the first; the others wait.
  const releaseStartup = config.databaseUrl ? await holdLock(config.databaseUrl, 'homestory_startup') : async () => undefined;
  let keys: Keys;
  let db: Db;
  try {
    keys = await loadKeys(config.dataDir, config.keys);
    db = config.databaseUrl
      ? await openPg(config.databaseUrl, undefined, undefined, (seconds) => observe.poolWait('admin', seconds))
      : await openPglite(join(config.dataDir, 'pglite'));
  } catch (error) {
    await releaseStartup();
    throw error;
  }
  const log = (...args: unknown[]) => observe.log.info(args.map(String).join(' '));
  try {
    const { applied, appliedLocal } = await migrateBackend(db, config);
    if (applied.length) log(`applied migrations ${applied.join(', ')}`);
    if (appliedLocal.length) log(`applied local backend migrations ${appliedLocal.join(', ')}`);
    await applyTestClockSetting(db, config.testClock);
    // PGlite has no autovacuum: the search reads index-only scans of search.room_letters, which
    // read the heap again for every page a migration rewrote or a host's edit changed until a
    // vacuum marks it all-visible (about 1 s with 100,000 homes; their box search's p95 59 -> 45 ms).
    if (db.kind === 'pglite') {
      const { rows } = await db.query<{ ok: boolean }>(`select to_regclass('search.room_letters') is not null as ok`);
      if (rows[0]!.ok) await db.exec('vacuum analyze search.room_letters, search.places');
    }
  } catch (error) {
    await releaseStartup();
    await db.close();
    throw error;
  }

  let apiDb: Db = db;
  let limits: LimitStore;
  try {
    if (config.databaseUrl) {
      apiDb = await openPg(apiDatabaseUrl(config.databaseUrl, config.authenticatorPassword), undefined, undefined, (seconds) =>
        observe.poolWait('api', seconds),
      );
    }
    limits = config.auth.redisUrl ? await redisLimits(config.auth.redisUrl, config.auth.redisKeyPrefix) : databaseLimits(db);
  } catch (error) {
    await releaseStartup();
    if (apiDb !== db) await apiDb.close();
    await db.close();
    throw error;
  }
  const schemaListener: { stop?: () => Promise<void> } = {};
  const closeDbs = async () => {
    await schemaListener.stop?.();
    await limits.close();
    if (apiDb !== db) await apiDb.close();
    await db.close();
  };

  const rest = createRest({
    schemas: config.restSchemas,
    maxRows: config.restMaxRows,
    planEnabled: config.restPlanEnabled,
    aggregatesEnabled: config.restAggregatesEnabled,
  });
  const jwt = jwtHelpers(keys.jwtSecret);
  const ctx: BackendContext = {
    db,
    apiDb,
    limits,
    keys,
    config,
    dataDir: config.dataDir,
    publicUrl: '',
    verifyJwt: jwt.verifyJwt,
    signJwt: jwt.signJwt,
    reloadSchema: () => rest.reload(db),
    observe,
  };
  observe.imageQueue(() => imageQueue(ctx).depth);
  await ctx.reloadSchema();
  // As PostgREST: NOTIFY pgrst (or NOTIFY pgrst, 'reload schema') reloads the schema cache.
  schemaListener.stop = await db.listen('pgrst', (payload) => {
    if (payload === '' || payload === 'reload schema') {
      ctx.reloadSchema().catch((error: Error) => observe.log.error({ err: error }, 'schema reload failed'));
    }
  });

  // /health: the process is alive. /ready: it should be sent requests: started (migrated, seeded,
  // runtime config written), not stopping, and the database answers with every migration file
  // of this build applied (another process may have been the one to apply them).
  let ready = false;
  let stopping = false;
  const newestMigration = await newestMigrationVersion(config.migrationsDir);
  const readiness = async (): Promise<Response> => {
    if (!ready || stopping) return json({ status: stopping ? 'stopping' : 'starting' }, 503);
    try {
      const { rows } = await db.query<{ version: string | null }>('select max(version) as version from supabase_migrations.schema_migrations');
      if (newestMigration && (rows[0]?.version ?? '') < newestMigration) return json({ status: 'migrations pending' }, 503);
    } catch {
      return json({ status: 'database unreachable' }, 503);
    }
    return json({ status: 'ready', database: db.kind });
  };
  const routes: Route[] = [
    { prefix: '/auth/v1', handler: authHandler },
    { prefix: '/rest/v1', handler: rest.handle },
    { prefix: '/functions/v1', handler: createFunctions(), ownPreflight: true },
    { prefix: '/storage/v1/object/public', handler: storageHandler },
    { prefix: '/storage/v1/render/image/public', handler: storageRenderHandler },
    {
      prefix: '/storage/v1/object',
      handler: (req, c) => (req.method === 'DELETE' ? storageRemoveHandler(req, c) : storageUploadHandler(req, c)),
      maxBodyBytes: UPLOAD_BODY_LIMIT,
    },
    // The REST broadcast endpoints of the Realtime attached below (requests come after it is).
    { prefix: REALTIME_API_PATH, handler: (req) => realtime.api(req) },
    { prefix: '/geocode', handler: geocodeHandler },
    { prefix: '/mail', handler: mailHandler },
    { prefix: '/payments/v1', handler: (req, c) => import('./payments/index.ts').then((m) => m.paymentsHandler(req, c)) },
    { prefix: '/health', handler: async () => json({ status: 'ok', database: db.kind }) },
    { prefix: '/ready', handler: readiness },
    { prefix: '/vitals/v1', handler: vitalsHandler, maxBodyBytes: VITALS_BODY_LIMIT },
    // Not /metrics: it has a listener of its own (METRICS_PORT), which the public cannot reach.
  ];
  const server = createHttpServer(routes, () => ctx);
  const realtime = attachRealtime(server, ctx);
  const mailers = [messageMailer(ctx), notificationMailer(ctx)];
  let port: number;
  let metrics: MetricsServer | null = null;
  try {
    await realtime.start();
    port = await listen(server, config.port);
    if (config.metrics) metrics = await serveMetrics(observe.registry, config.metrics.host, config.metrics.port);
  } catch (error) {
    await releaseStartup();
    await new Promise((resolve) => server.close(resolve));
    await realtime.stop();
    await closeDbs();
    throw error;
  }
  ctx.publicUrl = config.publicUrl ?? `http://localhost:${port}`;
  provideFunctionEnv(ctx);

  try {
    await seedIfEmpty(ctx);
  } finally {
    await releaseStartup();
  }
  for (const mailer of mailers) await mailer.start();
  const stopReviewCounter = startReviewCounter(db, log);
  const stopBookingTimer = startBookingTimer(ctx, log);
  await writePublicConfig(config.dataDir, {
    supabaseUrl: ctx.publicUrl,
    supabaseAnonKey: keys.anonKey,
    paymentMode: config.payments.stripeSecretKey ? 'stripe' : 'test',
    stripePublishableKey: config.payments.stripePublishableKey ?? null,
    mapTileUrl: config.mapTileUrl ?? null,
  });
  ready = true;
  log(`listening on ${ctx.publicUrl} (${db.kind}, data ${config.dataDir})${metrics ? `; metrics on ${metrics.url}` : ''}`);

  let stopped: Promise<void> | undefined;
  const stop = (graceMs = 0) =>
    (stopped ??= (async () => {
      // No new connection from here (the proxy sends them elsewhere); then the background work
      // stops while the requests in flight finish, and the pools close last.
      stopping = true;
      const drained = drain(server, graceMs);
      await metrics?.close();
      for (const mailer of mailers) await mailer.stop();
      await stopReviewCounter();
      await stopBookingTimer();
      await realtime.stop();
      await drained;
      await closeDbs();
    })());
  return { url: `http://localhost:${port}`, metricsUrl: metrics?.url ?? null, keys, ctx, stop };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const backend = await createBackend();
  const { log } = backend.ctx.observe;
  // SIGTERM (a deploy, the proxy's set being restarted): requests in flight get the grace period.
  const shutdown = (signal: string) => {
    log.info({ signal }, 'shutting down');
    backend.stop(backend.ctx.config.shutdownGraceMs).then(
      () => process.exit(0),
      (error: Error) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
