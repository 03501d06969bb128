export default function LoginPage() {
  return <section aria-label="LoginPage"><h1>LoginPage</h1></section>;
}
