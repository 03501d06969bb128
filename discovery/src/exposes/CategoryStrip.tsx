export default function CategoryStrip() {
  return <section aria-label="Categories"><h1>Categories</h1></section>;
}
