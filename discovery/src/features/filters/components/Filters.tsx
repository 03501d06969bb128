/**
 * The results page's filters (issue 43), as Airbnb's dialog: a price range over a histogram of the
 * search's nightly prices, the type of place, the least bedrooms, beds and bathrooms, amenities and
 * instant book. The URL holds them (shared/url) and the server applies them (search_rooms).
 *
 * The dialog's content is one GET form to /home carrying the rest of the search in hidden fields,
 * so it works before and without scripts: the Filters button is a link to #filters, and the CSS
 * shows the panel while the URL targets it. Once the page runs, the button opens it as a modal
 * (focus kept inside, Escape closes), the choices are a draft whose homes are counted live
 * ('Show 24 homes'), and Show puts them into the URL. 'Clear all' resets the draft. The button's
 * badge counts the filters on.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { SlidersHorizontal, X } from 'lucide-react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetGridCountQuery } from 'shared/api';
import { useNavigate } from 'shared/router';
import {
  AMENITY_KEYS,
  AMENITY_NAMES,
  MAX_ROOM_FILTER,
  NO_FILTERS,
  PRICE_BAND_USD,
  PRICE_SLIDER_MAX_USD,
  activeFilterCount,
  toIsoDay,
  type AmenityKey,
  type PlaceType,
  type SearchFilters,
} from 'shared/rules';
import { searchQueryOf, serializeSearchParams } from 'shared/url';
import { homePath, useDialogFocus, useHomeSearch } from '../../search';
import { useGetPriceHistogramQuery } from '../api';
import styles from './Filters.module.css';

const PANEL_ID = 'filters';
const homes = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'home' : 'homes'}`;

export function Filters() {
  const { criteria, category } = useHomeSearch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // The slider and histogram need scripts: the server's HTML (and a page without scripts) has the number fields only.
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => setHydrated(true), []);
  const applied = criteria.filters;
  const [draft, setDraft] = useState<SearchFilters>(applied);
  useEffect(() => {
    if (!open) setDraft(applied);
  }, [applied, open]);

  const today = toIsoDay(new Date());
  const { currentData: count } = useGetGridCountQuery(open ? { category, search: searchQueryOf({ ...criteria, filters: draft }, today) } : skipToken);
  const unpriced = { ...draft, minPrice: null, maxPrice: null };
  const { currentData: bands } = useGetPriceHistogramQuery(open ? searchQueryOf({ ...criteria, filters: unpriced }, today) : skipToken);

  const on = activeFilterCount(applied);
  const otherParams = [...new URLSearchParams(serializeSearchParams({ ...criteria, filters: NO_FILTERS }))];
  const clearHref = homePath(serializeSearchParams({ ...criteria, filters: NO_FILTERS }));
  const change = (part: Partial<SearchFilters>) => setDraft((current) => ({ ...current, ...part }));

  return (
    <>
      <a
        href={`#${PANEL_ID}`}
        className={styles.button}
        aria-haspopup="dialog"
        aria-label={on > 0 ? `Filters, ${on} on` : 'Filters'}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <SlidersHorizontal size={16} aria-hidden />
        Filters
        {on > 0 && (
          <span className={styles.badge} aria-hidden>
            {on}
          </span>
        )}
      </a>
      <div id={PANEL_ID} className={styles.overlay} data-open={open || undefined}>
        <FiltersDialog open={open} onClose={() => setOpen(false)}>
          <form
            method="get"
            action="/home"
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              setOpen(false);
              void navigate(homePath(serializeSearchParams({ ...criteria, filters: draft })));
            }}
          >
            {otherParams.map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <header className={styles.header}>
              <a
                href={homePath(serializeSearchParams(criteria))}
                className={styles.close}
                aria-label="Close"
                onClick={(event) => {
                  event.preventDefault();
                  setOpen(false);
                }}
              >
                <X size={16} aria-hidden />
              </a>
              <h2 id="filters-title">Filters</h2>
            </header>
            <div className={styles.body}>
              <fieldset className={styles.section}>
                <legend>Type of place</legend>
                <div className={styles.segments}>
                  {([null, 'room', 'entire'] as (PlaceType | null)[]).map((type) => (
                    <label key={type ?? 'any'} className={styles.segment}>
                      <input type="radio" name="type" value={type ?? ''} checked={draft.placeType === type} onChange={() => change({ placeType: type })} />
                      <span>{type === null ? 'Any type' : type === 'room' ? 'Room' : 'Entire home'}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <fieldset className={styles.section}>
                <legend>Price range</legend>
                <p className={styles.hint}>Nightly prices before fees</p>
                {hydrated && <PriceSlider bands={bands} filters={draft} onChange={change} />}
                <div className={styles.prices}>
                  <PriceField label="Minimum" name="price_min" value={draft.minPrice} onChange={(minPrice) => change({ minPrice })} />
                  <PriceField label="Maximum" name="price_max" value={draft.maxPrice} onChange={(maxPrice) => change({ maxPrice })} />
                </div>
              </fieldset>
              <fieldset className={styles.section}>
                <legend>Rooms and beds</legend>
                <RoomCount label="Bedrooms" name="bedrooms" value={draft.bedrooms} onChange={(bedrooms) => change({ bedrooms })} />
                <RoomCount label="Beds" name="beds" value={draft.beds} onChange={(beds) => change({ beds })} />
                <RoomCount label="Bathrooms" name="baths" value={draft.baths} onChange={(baths) => change({ baths })} />
              </fieldset>
              <fieldset className={styles.section}>
                <legend>Amenities</legend>
                <div className={styles.chips}>
                  {AMENITY_KEYS.map((key: AmenityKey) => (
                    <label key={key} className={styles.chip}>
                      <input
                        type="checkbox"
                        name="amenities"
                        value={key}
                        checked={draft.amenities.includes(key)}
                        onChange={(event) =>
                          change({
                            amenities: AMENITY_KEYS.filter((k) => (k === key ? event.target.checked : draft.amenities.includes(k))),
                          })
                        }
                      />
                      <span>{AMENITY_NAMES[key]}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <fieldset className={styles.section}>
                <legend>Booking options</legend>
                <label className={styles.toggle}>
                  Instant Book
                  <input
                    type="checkbox"
                    name="instant"
                    value="1"
                    aria-describedby="filters-instant-hint"
                    checked={draft.instantBook}
                    onChange={(event) => change({ instantBook: event.target.checked })}
                  />
                </label>
                <p id="filters-instant-hint" className={styles.hint}>
                  Book without waiting for the host to respond
                </p>
              </fieldset>
            </div>
            <footer className={styles.footer}>
              <a
                href={clearHref}
                className={styles.clear}
                onClick={(event) => {
                  event.preventDefault();
                  setDraft(NO_FILTERS);
                }}
              >
                Clear all
              </a>
              <button type="submit" className={styles.show}>
                {open && count !== undefined ? `Show ${homes(count)}` : 'Show homes'}
              </button>
            </footer>
          </form>
        </FiltersDialog>
      </div>
    </>
  );
}

/** The dialog box; while open (scripts running) it keeps the keyboard inside (useDialogFocus). */
function FiltersDialog({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <div ref={ref} className={styles.dialog} role="dialog" aria-modal={open || undefined} aria-labelledby="filters-title">
      {open && <KeyboardInside dialog={ref} onClose={onClose} />}
      {children}
    </div>
  );
}

