import { Globe } from 'lucide-react';
import { useAppDispatch } from 'shared/store';
import { SEARCH_REGIONS, type RegionOption } from 'shared/rules';
import { setRegion } from 'shared/state';
import styles from './Panels.module.css';

/** 'Search by region': choosing one empties the typed destination and moves on to the dates. */
export function RegionPanel({ regions = SEARCH_REGIONS, selected }: { regions?: readonly RegionOption[]; selected: string }) {
  const dispatch = useAppDispatch();
  return (
    <div className={styles.regionPanel}>
      <h2 className={styles.panelTitle} id="region-panel-title">
        Search by region
      </h2>
      <ul className={styles.regionList} aria-labelledby="region-panel-title">
        {regions.map((region) => (
          <li key={region.value}>
            <button
              type="button"
              className={styles.region}
              aria-pressed={selected === region.value}
              onClick={() => dispatch(setRegion(region.value))}
            >
              <span className={styles.regionIcon} aria-hidden="true">
                <Globe size={28} strokeWidth={1.25} />
              </span>
              <span>{region.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
