/**
 * /home's results map (issue 31), at both sizes against the real site: beside the list on a wide
 * screen, where pointing at a card highlights its pin and a pin opens the home's card; behind
 * 'Show map' on a phone; pins that never cover each other (a home whose pin would is a dot until
 * the map is zoomed in or its card pointed at); "Search as I move the map", which puts the map's area in the URL
 * and asks search_rooms for the homes inside it (box_west, box_south, box_east, box_north); and a
 * phone's pinch.
 */
import { expect as baseExpect, test, type Page } from '../support/test';
import { seriousViolations } from '../support/axe';
import { cards } from '../support/discoveryPage';

const expect = baseExpect.configure({ timeout: 30_000 });

const SEARCH = '/home?where=Europe';
const map = (page: Page) => page.getByRole('application', { name: 'Map of the homes' });
const pins = (page: Page) => map(page).getByRole('button', { name: /^\$\d+ a night, / });
const dots = (page: Page) => map(page).locator('[data-map-dot]');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first card's listing id and its pin (named by its price and title, as the card's photo is). */
async function firstCardAndPin(page: Page) {
  const card = cards(page).first();
  const href = (await card.getByRole('heading').getByRole('link').getAttribute('href')) ?? '';
  const title = (await card.getByRole('img').first().getAttribute('alt')) ?? '';
  const pin = pins(page).filter({ hasText: new RegExp(`a night, ${escape(title)}$`) }).first();
  return { card, id: Number(href.split('?')[0]!.split('/').pop()), pin };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The pairs of pins whose boxes overlap, by their prices. */
async function overlappingPins(page: Page): Promise<string[]> {
  const boxes = await pins(page).evaluateAll((buttons) =>
    buttons.map((button) => {
      const { x, y, width, height } = button.getBoundingClientRect();
      return { price: button.firstChild?.textContent ?? '', x, y, width, height };
    }),
  );
  return boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => overlap(a, b)).map((b) => `${a.price} over ${b.price}`));
}

/** The map's area in the URL: west, south, east, north. */
function boxOf(url: string): number[] {
  return (new URL(url).searchParams.get('box') ?? '').split(',').map(Number);
}

