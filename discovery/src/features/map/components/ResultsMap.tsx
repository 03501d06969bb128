/**
 * The results map (issue 31): the land drawn offline (../world), a price pin per home the list
 * has loaded (or a dot where it would cover a better-ranked home's pin: ../pinLayout), the chosen
 * home's card, zoom buttons and "Search as I move the map". It fits the
 * results when a search changes, or the URL's map area when there is one. Moved by a drag, two
 * fingers (a pinch zooms), the wheel, its buttons or the keyboard, it writes the area it shows to /home's URL (replacing the
 * entry, once the map has been still for BOX_WRITE_DELAY_MS) while the box is ticked, and the
 * list follows the URL. Loaded after hydration (MapPane), so it never renders on the server.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Minus, Plus, X } from 'lucide-react';
import { skipToken } from '@reduxjs/toolkit/query';
import { distanceOrigin, useGetGridPageInfiniteQuery, useGetSearchPlaceQuery, type GridRoom } from 'shared/api';
import { useRuntimeConfig } from 'shared/config';
import { Link, useLocation, useNavigate } from 'shared/router';
import { useAppSelector } from 'shared/store';
import { photoSources } from 'shared/ui';
import { cleanMapBox, mapBoxParam, serializeSearchParams, staySearch } from 'shared/url';
import { homeSearchWith, useHomeSearch } from '../../search';
import { selectHighlightedRoomId } from '../mapSlice';
import {
  KEY_PAN_PX,
  ZOOM_STEP,
  boxOfView,
  fitBox,
  fitPlaces,
  panBy,
  pinchView,
  pointOnMap,
  topLeft,
  worldPx,
  zoomAbout,
  type FingerPair,
  type MapSize,
  type MapView,
} from '../mapView';
import { layOutPins, pinSize } from '../pinLayout';
import { FINE_DETAIL_FROM_ZOOM, PATH_WORLD_PX, loadWorld, type WorldDetail, type WorldPaths } from '../world';
import styles from './ResultsMap.module.css';

/** How long the map must be still before its area goes into the URL (one search per move). */
const BOX_WRITE_DELAY_MS = 400;
/** Room kept around the results when the map fits them (a pin is about 30px tall). */
const FIT_PADDING_PX = 48;
/** A press that moves less than this is a click, not a drag. */
const DRAG_THRESHOLD_PX = 4;
/** Wheel pixels per zoom level (a mouse notch of 100 zooms half a level). */
const WHEEL_PX_PER_LEVEL = 200;

type LocatedRoom = GridRoom & { lat: number; lng: number };

/** A home on the map: where its pin goes, and whether it shows as a pin or as a dot. */
interface MapHome {
  room: LocatedRoom;
  label: string;
  x: number;
  y: number;
  pin: boolean;
}

const isLocated = (room: GridRoom): room is LocatedRoom => room.lat !== null && room.lng !== null;

