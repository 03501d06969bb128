import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from 'shared/config';

/** One supabase client per page; the storage key follows supabase-js's own rule. */
export function createSupabaseClient(config: RuntimeConfig): SupabaseClient {
  return createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'pkce' },
  }) as SupabaseClient;
}