function KeyboardInside({ dialog, onClose }: { dialog: React.RefObject<HTMLDivElement | null>; onClose: () => void }) {
  useDialogFocus(dialog, onClose);
  return null;
}

function PriceField({ label, name, value, onChange }: { label: string; name: string; value: number | null; onChange: (value: number | null) => void }) {
  return (
    <label className={styles.price}>
      <span>{label}</span>
      <span className={styles.dollars}>
        <span aria-hidden>$</span>
        <input
          type="number"
          name={name}
          min={0}
          step={1}
          inputMode="numeric"
          placeholder={name === 'price_max' ? 'Any' : '0'}
          value={value ?? ''}
          onChange={(event) => {
            const n = Number(event.target.value);
            onChange(event.target.value === '' || !Number.isInteger(n) || n < 0 ? null : n);
          }}
        />
      </span>
    </label>
  );
}

/** The histogram of the search's prices with the range's two handles over it ($1,000+ at the right end: no maximum). */
function PriceSlider({ bands, filters, onChange }: { bands: number[] | undefined; filters: SearchFilters; onChange: (part: Partial<SearchFilters>) => void }) {
  const low = filters.minPrice ?? 0;
  const high = Math.min(filters.maxPrice ?? PRICE_SLIDER_MAX_USD, PRICE_SLIDER_MAX_USD);
  const tallest = Math.max(1, ...(bands ?? []));
  return (
    <div className={styles.slider}>
      <div className={styles.histogram} aria-hidden>
        {(bands ?? []).map((homesInBand, band) => {
          const from = band * PRICE_BAND_USD;
          return (
            <span
              key={from}
              className={from >= low && from < high ? styles.barIn : styles.bar}
              style={{ height: `${homesInBand === 0 ? 0 : Math.max(4, (homesInBand / tallest) * 100)}%` }}
            />
          );
        })}
      </div>
      <input
        type="range"
        className={styles.range}
        aria-label="Minimum price"
        min={0}
        max={PRICE_SLIDER_MAX_USD}
        step={PRICE_BAND_USD / 2}
        value={low}
        onChange={(event) => {
          const value = Math.min(Number(event.target.value), high - PRICE_BAND_USD / 2);
          onChange({ minPrice: value <= 0 ? null : value });
        }}
      />
      <input
        type="range"
        className={styles.range}
        aria-label="Maximum price"
        aria-valuetext={high >= PRICE_SLIDER_MAX_USD ? `$${PRICE_SLIDER_MAX_USD}+` : `$${high}`}
        min={0}
        max={PRICE_SLIDER_MAX_USD}
        step={PRICE_BAND_USD / 2}
        value={high}
        onChange={(event) => {
          const value = Math.max(Number(event.target.value), low + PRICE_BAND_USD / 2);
          onChange({ maxPrice: value >= PRICE_SLIDER_MAX_USD ? null : value });
        }}
      />
    </div>
  );
}

/** Any, 1 ... 8+: radio chips (a form field without scripts). */
function RoomCount({ label, name, value, onChange }: { label: string; name: string; value: number | null; onChange: (value: number | null) => void }) {
  const choices: (number | null)[] = [null, ...Array.from({ length: MAX_ROOM_FILTER }, (_, i) => i + 1)];
  return (
    <div className={styles.roomRow} role="radiogroup" aria-label={label}>
      <span className={styles.roomLabel}>{label}</span>
      <div className={styles.chips}>
        {choices.map((n) => (
          <label key={n ?? 'any'} className={styles.chip}>
            <input type="radio" name={name} value={n ?? ''} checked={value === n} onChange={() => onChange(n)} />
            <span>{n === null ? 'Any' : n === MAX_ROOM_FILTER ? `${n}+` : n}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
