-- The test processor's refunds (backend/src/payments), as Stripe keeps them: each with its
-- amount (a part of the charge, or all that is left of it), its metadata and the caller's
-- Idempotency-Key, so a repeated request answers the refund already made instead of a second one.

create table if not exists payments_test.refunds (
  id text primary key,
  payment_intent text not null references payments_test.payment_intents (id),
  amount bigint not null check (amount > 0),
  currency text not null,
  status text not null default 'succeeded',
  metadata jsonb not null default '{}',
  idempotency_key text unique,
  created_at timestamptz not null default now()
);
create index if not exists refunds_payment_intent_idx on payments_test.refunds (payment_intent);
