-- auth.one_time_tokens, as GoTrue has it (its migration 20240427152123): the emailed links'
-- tokens, one a user and type, only their hash stored, relates_to the address the token was
-- sent to. A platform object: guarded like 20261121000001_platform.sql, a no-op on hosted
-- Supabase, where GoTrue made it.
do $$
begin
  if to_regtype('auth.one_time_token_type') is null then
    create type auth.one_time_token_type as enum (
      'confirmation_token',
      'reauthentication_token',
      'recovery_token',
      'email_change_token_new',
      'email_change_token_current',
      'phone_change_token'
    );
  end if;

  if to_regclass('auth.one_time_tokens') is null then
    create table auth.one_time_tokens (
      id uuid primary key,
      user_id uuid not null references auth.users on delete cascade,
      token_type auth.one_time_token_type not null,
      token_hash text not null,
      relates_to text not null,
      created_at timestamp without time zone not null default now(),
      updated_at timestamp without time zone not null default now(),
      check (char_length(token_hash) > 0)
    );
    create index one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);
    create index one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to);
    create unique index one_time_tokens_user_id_token_type_key on auth.one_time_tokens (user_id, token_type);
  end if;
end
$$;
