export default function Trips() {
  return <section aria-label="Trips"><h1>Trips</h1></section>;
}
