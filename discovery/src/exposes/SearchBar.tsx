import { SearchBar as Bar } from '../features/search/components/SearchBar';

export default function SearchBar() {
  return <Bar />;
}
