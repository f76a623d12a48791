import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DELETE_USER_CONFIRM } from '@shared/admin-users';
import { readAdminUser } from '@/lib/admin-session';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable } from '../components/data-table';
import { StatCard } from '../components/stat-card';
import { ResetPasswordDialog } from './reset-password-dialog';
import { useDebounced } from './use-debounced';
import { useUserActions } from './use-user-actions';
import { userColumns } from './user-columns';
import { roleOptions, statusOptions, UserForm } from './user-form';
import { listUsers, userKeys, type UserFilters } from './users-api';
import './users.css';

/** The User Management tab (admin only): counts, filters, search, the users with their actions, and the add/edit form. */
export default function UsersPage() {
  const me = readAdminUser();
  const [role, setRole] = useState('');
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const q = useDebounced(search);
  const filters: UserFilters = { role, status, q };
  const users = useInfiniteQuery({
    queryKey: userKeys.list(filters),
    queryFn: ({ pageParam }) => listUsers(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
  });
  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];
  const counts = users.data?.pages[0]?.counts;

  const actions = useUserActions();
  const { form, save, remove, deleting, resetting } = actions;
  const columns = userColumns(actions, me);

  return (
    <section aria-labelledby="tab-title" className="admin__tab users">
      <div className="admin-toolbar">
        <h2 id="tab-title">User Management</h2>
        <button type="button" className="button button--primary" onClick={() => actions.openForm({ mode: 'add' })}>
          Add New User
        </button>
      </div>

      <div className="stat-cards">
        <StatCard label="Total Users" value={counts?.total ?? '–'} />
        <StatCard label="Active Users" value={counts?.active ?? '–'} tone="success" />
        <StatCard label="Administrators" value={counts?.admins ?? '–'} tone="info" />
        <StatCard label="Customers" value={counts?.customers ?? '–'} />
      </div>

      {form.mode !== 'closed' ? (
        <UserForm
          key={actions.formKey}
          user={form.mode === 'edit' ? form.user : undefined}
          busy={save.isPending}
          serverError={actions.serverError}
          onSubmit={(body) => save.mutate(body)}
          onCancel={actions.closeForm}
        />
      ) : null}

      <div className="admin-toolbar">
        <div className="admin-toolbar__filters">
          <label>
            Role
            <select value={role} onChange={(event) => setRole(event.target.value)}>
              <option value="">All roles</option>
              {roleOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Status
            <select value={status} onChange={(event) => setStatus(event.target.value)}>
              <option value="">All statuses</option>
              {statusOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="users__search">
          Search
          <input type="search" placeholder="Search by name, email, or phone..." value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
      </div>

      <div className="admin-panel">
        {users.isError ? (
          <p role="alert" className="form-banner">
            {users.error.message}
          </p>
        ) : null}
        <DataTable
          caption="Users"
          columns={columns}
          rows={rows}
          rowKey={(user) => user.id}
          empty={users.isPending ? 'Loading users...' : 'No users match these filters.'}
        />
        {users.hasNextPage ? (
          <div className="pager">
            <button type="button" className="button button--secondary" onClick={() => void users.fetchNextPage()} disabled={users.isFetchingNextPage}>
              {users.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </button>
          </div>
        ) : null}
      </div>

      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete user"
        message={DELETE_USER_CONFIRM}
        confirmLabel="Delete user"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => actions.setDeleting(undefined)}
      >
        {deleting ? (
          <p className="muted">
            {deleting.name} ({deleting.email}) can no longer sign in. Their bookings stay.
          </p>
        ) : null}
      </ConfirmDialog>

      {resetting ? <ResetPasswordDialog user={resetting} onClose={() => actions.setResetting(undefined)} /> : null}
    </section>
  );
}
