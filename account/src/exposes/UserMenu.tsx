export default function UserMenu() {
  return <section aria-label="UserMenu"><h1>UserMenu</h1></section>;
}
