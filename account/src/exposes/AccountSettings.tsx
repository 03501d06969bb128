export default function AccountSettings() {
  return <section aria-label="AccountSettings"><h1>AccountSettings</h1></section>;
}
