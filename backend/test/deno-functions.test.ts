// The edge functions as hosted Supabase runs them: each one under real Deno (the `deno` package's
// binary), from a copy of supabase/functions alone (all that `supabase functions deploy`
// bundles, so an import leaving the folder fails here), with the environment the platform gives
// it. Deno runs offline: an empty DENO_DIR and --cached-only forbid any download, and the pinned
// npm: imports resolve from the backend's node_modules (--node-modules-dir=manual, the working
// directory's). The local backend, on PGlite, stands in for the Supabase project,
// its built-in test processor for Stripe.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specChargeCents } from '../../shared/src/testing/specPrices.ts';
import { functionEnv } from '../src/functions/index.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { checkoutDriver, isoDay, stayRequest, withShownTerms, type Answer } from './support/checkout.ts';

const BACKEND_DIR = fileURLToPath(new URL('..', import.meta.url));
const FUNCTIONS = fileURLToPath(new URL('../../supabase/functions', import.meta.url));
/** The deno package's own lookup of its platform binary (what its bin script runs). */
const DENO: string = createRequire(import.meta.url)('deno/install_api.cjs').runInstall();

const PRICE = 8300;

interface DenoFunction {
  url: string;
  stop(): Promise<void>;
}

/** `deno run` of one function, listening on a port of its own choosing (DENO_SERVE_ADDRESS). */
async function serveFunction(dir: string, denoDir: string, env: Record<string, string>): Promise<DenoFunction> {
  const child: ChildProcess = spawn(
    DENO,
    ['run', '--node-modules-dir=manual', '--cached-only', '--allow-net', '--allow-env', join(dir, 'index.ts')],
    {
      cwd: BACKEND_DIR,
      env: {
        PATH: process.env.PATH,
        DENO_DIR: denoDir,
        DENO_NO_UPDATE_CHECK: '1',
        DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
        NO_COLOR: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`deno did not start ${dir}:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`deno exited running ${dir}:\n${output}`));
    });
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe.each(databases())('edge functions under Deno, on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  let driver: ReturnType<typeof checkoutDriver>;
  let roomId: number;
  let workDir: string;
  const functions: Record<string, DenoFunction> = {};

  beforeAll(async () => {
    backend = await startTestBackend(kind, { env: { SEED_ROOMS: '0' } });
    service = backend.client(backend.keys.serviceRoleKey);
    driver = checkoutDriver(backend, `deno-${kind}-`);
    const { data, error } = await service
      .from('Rooms')
      .insert({ 'house-title': 'Deno test house', price: PRICE, max_guests: 4, city: 'Testville', country: 'Testland' })
      .select('id')
      .single();
    if (error) throw error;
    roomId = data.id;

    workDir = mkdtempSync(join(tmpdir(), 'hs-deno-'));
    cpSync(FUNCTIONS, join(workDir, 'functions'), { recursive: true });
    const env = functionEnv(backend.ctx);
    for (const name of ['create-payment-intent', 'finalize-booking', 'cancel-booking', 'delete-listing']) {
      functions[name] = await serveFunction(join(workDir, 'functions', name), join(workDir, 'deno-dir'), env);
    }
  });
  afterAll(async () => {
    await Promise.all(Object.values(functions).map((f) => f.stop()));
    await backend?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  /** A POST to a function as the page makes it (supabase-js sends the user's token and the anon key). */
  async function call(name: string, body: Record<string, unknown>, accessToken?: string): Promise<Answer> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', apikey: backend.keys.anonKey };
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    const sent = name === 'create-payment-intent' ? await withShownTerms(service, body) : body;
    const response = await fetch(functions[name]!.url, { method: 'POST', headers, body: JSON.stringify(sent) });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }

  it('refuses a caller who is not signed in (401)', async () => {
    const r = await call('create-payment-intent', stayRequest(roomId, 3));
    expect(r).toEqual({ status: 401, body: { error: 'You need to be logged in to book.', code: 'not_signed_in' } });
  });

  it('books and pays a stay (priced by create-payment-intent, paid by card, confirmed by finalize-booking); its nights are then refused to another traveller (409)', async () => {
    const { accessToken, id } = await driver.signedInUser();
    const created = await call('create-payment-intent', stayRequest(roomId, 3), accessToken);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ amount: specChargeCents(PRICE, 3), currency: 'usd' });

    expect((await driver.payWith(created.body.clientSecret)).body.status).toBe('succeeded');
    const finalized = await call('finalize-booking', { paymentIntentId: created.body.paymentIntentId }, accessToken);
    expect(finalized.status).toBe(200);
    expect(finalized.body.payment).toMatchObject({
      amount: specChargeCents(PRICE, 3) / 100,
      roomId,
      startDate: isoDay(30),
      endDate: isoDay(33),
    });

    const booking = await service.from('Bookings').select('status, user_id').eq('id', created.body.bookingId).single();
    expect(booking.data).toEqual({ status: 'confirmed', user_id: id });
    const payments = await service.from('Payments').select('id').eq('stripe_payment_intent_id', created.body.paymentIntentId);
    expect(payments.data).toEqual([{ id: finalized.body.payment.id }]);

    const other = await driver.signedInUser();
    const overlapping = stayRequest(roomId, 2, { startDate: isoDay(31), endDate: isoDay(33) });
    const refused = await call('create-payment-intent', overlapping, other.accessToken);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('dates_unavailable');
  });

  it('cancels a paid trip within 48 hours (cancel-booking): refunded in full at the processor, once; its nights are free again', async () => {
    const { accessToken } = await driver.signedInUser();
    const stay = stayRequest(roomId, 2, { startDate: isoDay(40), endDate: isoDay(42) });
    const created = await call('create-payment-intent', stay, accessToken);
    await driver.payWith(created.body.clientSecret);
    const finalized = await call('finalize-booking', { paymentIntentId: created.body.paymentIntentId }, accessToken);
    expect(finalized.status).toBe(200);

    const cancelled = await call('cancel-booking', { paymentId: finalized.body.payment.id }, accessToken);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancellation).toMatchObject({ refundAmount: specChargeCents(PRICE, 2) / 100, refund: 'refunded' });
    expect(await call('cancel-booking', { paymentId: finalized.body.payment.id }, accessToken)).toEqual(cancelled);
    const intent = await driver.processor(`/payment_intents/${created.body.paymentIntentId}`);
    expect(intent.body.amount_refunded).toBe(specChargeCents(PRICE, 2));

    const other = await driver.signedInUser();
    expect((await call('create-payment-intent', stay, other.accessToken)).status).toBe(200);
  });

  it("deletes a host's draft and its photo (delete-listing): the place is gone, the original and its renders too; another user's is not found", async () => {
    const host = await driver.signedInUser();
    const name = crypto.randomUUID().replaceAll('-', '');
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#68a' } }).png().toBuffer();
    const upload = await host.client.storage.from('listing-photos').upload(`hosts/${host.id}/${name}`, new Blob([png], { type: 'image/png' }));
    expect(upload.error).toBeNull();
    const path = `/storage/v1/object/public/listing-photos/hosts/${host.id}/${name}`;
    const rendered = `${backend.url}/storage/v1/render/image/public/listing-photos/hosts/${host.id}/${name}?width=400&height=267&resize=cover&quality=80`;
    expect((await fetch(rendered)).status).toBe(200);
    const draft = (await host.client.rpc('create_listing')).data as number;
    expect((await host.client.rpc('save_listing', { p_room_id: draft, p_fields: { images: [path] } })).error).toBeNull();

    const other = await driver.signedInUser();
    expect(await call('delete-listing', { roomId: draft }, other.accessToken)).toEqual({
      status: 404,
      body: { error: 'No such place of yours.', code: 'listing_not_found' },
    });
    expect(await call('delete-listing', { roomId: draft }, host.accessToken)).toEqual({
      status: 200,
      body: { deleted: draft, photosRemoved: 1, photosLeft: 0 },
    });
    expect((await service.from('Rooms').select('id').eq('id', draft)).data).toEqual([]);
    expect((await fetch(`${backend.url}${path}`)).status).toBe(404);
    expect((await fetch(rendered)).status).toBe(404);
  });
});
