/**
 * The category strip: every category with its icon; arrows when there are more than 8, one
 * click scrolling seven items; choosing one filters the grid (it goes into /home's URL), and the
 * chosen one is always in view. Each category is a link to /home with the rest of the search
 * kept, so a tap works before the scripts run (and without them); once they run, the router
 * follows it in the page. While the category read is loading it shows 28 skeletons. During
 * a search only the categories the search found are offered.
 *
 * A page the server sent before the read answered (a busy backend) holds, for a browser without
 * scripts, where the skeletons would never fill, every category instead.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'shared/router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { CATEGORIES, CATEGORY_ARROWS_ABOVE_COUNT, CATEGORY_SCROLL_ITEMS, SKELETON_COUNTS } from 'shared/rules';
import { Skeleton } from 'shared/ui';
import { useGetCategoryFilterQuery } from '../api';
import { homeSearchWith, useHomeSearch } from '../../search';
import { categoryIcon } from '../categoryIcons';
import styles from './CategoryStrip.module.css';

export function CategoryStrip() {
  const { pathname, search: locationSearch } = useLocation();
  const { search, category: selected } = useHomeSearch();
  const { data, isLoading } = useGetCategoryFilterQuery(search);
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  // A category is part of /home's URL (pushed: Back returns to the previous one).
  const pathWith = (category: string) =>
    homeSearchWith(pathname === '/home' ? locationSearch : '', (params) => {
      if (category) params.set('category', category);
      else params.delete('category');
    });

  const categories = search && data ? CATEGORIES.filter((c) => data.filters.includes(c)) : CATEGORIES;
  const showArrows = categories.length > CATEGORY_ARROWS_ABOVE_COUNT;

  const updateEdges = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const atStart = list.scrollLeft <= 1;
    const atEnd = list.scrollLeft + list.clientWidth >= list.scrollWidth - 1;
    setEdges((prev) => (prev.atStart === atStart && prev.atEnd === atEnd ? prev : { atStart, atEnd }));
  }, []);

  useLayoutEffect(() => {
    updateEdges();
    window.addEventListener('resize', updateEdges);
    return () => window.removeEventListener('resize', updateEdges);
  }, [updateEdges, categories.length, isLoading]);

  // A chosen category out of view (a shared link, a reload, Back) is scrolled into the strip's
  // middle, so the traveller sees what filters the grid; the page itself does not move.
  useLayoutEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector('[aria-current="true"]');
    if (!list || !active) return;
    const view = list.getBoundingClientRect();
    const box = active.getBoundingClientRect();
    if (!(box.left < view.left || box.right > view.right)) return;
    list.scrollLeft += box.left - view.left - (view.width - box.width) / 2;
    updateEdges();
  }, [selected, isLoading, categories.length, updateEdges]);

  const scrollBySeven = (direction: 1 | -1) => {
    const list = listRef.current;
    const item = list?.querySelector('li');
    if (!list || !item) return;
    const gap = parseFloat(getComputedStyle(list).columnGap) || 0;
    list.scrollBy({ left: direction * CATEGORY_SCROLL_ITEMS * (item.getBoundingClientRect().width + gap), behavior: 'smooth' });
  };

  const item = (category: string) => {
    const Icon = categoryIcon(category);
    const active = category === selected;
    return (
      <li key={category}>
        <Link
          to={pathWith(active && search ? '' : category)}
          className={`${styles.item} ${active ? styles.active : ''}`}
          aria-current={active || undefined}
        >
          <Icon size={24} strokeWidth={1.5} aria-hidden />
          <span className={styles.label}>{category}</span>
        </Link>
      </li>
    );
  };

  // A search that found nothing has no category to offer: no strip, not an empty band (issue 43).
  if (!isLoading && categories.length === 0) return null;

  return (
    <nav className={styles.strip} aria-label="Categories">
      {showArrows && !edges.atStart && (
        <button type="button" className={`${styles.arrow} ${styles.prev}`} aria-label="Previous categories" onClick={() => scrollBySeven(-1)}>
          <ChevronLeft size={16} aria-hidden />
        </button>
      )}
      {isLoading ? (
        <>
          <ul className={`${styles.list} ${styles.skeletons}`} aria-busy="true" aria-label="Loading categories">
            {Array.from({ length: SKELETON_COUNTS.categories }, (_, i) => (
              <li key={i} className={styles.skeletonItem} data-testid="category-skeleton">
                <Skeleton shape="circle" width={24} height={24} />
                <Skeleton shape="text" width={56} />
              </li>
            ))}
          </ul>
          <noscript>
            <ul className={styles.list}>{CATEGORIES.map(item)}</ul>
          </noscript>
        </>
      ) : (
        <ul className={styles.list} ref={listRef} onScroll={updateEdges}>
          {categories.map(item)}
        </ul>
      )}
      {showArrows && !isLoading && !edges.atEnd && (
        <button type="button" className={`${styles.arrow} ${styles.next}`} aria-label="Next categories" onClick={() => scrollBySeven(1)}>
          <ChevronRight size={16} aria-hidden />
        </button>
      )}
    </nav>
  );
}
