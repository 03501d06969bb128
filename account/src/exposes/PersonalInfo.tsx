export default function PersonalInfo() {
  return <section aria-label="PersonalInfo"><h1>PersonalInfo</h1></section>;
}
