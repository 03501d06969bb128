-- Realtime's postgres_changes deliver changes of the tables in this publication (as on hosted
-- Supabase, where it already exists: hence the guard). Tables join it with
-- `alter publication supabase_realtime add table ...` in their own migrations.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
