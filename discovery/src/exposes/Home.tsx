export default function Home() {
  return <section aria-label="Home"><h1>Home</h1></section>;
}
