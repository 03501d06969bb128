/**
 * Runtime configuration, read once at start from /config.json, so that one build runs against
 * the local backend or a real Supabase project. Nothing here is secret: the anon key is public
 * by design.
 */
export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  paymentMode: 'test' | 'stripe';
  stripePublishableKey: string | null;
  mapTileUrl: string | null;
}

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null) throw new Error('config.json is not an object');
  const v = value as Record<string, unknown>;
  const text = (key: string): string => {
    const field = v[key];
    if (typeof field !== 'string' || field === '') throw new Error(`config.json: ${key} is missing`);
    return field;
  };
  const optionalText = (key: string): string | null =>
    typeof v[key] === 'string' && v[key] !== '' ? v[key] : null;
  return {
    supabaseUrl: text('supabaseUrl'),
    supabaseAnonKey: text('supabaseAnonKey'),
    paymentMode: v.paymentMode === 'stripe' ? 'stripe' : 'test',
    stripePublishableKey: optionalText('stripePublishableKey'),
    mapTileUrl: optionalText('mapTileUrl'),
  };
}

export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
  return parseRuntimeConfig(await response.json());
}

/** Resolves a stored image path (backend-relative) against the backend URL. */
export function resolveImageUrl(config: Pick<RuntimeConfig, 'supabaseUrl'>, path: string): string {
  return new URL(path, config.supabaseUrl).toString();
}
