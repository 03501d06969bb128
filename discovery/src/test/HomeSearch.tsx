import type { ReactNode } from 'react';
import { useSearchFromUrl } from '../features/search';

/** The home page's part in a search, around the component under test: it reads /home's URL and runs the search there. */
export function HomeSearch({ children }: { children: ReactNode }) {
  useSearchFromUrl();
  return children;
}
