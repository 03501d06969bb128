// Environment variables on Supabase Edge Functions (Deno.env) and in the local backend (process.env).
declare const Deno: { env: { get(name: string): string | undefined } } | undefined;

export function env(name: string): string | undefined {
  if (typeof Deno !== 'undefined') return Deno.env.get(name);
  const proc = (globalThis as { process?: { env: Record<string, string | undefined> } }).process;
  return proc?.env[name];
}

export function requiredEnv(name: string): string {
  const value = env(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
