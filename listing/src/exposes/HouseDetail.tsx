export default function HouseDetail() {
  return <section aria-label="Listing"><h1>Listing</h1></section>;
}
