-- The test processor learns Stripe's manual capture (issue 42): an intent created with
-- capture_method 'manual' is authorised by its confirmation (status requires_capture, the amount
-- held as amount_capturable), then captured (succeeded) or cancelled (the hold released).

alter table payments_test.payment_intents
  add column if not exists capture_method text not null default 'automatic'
    check (capture_method in ('automatic', 'manual')),
  add column if not exists amount_capturable bigint not null default 0;

alter table payments_test.payment_intents drop constraint if exists payment_intents_status_check;
alter table payments_test.payment_intents add constraint payment_intents_status_check
  check (status in ('requires_payment_method', 'requires_confirmation', 'requires_action',
                    'processing', 'requires_capture', 'succeeded', 'canceled'));