test.describe('the results map', () => {
  test.describe.configure({ timeout: 90_000 });

  test('on a wide screen it sits beside the list, which it never moves; a card highlights its pin, a pin opens its card', async ({ page, isMobile }) => {
    test.skip(isMobile, 'the phone shows the map behind its button (below)');
    await page.goto(SEARCH);
    const firstCard = cards(page).first();
    await expect(firstCard).toBeVisible();
    const before = await firstCard.boundingBox();
    await expect(pins(page).first()).toBeVisible();
    expect(await firstCard.boundingBox()).toEqual(before);
    const mapBox = (await map(page).boundingBox())!;
    expect(mapBox.x).toBeGreaterThan(before!.x + before!.width);
    expect(mapBox.width).toBeGreaterThan(400);
    await expect(page.getByRole('link', { name: 'Show map' })).toBeHidden();

    const { card, id, pin } = await firstCardAndPin(page);
    await expect(pin).not.toHaveAttribute('data-highlighted');
    await card.hover();
    await expect(pin).toHaveAttribute('data-highlighted', 'true');
    await cards(page).nth(1).hover();
    // The second home's pin is highlighted instead (laid out first, it may turn the first home's pin into a dot).
    const highlighted = map(page).locator('[data-highlighted]');
    await expect(highlighted).toHaveCount(1);
    await expect(pin.and(highlighted)).toHaveCount(0);
    await page.mouse.move(1, before!.y);
    await expect(highlighted).toHaveCount(0);
    await expect(pin).toBeVisible();

    // The keyboard reaches each pin, and the pin it is on stays while another card is pointed at.
    await pin.focus();
    await cards(page).nth(1).hover();
    await expect(highlighted).toHaveCount(1);
    await expect(pin).toBeFocused();
    await page.mouse.move(1, before!.y);
    await page.keyboard.press('Enter');
    await expect(pin).toHaveAttribute('aria-expanded', 'true');
    const shown = page.locator('#results-map-card');
    await expect(shown.getByRole('link')).toHaveAttribute('href', `/house/${id}`);
    expect(await seriousViolations(page, { include: ['[data-remote="discovery/Home"]'] })).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(shown).toBeHidden();
    await pin.focus();
    await page.keyboard.press('Enter');
    await shown.getByRole('link').click();
    await expect(page).toHaveURL(`/house/${id}`);
  });

  test("on a phone 'Show map' shows the map instead of the list, and 'Show list' brings the list back", async ({ page, isMobile }) => {
    test.skip(!isMobile, 'a wide screen shows both (above)');
    await page.goto(SEARCH);
    await expect(cards(page).first()).toBeVisible();
    await expect(map(page)).toBeHidden();
    await page.getByRole('link', { name: 'Show map' }).click();
    await expect(pins(page).first()).toBeVisible();
    await expect(cards(page).first()).toBeHidden();
    // The URL says so: loaded again, the page shows the map.
    await expect(page).toHaveURL(/\/home\?where=Europe#map$/);
    await page.reload();
    await expect(pins(page).first()).toBeVisible();
    await expect(cards(page).first()).toBeHidden();
    const mapBox = (await map(page).boundingBox())!;
    expect(mapBox.width).toBeGreaterThan(300);
    expect(mapBox.height).toBeGreaterThan(400);

    const pin = pins(page).first();
    await pin.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#results-map-card').getByRole('link')).toHaveAttribute('href', /^\/house\/\d+$/);
    expect(await seriousViolations(page, { include: ['[data-remote="discovery/Home"]'] })).toEqual([]);

    await page.getByRole('link', { name: 'Show list' }).click();
    await expect(cards(page).first()).toBeVisible();
    await expect(map(page)).toBeHidden();
    await expect(page.getByRole('link', { name: 'Show map' })).toBeVisible();
    await expect(page).toHaveURL(/\/home\?where=Europe$/);
  });

  test('at the fitted view of many homes no pin covers another: the rest are dots, and pointing at a dot\'s card shows its pin', async ({ page, isMobile }) => {
    await page.goto(SEARCH);
    await expect(cards(page).first()).toBeVisible();
    if (isMobile) await page.getByRole('link', { name: 'Show map' }).click();
    await expect(pins(page).first()).toBeVisible();
    await expect(dots(page).first()).toBeAttached();
    expect(await overlappingPins(page)).toEqual([]);
    // Every home the list has loaded is on the fitted map, as a pin or as a dot (counted at one moment: the list may load more).
    const shown = await page.evaluate(() => ({
      homes: document.querySelectorAll('main article').length,
      pins: document.querySelectorAll('[aria-roledescription="map"] li button').length,
      dots: document.querySelectorAll('[data-map-dot]').length,
    }));
    expect(shown.pins).toBeGreaterThan(1);
    expect(shown.dots).toBeGreaterThan(0);
    expect(shown.pins + shown.dots).toBe(shown.homes);
    // A dot is no target: hidden from screen readers, small, and a click or a tap passes through it.
    const dot = dots(page).first();
    await expect(dot.locator('xpath=ancestor::*[@aria-hidden="true"]')).toHaveCount(1);
    expect((await dot.boundingBox())!.width).toBeLessThan(24);
    await expect(dot).toHaveCSS('pointer-events', 'none');
    if (isMobile) return;

    // The best-ranked card whose home is a dot: pointing at it shows its pin, highlighted, over no other pin.
    const pinNames = await pins(page).evaluateAll((buttons) => buttons.map((button) => button.textContent ?? ''));
    const titles = await cards(page).evaluateAll((articles) => articles.map((article) => article.querySelector('img')?.getAttribute('alt') ?? ''));
    const dotted = titles.findIndex((title) => !pinNames.some((name) => name.endsWith(`a night, ${title}`)));
    expect(dotted).toBeGreaterThan(-1);
    await cards(page).nth(dotted).hover();
    const highlighted = map(page).locator('[data-highlighted]');
    await expect(highlighted).toBeVisible();
    await expect(highlighted).toHaveAccessibleName(new RegExp(`a night, ${escape(titles[dotted]!)}$`));
    expect(await overlappingPins(page)).toEqual([]);
    await page.mouse.move(1, (await cards(page).first().boundingBox())!.y);
    await expect(highlighted).toHaveCount(0);
  });

  test('one home gets a city-sized map with land around its pin, not the closest zoom, and the place searched marked', async ({ page, isMobile }) => {
    // 'Paris' finds one home in the seed catalogue.
    await page.goto('/home?where=Paris');
    await expect(cards(page)).toHaveCount(1);
    if (isMobile) await page.getByRole('link', { name: 'Show map' }).click();
    await expect(pins(page)).toHaveCount(1);
    // The place the card's distance is measured from is marked, and named where no pin covers it.
    await expect(map(page).locator('[data-map-place]')).toBeAttached();
    await expect(page.getByText('Paris', { exact: true })).toBeVisible();
    await expect(map(page)).toHaveAccessibleDescription(/Distances are measured from Paris, marked on the map\./);
    const land = map(page).locator('svg path').first();
    await expect(land).toBeAttached();

    const frame = (await map(page).boundingBox())!;
    const shown = await map(page).locator('svg g').evaluate((group: SVGGElement) => {
      // translate(x y) scale(s) of paths drawn in a 1024px world: the world is 1024 * s pixels
      // wide, and the frame's centre is at y = height / 2 - y of it (Web Mercator).
      const [, y, scale] = (/translate\(([-\d.e+]+) ([-\d.e+]+)\) scale\(([\d.e+-]+)\)/.exec(group.getAttribute('transform') ?? '') ?? [])
        .slice(1)
        .map(Number) as [number, number, number];
      const svg = group.ownerSVGElement!;
      const world = 1024 * scale;
      const centreY = svg.height.baseVal.value / 2 - y;
      const lat = Math.atan(Math.sinh(Math.PI * (1 - (2 * centreY) / world)));
      return { kmPerPx: (2 * Math.PI * 6371 * Math.cos(lat)) / world, lat: (lat * 180) / Math.PI };
    });
    expect(shown.lat).toBeCloseTo(48.9, 0);
    // The map's shorter side spans a large city's whole search area (80 km) or more.
    expect(Math.min(frame.width, frame.height) * shown.kmPerPx).toBeGreaterThanOrEqual(80);
    // And land is drawn around the pin: a grid of points over the frame, each inside the land's fill.
    const onLand = await land.evaluate((path: SVGPathElement, box) => {
      const toPath = path.getScreenCTM()!.inverse();
      const svg = path.ownerSVGElement!;
      let inside = 0;
      for (let i = 0; i < 9; i++) {
        for (let j = 0; j < 9; j++) {
          const point = new DOMPoint(box.x + ((i + 0.5) * box.width) / 9, box.y + ((j + 0.5) * box.height) / 9).matrixTransform(toPath);
          const local = svg.createSVGPoint();
          local.x = point.x;
          local.y = point.y;
          if (path.isPointInFill(local)) inside += 1;
        }
      }
      return inside / 81;
    }, frame);
    expect(onLand).toBeGreaterThan(0.9);
    const pin = (await pins(page).first().boundingBox())!;
    expect(pin.x).toBeGreaterThan(frame.x);
    expect(pin.x + pin.width).toBeLessThan(frame.x + frame.width);
  });

  test('searching as the map moves puts its area in the URL and asks for the homes inside it', async ({ page, isMobile }) => {
    await page.goto(SEARCH);
    await expect(cards(page).first()).toBeVisible();
    if (isMobile) await page.getByRole('link', { name: 'Show map' }).click();
    await expect(pins(page).first()).toBeVisible();
    // The page of cards (the count's request selects only ids).
    const boxAnswer = page.waitForResponse(
      (response) => response.url().includes('/rpc/search_rooms') && response.url().includes('lat') && response.request().postDataJSON()?.box_west !== undefined,
    );
    await page.getByRole('checkbox', { name: 'Search as I move the map' }).check();
    await page.getByRole('button', { name: 'Zoom in' }).click();

    // (a phone still shows the map: #map)
    await expect(page).toHaveURL(new RegExp(`/home\\?box=-?[\\d.]+%2C-?[\\d.]+%2C-?[\\d.]+%2C-?[\\d.]+${isMobile ? '#map' : ''}$`));
    const [west, south, east, north] = boxOf(page.url()) as [number, number, number, number];
    expect(west).toBeLessThan(east);
    expect(south).toBeLessThan(north);
    const answer = await boxAnswer;
    expect(answer.request().postDataJSON()).toMatchObject({ search_text: '', box_west: west, box_south: south, box_east: east, box_north: north });
    // The homes the list gets are those inside the area, and the list shows them.
    expect(answer.ok()).toBe(true);
    const homes = (await answer.json()) as { id: number; lat: number; lng: number }[];
    expect(homes.length).toBeGreaterThan(0);
    for (const home of homes) {
      expect(home.lng).toBeGreaterThanOrEqual(west);
      expect(home.lng).toBeLessThanOrEqual(east);
      expect(home.lat).toBeGreaterThanOrEqual(south);
      expect(home.lat).toBeLessThanOrEqual(north);
    }
    if (isMobile) await page.getByRole('link', { name: 'Show list' }).click();
    await expect(cards(page).first().getByRole('heading').getByRole('link')).toHaveAttribute('href', new RegExp(`^/house/${homes[0]!.id}(\\?|$)`));
    if (isMobile) await page.getByRole('link', { name: 'Show map' }).click();

    // The keyboard moves the map too: the area follows it east.
    await map(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => boxOf(page.url())[0]).toBeGreaterThan(west);
    expect(boxOf(page.url())[1]).toBeCloseTo(south, 3);
  });

  test('on a phone two fingers pinch the map about them, one drags it, and a tap on a pin still opens its card', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'a touch screen');
    await page.goto(SEARCH);
    await expect(cards(page).first()).toBeVisible();
    await page.getByRole('link', { name: 'Show map' }).click();
    await expect(pins(page).first()).toBeVisible();
    await page.getByRole('checkbox', { name: 'Search as I move the map' }).check();
    // The list of the zoomed area (its page of cards asks for their positions).
    const boxAnswer = page.waitForResponse(
      (response) => response.url().includes('/rpc/search_rooms') && response.url().includes('lat') && response.request().postDataJSON()?.box_west !== undefined,
    );
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page).toHaveURL(/box=/);
    await boxAnswer;
    const [west, , east] = boxOf(page.url()) as [number, number, number, number];

    // Two fingers 80 px apart, the first on a pin, spread to 160 px: one level closer, about them.
    const frame = (await map(page).boundingBox())!;
    // (the pins of the area's homes, once they are drawn)
    let pin = { x: 0, y: 0, width: 0, height: 0 };
    await expect(async () => {
      const box = await pins(page).first().boundingBox();
      expect(box).not.toBeNull();
      pin = box!;
    }).toPass();
    const away = pin.x + pin.width / 2 + 170 < frame.x + frame.width ? 1 : -1;
    const middle = { x: pin.x + pin.width / 2 + 40 * away, y: pin.y + pin.height / 2 };
    const fingers = (half: number) => [
      { x: middle.x - half * away, y: middle.y, id: 0 },
      { x: middle.x + half * away, y: middle.y, id: 1 },
    ];
    const touch = await page.context().newCDPSession(page);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(40) });
    for (const half of [50, 60, 70, 80]) await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(half) });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

    await expect.poll(() => boxOf(page.url())[2]! - boxOf(page.url())[0]!).toBeLessThan((east - west) * 0.6);
    const [pinchedWest, , pinchedEast] = boxOf(page.url()) as [number, number, number, number];
    expect((pinchedEast - pinchedWest) / (east - west)).toBeGreaterThan(0.4);
    // The longitude under the fingers' midpoint is the same before and after.
    const across = (middle.x - frame.x) / frame.width;
    expect(Math.abs(pinchedWest + across * (pinchedEast - pinchedWest) - (west + across * (east - west)))).toBeLessThan((east - west) * 0.02);

    // Then one finger drags the map east. Neither a pinch nor a drag makes a click, so none is
    // waiting to be swallowed: the next tap is the pin's.
    const start = { x: frame.x + 40, y: frame.y + 120, id: 0 };
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
    for (const dx of [10, 20, 30]) await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ ...start, x: start.x - dx }] });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => boxOf(page.url())[0]).toBeGreaterThan(pinchedWest);
    await expect(pins(page).first()).toBeVisible();
    await pins(page).first().tap();
    await expect(page.locator('#results-map-card')).toBeVisible();
  });
});
