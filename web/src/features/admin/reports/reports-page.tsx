/** The Reports & Analytics tab: its table, forms and actions come with the admin portal issue. */
export default function ReportsPage() {
  return (
    <section aria-labelledby="tab-title" className="admin__tab">
      <h2 id="tab-title">Reports & Analytics</h2>
      <p className="muted">This section is under development. Please use the navigation to access specific management features.</p>
    </section>
  );
}
