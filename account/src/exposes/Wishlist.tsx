export default function Wishlist() {
  return <section aria-label="Wishlist"><h1>Wishlist</h1></section>;
}
