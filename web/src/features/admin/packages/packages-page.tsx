/** The Package Management tab: its table, forms and actions come with the admin portal issue. */
export default function PackagesPage() {
  return (
    <section aria-labelledby="tab-title" className="admin__tab">
      <h2 id="tab-title">Package Management</h2>
      <p className="muted">This section is under development. Please use the navigation to access specific management features.</p>
    </section>
  );
}
