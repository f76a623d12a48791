import { useParams } from 'react-router-dom';
import { titleCase } from '../components/catalogue-form';

/**
 * A tab id the portal does not have (`/admin/foo`): '{Tab} Management' and where to go instead,
 * inside the portal's frame (docs/product.md#portal-shell).
 */
export default function UnknownTabPage() {
  const tab = (useParams()['*'] ?? '').split('/')[0] ?? '';
  return (
    <section aria-labelledby="tab-title" className="admin__tab">
      <div className="admin-toolbar">
        <h2 id="tab-title">{titleCase(tab)} Management</h2>
      </div>
      <p>This section is under development. Please use the navigation to access specific management features.</p>
    </section>
  );
}
