export default function BookingPage() {
  return <section aria-label="Request to book"><h1>Request to book</h1></section>;
}