/** The map frame's size in pixels, following resizes (null until measured). */
function useSize(element: HTMLElement | null): MapSize | null {
  const [size, setSize] = useState<MapSize | null>(null);
  useEffect(() => {
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

/** The world's paths: the coarse ones at once, the fine ones from FINE_DETAIL_FROM_ZOOM on. */
function useWorld(zoom: number | undefined): WorldPaths | null {
  const [worlds, setWorlds] = useState<Partial<Record<WorldDetail, WorldPaths>>>({});
  const wanted: WorldDetail = zoom !== undefined && zoom >= FINE_DETAIL_FROM_ZOOM ? 'fine' : 'coarse';
  const requested = useRef(new Set<WorldDetail>());
  useEffect(() => {
    if (requested.current.has(wanted)) return;
    requested.current.add(wanted);
    void loadWorld(wanted).then((paths) => setWorlds((loaded) => ({ ...loaded, [wanted]: paths })));
  }, [wanted]);
  return worlds.fine ?? worlds.coarse ?? null;
}

export default function ResultsMap() {
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const { search: locationSearch, hash: locationHash } = useLocation();
  const { criteria, search, category } = useHomeSearch();
  // The list's own query (the same cache entry): the pins are the homes the list has loaded. The
  // last results stay pinned while the next ones load.
  const { data, currentData } = useGetGridPageInfiniteQuery({ category, search });
  const rooms = useMemo(() => (data?.pages.flat() ?? []).filter(isLocated), [data]);
  // The place searched (the cards' distances are measured from it), as the list asks for it; a
  // country is no point to measure from, so it is not marked.
  const { currentData: place } = useGetSearchPlaceQuery(search && search.searchText !== '' ? search.searchText : skipToken);
  const placePoint = distanceOrigin(place);
  const highlightedId = useAppSelector(selectHighlightedRoomId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // The pin the keyboard is on stays a pin while the layout changes (a card pointed at meanwhile).
  const [focusedPinId, setFocusedPinId] = useState<number | null>(null);
  const [searchAsMoved, setSearchAsMoved] = useState(criteria.box !== null);
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const size = useSize(frame);
  const [view, setView] = useState<MapView | null>(null);
  const world = useWorld(view?.zoom);

  // What the latest render knows, for the handlers and the delayed write.
  const latest = useRef({ view, size, searchAsMoved, locationSearch, locationHash });
  latest.current = { view, size, searchAsMoved, locationSearch, locationHash };

  // Fit the map to a new search's results, or to the URL's area unless the map wrote it itself.
  const fitKey = criteria.box ? `box=${mapBoxParam(criteria.box)}` : `search=${serializeSearchParams(criteria)}`;
  const fitted = useRef<string | null>(null);
  const written = useRef<string | null>(null);
  const firstPage = currentData?.pages[0];
  useEffect(() => {
    if (!size || fitted.current === fitKey) return;
    if (criteria.box) {
      fitted.current = fitKey;
      if (written.current !== fitKey) setView(fitBox(criteria.box, size));
      return;
    }
    if (!firstPage) return;
    fitted.current = fitKey;
    setView(fitPlaces(firstPage.filter(isLocated), size, FIT_PADDING_PX));
    setSelectedId(null);
  }, [fitKey, criteria.box, firstPage, size]);

  const writeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(writeTimer.current), []);

  /** The traveller moved the map: show it, and search the new area once it is still. */
  const moveTo = useCallback(
    (next: MapView) => {
      setView(next);
      window.clearTimeout(writeTimer.current);
      if (!latest.current.searchAsMoved) return;
      writeTimer.current = window.setTimeout(() => {
        const current = latest.current;
        const box = current.size && current.view ? cleanMapBox(boxOfView(current.view, current.size)) : null;
        if (!box) return;
        written.current = `box=${mapBoxParam(box)}`;
        // The area is the place now: the typed destination no longer says what the list shows.
        const url = homeSearchWith(current.locationSearch, (params) => {
          params.delete('where');
          params.set('box', mapBoxParam(box));
        });
        // The hash stays: on a phone it keeps the map shown (exposes/Home.tsx).
        void navigate(url + current.locationHash, { replace: true });
      }, BOX_WRITE_DELAY_MS);
    },
    [navigate],
  );

  const zoomBy = useCallback(
    (delta: number, anchor?: { x: number; y: number }) => {
      const { view: current, size: currentSize } = latest.current;
      if (!current || !currentSize) return;
      const next = zoomAbout(current, currentSize, delta, anchor ?? { x: currentSize.width / 2, y: currentSize.height / 2 });
      if (next !== current) moveTo(next);
    },
    [moveTo],
  );

  // The wheel zooms about the pointer; React's wheel listeners are passive and cannot keep the page still.
  useEffect(() => {
    if (!frame) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = frame.getBoundingClientRect();
      const delta = Math.max(-1, Math.min(1, -event.deltaY / WHEEL_PX_PER_LEVEL));
      zoomBy(delta, { x: event.clientX - rect.left, y: event.clientY - rect.top });
    };
    frame.addEventListener('wheel', onWheel, { passive: false });
    return () => frame.removeEventListener('wheel', onWheel);
  }, [frame, zoomBy]);

  // One finger or the mouse drags the map; a second finger pinches it (pinchView).
  const drag = useRef<{ pointerId: number; x: number; y: number; moved: boolean } | null>(null);
  const pinch = useRef<{ view: MapView; from: FingerPair } | null>(null);
  // Where each pressed pointer is (client pixels).
  const fingers = useRef(new Map<number, { x: number; y: number }>());
  const swallowClick = useRef(false);
  /** The two fingers in the map's own pixels. */
  const fingerPair = (element: HTMLElement): FingerPair => {
    const rect = element.getBoundingClientRect();
    const [a, b] = [...fingers.current.values()].map((point) => ({ x: point.x - rect.left, y: point.y - rect.top }));
    return [a!, b!];
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    // A new gesture (the mouse, or a first finger) forgets the last one: a press released
    // outside the map, and the click of a drag or pinch, which a finger that moved never makes.
    if (event.isPrimary) {
      fingers.current.clear();
      pinch.current = null;
      swallowClick.current = false;
    }
    if (fingers.current.size >= 2) return;
    fingers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (fingers.current.size === 1) {
      // A press on a pin is the pin's, unless a second finger comes to pinch.
      if (!(event.target as Element).closest('[data-map-control]')) {
        drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, moved: false };
      }
      return;
    }
    const shown = latest.current.view;
    if (!shown) return;
    for (const id of fingers.current.keys()) event.currentTarget.setPointerCapture(id);
    pinch.current = { view: shown, from: fingerPair(event.currentTarget) };
    drag.current = null;
    swallowClick.current = true;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (fingers.current.has(event.pointerId)) fingers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const { size: currentSize, view: shown } = latest.current;
    if (pinch.current && currentSize && fingers.current.size === 2) {
      moveTo(pinchView(pinch.current.view, currentSize, pinch.current.from, fingerPair(event.currentTarget)));
      return;
    }
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId || !shown) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    if (!current.moved) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      current.moved = true;
      // Captured only once it is a drag, so that a click on a pin stays the pin's.
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    current.x = event.clientX;
    current.y = event.clientY;
    moveTo(panBy(shown, dx, dy));
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (!fingers.current.delete(event.pointerId)) return;
    if (pinch.current) {
      // The finger left on the map drags on from where it is.
      pinch.current = null;
      const [left] = [...fingers.current];
      drag.current = left ? { pointerId: left[0], ...left[1], moved: true } : null;
      return;
    }
    if (drag.current?.pointerId !== event.pointerId) return;
    swallowClick.current = drag.current.moved;
    drag.current = null;
  };

  // Escape closes the card from anywhere on the map; the arrows and +/- act on the focused map itself.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && selectedId !== null) {
      setSelectedId(null);
      return;
    }
    if (event.target !== frame || !view) return;
    const pans: Record<string, [number, number]> = {
      ArrowLeft: [KEY_PAN_PX, 0],
      ArrowRight: [-KEY_PAN_PX, 0],
      ArrowUp: [0, KEY_PAN_PX],
      ArrowDown: [0, -KEY_PAN_PX],
    };
    const pan = pans[event.key];
    if (pan) moveTo(panBy(view, ...pan));
    else if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') zoomBy(-ZOOM_STEP);
    else return;
    event.preventDefault();
  };

  const selected = rooms.find((room) => room.id === selectedId) ?? null;
  // The homes on screen (a pin's width either side of the frame), pins in the list's order.
  const homes = useMemo((): MapHome[] => {
    if (!view || !size) return [];
    const onMap = rooms.flatMap((room) => {
      const { x, y } = pointOnMap(room, view, size);
      if (x < -40 || y < -20 || x > size.width + 40 || y > size.height + 20) return [];
      const label = `$${room.nightly_usd ?? 0}`;
      return [{ room, label, x, y, ...pinSize(label) }];
    });
    const pins = layOutPins(
      onMap.map(({ room, x, y, width, height }) => ({ id: room.id, x, y, width, height })),
      [selectedId, highlightedId, focusedPinId].filter((id) => id !== null),
    );
    return onMap.map(({ room, label, x, y }) => ({ room, label, x, y, pin: pins.has(room.id) }));
  }, [rooms, view, size, selectedId, highlightedId, focusedPinId]);
  const origin = view && size ? topLeft(view, size) : null;
  const placeAt = placePoint && view && size ? pointOnMap(placePoint, view, size) : null;
  const pathScale = view ? worldPx(view.zoom) / PATH_WORLD_PX : 1;

  return (
    <div className={styles.map} onKeyDown={onKeyDown}>
      {/* An application: a screen reader in it passes the arrow keys on, which move the map; ARIA has
          no widget role for a map, so the lint rule does not count it as interactive. */}
      <div
        ref={setFrame}
        className={styles.frame}
        role="application"
        aria-roledescription="map"
        aria-label="Map of the homes"
        aria-describedby="results-map-help"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClickCapture={(event) => {
          if (!swallowClick.current) return;
          swallowClick.current = false;
          event.stopPropagation();
        }}
      >
        <p id="results-map-help" className="visually-hidden">
          Arrow keys move the map, plus and minus zoom. Each home is a button with its price; homes close to
          others show as dots until you zoom in.{placePoint && ` Distances are measured from ${placePoint.name}, marked on the map.`}
        </p>
        {view && size && origin && (
          <>
            <svg className={styles.land} width={size.width} height={size.height} aria-hidden="true">
              {world && (
                <g transform={`translate(${-origin.x} ${-origin.y}) scale(${pathScale})`}>
                  <path className={styles.landShape} d={world.land} />
                  <path className={styles.borders} d={world.borders} />
                </g>
              )}
            </svg>
            {/* The place searched, under the homes: where the cards' distances are measured from
                (named in the corner, where no pin covers its name). */}
            {placeAt && (
              <span
                className={styles.placeMark}
                aria-hidden="true"
                data-map-place
                style={{ transform: `translate(${placeAt.x}px, ${placeAt.y}px) translate(-50%, -50%)` }}
              />
            )}
            {/* Dots are decoration under the pins: the home is in the list, and its pin shows once the
                map is zoomed in, or its card in the list is pointed at. */}
            <div className={styles.dots} aria-hidden="true">
              {homes
                .filter((home) => !home.pin)
                .map(({ room, x, y }) => (
                  <span
                    key={room.id}
                    className={styles.dot}
                    data-map-dot
                    style={{ transform: `translate(${x}px, ${y}px) translate(-50%, -50%)` }}
                  />
                ))}
            </div>
            <ul className={styles.pins}>
              {homes
                .filter((home) => home.pin)
                .map(({ room, label, x, y }) => {
                  const highlighted = room.id === highlightedId;
                  const isSelected = room.id === selectedId;
                  return (
                    <li key={room.id} className={highlighted || isSelected ? styles.pinOnTop : undefined}>
                      <button
                        type="button"
                        data-map-control
                        className={`${styles.pin} ${highlighted ? styles.pinHighlighted : ''} ${isSelected ? styles.pinSelected : ''}`}
                        style={{ transform: `translate(${x}px, ${y}px) translate(-50%, -50%)` }}
                        aria-expanded={isSelected}
                        aria-controls={isSelected ? 'results-map-card' : undefined}
                        data-highlighted={highlighted || undefined}
                        onClick={() => setSelectedId(isSelected ? null : room.id)}
                        onFocus={() => setFocusedPinId(room.id)}
                        onBlur={() => setFocusedPinId(null)}
                      >
                        {label}
                        <span className="visually-hidden">
                          {' '}
                          a night, {room['house-title']}
                        </span>
                      </button>
                    </li>
                  );
                })}
            </ul>
          </>
        )}
      </div>
      <label className={styles.searchAsMoved} data-map-control>
        <input type="checkbox" checked={searchAsMoved} onChange={(event) => setSearchAsMoved(event.target.checked)} />
        Search as I move the map
      </label>
      {placePoint && (
        <p className={styles.placeLegend} aria-hidden="true">
          <span className={styles.placeKey} />
          {placePoint.name}
        </p>
      )}
      <div className={styles.zoom}>
        <button type="button" aria-label="Zoom in" onClick={() => zoomBy(ZOOM_STEP)}>
          <Plus size={16} aria-hidden />
        </button>
        <button type="button" aria-label="Zoom out" onClick={() => zoomBy(-ZOOM_STEP)}>
          <Minus size={16} aria-hidden />
        </button>
      </div>
      {selected && (
        <section id="results-map-card" className={styles.card} aria-labelledby="results-map-card-title" data-map-control>
          {selected.images[0] && (
            <img className={styles.cardPhoto} {...photoSources(config, selected.images[0])} sizes="320px" alt="" />
          )}
          <div className={styles.cardBody}>
            <h2 id="results-map-card-title" className={styles.cardTitle}>
              <Link to={`/house/${selected.id}${staySearch(criteria)}`} className={styles.cardLink}>
                {[selected.city, selected.country].filter(Boolean).join(', ') || selected['house-title']}
              </Link>
            </h2>
            <p className={styles.cardLine}>{selected['house-title']}</p>
            <p className={styles.cardLine}>
              <strong>${selected.nightly_usd ?? 0}</strong> night
            </p>
          </div>
          <button type="button" className={styles.cardClose} aria-label="Close" onClick={() => setSelectedId(null)}>
            <X size={16} aria-hidden />
          </button>
        </section>
      )}
    </div>
  );
}
