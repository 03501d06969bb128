export default function SearchBar() {
  return <section aria-label="Search"><h1>Search</h1></section>;
}
