export default function LoginDialog() {
  return <section aria-label="LoginDialog"><h1>LoginDialog</h1></section>;
}
