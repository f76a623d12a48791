/** The Overview tab. Its stat cards, recent bookings and charts come with the admin portal issue. */
export default function OverviewPage() {
  return <section aria-label="Overview" className="admin__tab" />;
}
