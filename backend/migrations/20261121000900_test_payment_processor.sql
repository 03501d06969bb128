-- The state of the local backend's built-in TEST payment processor (backend/src/payments), which
-- follows Stripe's PaymentIntent lifecycle. Only the local backend applies this folder, after
-- supabase/migrations: a hosted project takes card payments through Stripe and never has it.
--
-- payments_test.payment_intents lives in its own schema that the REST API never exposes; only
-- the backend process (the database owner) reads and writes it, exactly as a remote processor
-- keeps its own books. Until this moved here it was migration 20261121000900 of
-- supabase/migrations, so databases made before hold it already: every statement is a no-op then.

create schema if not exists payments_test;
revoke all on schema payments_test from public;

create table if not exists payments_test.payment_intents (
  id text primary key,
  client_secret text not null unique,
  amount bigint not null check (amount > 0),
  currency text not null default 'usd',
  status text not null default 'requires_payment_method'
    check (status in ('requires_payment_method', 'requires_confirmation', 'requires_action',
                      'processing', 'succeeded', 'canceled')),
  metadata jsonb not null default '{}',
  description text,
  -- The caller's Idempotency-Key (create only); replays with it return the same intent.
  idempotency_key text unique,
  -- Card used by the last confirmation: brand, last4, exp_month, exp_year (never the number).
  payment_method jsonb,
  last_payment_error jsonb,
  amount_received bigint not null default 0,
  amount_refunded bigint not null default 0,
  cancellation_reason text,
  canceled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
