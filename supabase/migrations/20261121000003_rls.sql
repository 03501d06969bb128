-- Privileges and row-level security. Nothing is granted implicitly (hosted Supabase no longer
-- auto-grants public tables), so each role gets exactly what it needs here, and RLS decides rows.
-- service_role bypasses RLS but still needs table privileges.

grant usage on schema public to anon, authenticated, service_role;

-- Start from nothing, also where default privileges granted something already.
revoke all on table public."Rooms", public."Favorites", public."Bookings", public."Payments"
  from anon, authenticated, service_role;

-- Rooms: public catalogue, written only by the server.
grant select on table public."Rooms" to anon, authenticated;
grant select, insert, update, delete on table public."Rooms" to service_role;

-- Favorites: a signed-in user's own rows.
grant select, insert, update, delete on table public."Favorites" to authenticated;
grant select, insert, update, delete on table public."Favorites" to service_role;

-- Bookings: a signed-in user's own pending rows; confirming is the server's job.
grant select, insert, update, delete on table public."Bookings" to authenticated;
grant select, insert, update, delete on table public."Bookings" to service_role;

-- Payments: readable by their owner, recorded only by the server.
grant select on table public."Payments" to authenticated;
grant select, insert, update, delete on table public."Payments" to service_role;

grant usage, select on all sequences in schema public to authenticated, service_role;

alter table public."Rooms" enable row level security;
alter table public."Favorites" enable row level security;
alter table public."Bookings" enable row level security;
alter table public."Payments" enable row level security;

create policy "Anyone can read rooms" on public."Rooms"
  for select to anon, authenticated
  using (true);

create policy "Users read their own favourites" on public."Favorites"
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Users add their own favourites" on public."Favorites"
  for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Users change their own favourites" on public."Favorites"
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy "Users remove their own favourites" on public."Favorites"
  for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "Users read their own bookings" on public."Bookings"
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Users create their own pending bookings" on public."Bookings"
  for insert to authenticated
  with check (user_id = (select auth.uid()) and status = 'pending');
create policy "Users change their own pending bookings" on public."Bookings"
  for update to authenticated
  using (user_id = (select auth.uid()) and status = 'pending')
  with check (user_id = (select auth.uid()) and status = 'pending');
create policy "Users remove their own pending bookings" on public."Bookings"
  for delete to authenticated
  using (user_id = (select auth.uid()) and status = 'pending');

create policy "Users read their own payments" on public."Payments"
  for select to authenticated
  using (user_id = (select auth.uid()));
