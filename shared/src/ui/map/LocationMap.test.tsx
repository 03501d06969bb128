import { render, screen } from '@testing-library/react';
import { ConfigProvider } from 'shared/config';
import { testConfig } from 'shared/testing';
import { tilePosition } from './tiles';
import { LocationMap } from './LocationMap';

function renderMap(mapTileUrl: string | null, lat: number | null = 38.72, lng: number | null = -9.14) {
  return render(
    <ConfigProvider config={{ ...testConfig, mapTileUrl }}>
      <LocationMap lat={lat} lng={lng} place="Lisbon, Portugal" />
    </ConfigProvider>,
  );
}

describe('LocationMap', () => {
  it('draws the offline map around the place, with its name, when no tile source is configured', () => {
    const { container } = renderMap(null);
    expect(screen.getByRole('img', { name: 'Map showing Lisbon, Portugal' })).toBeInTheDocument();
    expect(screen.getByText('Lisbon, Portugal')).toBeInTheDocument();
    const svg = container.querySelector('svg.offline')!;
    // Centred on the place: x = lng + 180, y = 90 - lat, minus half the view.
    const [x, y] = svg.getAttribute('viewBox')!.split(' ').map(Number);
    expect(x! + 36).toBeCloseTo(-9.14 + 180);
    expect(y! + 18).toBeCloseTo(90 - 38.72);
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });

  it('shows the zoom 17 tiles around the place when a tile source is configured', () => {
    const { container } = renderMap('https://tiles.example/{z}/{x}/{y}.png');
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    const centre = tilePosition(38.72, -9.14, 17);
    expect(sources).toHaveLength(35);
    expect(sources).toContain(`https://tiles.example/17/${Math.floor(centre.x)}/${Math.floor(centre.y)}.png`);
    expect(container.querySelector('svg.offline')).toBeNull();
  });

  it('shows an approximate point as an area: a circle, no pin, the zoom 14 tiles', () => {
    const { container } = render(
      <ConfigProvider config={{ ...testConfig, mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png' }}>
        <LocationMap lat={38.72} lng={-9.14} place="Lisbon, Portugal" approximate />
      </ConfigProvider>,
    );
    expect(screen.getByRole('img', { name: 'Map showing the approximate area of Lisbon, Portugal' })).toBeInTheDocument();
    const centre = tilePosition(38.72, -9.14, 14);
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toContain(`https://tiles.example/14/${Math.floor(centre.x)}/${Math.floor(centre.y)}.png`);
    // 1600 m across at 7.46 m a pixel (zoom 14, 38.72 degrees north).
    const area = screen.getByTestId('approximate-area');
    expect(Number.parseInt(area.style.width, 10)).toBeGreaterThan(200);
    expect(Number.parseInt(area.style.width, 10)).toBeLessThan(230);
    expect(container.querySelector('.pin')).toBeNull();
  });

  it('draws the area offline too, and no pin', () => {
    const { container } = render(
      <ConfigProvider config={{ ...testConfig, mapTileUrl: null }}>
        <LocationMap lat={38.72} lng={-9.14} place="Lisbon, Portugal" approximate />
      </ConfigProvider>,
    );
    expect(screen.getByTestId('approximate-area')).toBeInTheDocument();
    expect(container.querySelector('svg.offline')).not.toBeNull();
    expect(container.querySelector('.pin')).toBeNull();
  });

  it('still names the place when the listing has no coordinates', () => {
    const { container } = renderMap('https://tiles.example/{z}/{x}/{y}.png', null, null);
    expect(screen.getByText('Lisbon, Portugal')).toBeInTheDocument();
    expect(container.querySelector('svg.offline')!.getAttribute('viewBox')).toBe('0 0 360 180');
  });
});
