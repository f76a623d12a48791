import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { DELETE_USER_CONFIRM, newPasswordSchema, type AdminUser, type UserList } from '@shared/admin-users';
import { Dialog } from '@/components/dialog';
import { ApiError } from '@/lib/api-client';
import { readAdminUser } from '@/lib/admin-session';
import { addNotification } from '@/lib/notification-store';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/data-table';
import { StatCard } from '../components/stat-card';
import { StatusBadge } from '../components/status-badge';
import { roleOptions, statusOptions, UserForm } from './user-form';
import { createUser, deleteUser, listUsers, resetUserPassword, unlockUser, updateUser, userKeys, type UserFilters } from './users-api';
import './users.css';

type FormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; user: AdminUser };
type ServerError = { message: string; details?: Record<string, string[]> | undefined };

const roleLabel = (role: string) => roleOptions.find((option) => option.value === role)?.label ?? role;
const when = (iso: string | undefined) =>
  iso ? new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(iso)) : undefined;

const clock = (iso: string) => new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

/** What a sign-in lockout means for the account, in a line: locked addresses, or unknown ones slowed, and until when. */
function lockText(lock: NonNullable<AdminUser['sign_in_lock']>): string {
  const from = lock.addresses ? `${lock.addresses} address${lock.addresses === 1 ? '' : 'es'} locked out` : '';
  const slowed = lock.slowed ? 'new addresses slowed to a try a minute' : '';
  return `${[from, slowed].filter(Boolean).join('; ')} until ${clock(lock.until)}`;
}

/** Search as you type, without a request per keystroke. */
function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The User Management tab (admin only): counts, filters, search, the users with their actions, and the add/edit form. */
export default function UsersPage() {
  const client = useQueryClient();
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

  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [formKey, setFormKey] = useState(0);
  const [serverError, setServerError] = useState<ServerError>();
  const [deleting, setDeleting] = useState<AdminUser>();
  const [resetting, setResetting] = useState<AdminUser>();

  const openForm = (next: FormState) => {
    setForm(next);
    setServerError(undefined);
    setFormKey((key) => key + 1);
  };
  const closeForm = () => {
    setForm({ mode: 'closed' });
    setServerError(undefined);
  };
  const refresh = () => client.invalidateQueries({ queryKey: userKeys.all });

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (form.mode === 'edit' ? updateUser(form.user.id, body) : createUser(body)),
    onSuccess: (user) => {
      addNotification({ type: 'success', title: form.mode === 'edit' ? 'User updated' : 'User created', message: `${user.name} (${user.email})` });
      closeForm();
      void refresh();
    },
    onError: (error) =>
      setServerError({
        message: error.message || 'The user could not be saved. Please try again.',
        details: error instanceof ApiError ? error.details : undefined,
      }),
  });

  /** Changes the rows in every cached list at once (optimistic), returning what to put back. */
  const patchRows = async (change: (rows: AdminUser[]) => AdminUser[]) => {
    await client.cancelQueries({ queryKey: userKeys.all });
    const before = client.getQueriesData<InfiniteData<UserList>>({ queryKey: userKeys.all });
    client.setQueriesData<InfiniteData<UserList>>({ queryKey: userKeys.all }, (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) } : data,
    );
    return { before };
  };
  const restore = (context: { before: Array<[readonly unknown[], unknown]> } | undefined) => {
    for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
  };

  // Suspend and activate are optimistic: the badge moves at once and comes back, with the server's message, if it refuses.
  const setStatusOf = useMutation({
    mutationFn: ({ user, next }: { user: AdminUser; next: 'active' | 'suspended' }) => updateUser(user.id, { status: next }),
    onMutate: ({ user, next }) => patchRows((items) => items.map((item) => (item.id === user.id ? { ...item, status: next } : item))),
    onError: (error, { user, next }, context) => {
      restore(context);
      addNotification({ type: 'error', title: next === 'suspended' ? 'User not suspended' : 'User not activated', message: `${user.email}: ${error.message}` });
    },
    onSuccess: (user) =>
      addNotification({
        type: 'success',
        title: user.status === 'suspended' ? 'User suspended' : 'User activated',
        message: user.status === 'suspended' ? `${user.email} is signed out and cannot sign in.` : `${user.email} can sign in again.`,
      }),
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (user: AdminUser) => deleteUser(user.id),
    onMutate: async (user) => {
      setDeleting(undefined);
      return patchRows((items) => items.filter((item) => item.id !== user.id));
    },
    onError: (error, user, context) => {
      restore(context);
      addNotification({ type: 'error', title: 'User not deleted', message: `${user.email}: ${error.message}` });
    },
    onSuccess: (_answer, user) => addNotification({ type: 'success', title: 'User deleted', message: `${user.email} is deleted. Their bookings stay.` }),
    onSettled: refresh,
  });

  const unlock = useMutation({
    mutationFn: (user: AdminUser) => unlockUser(user.id),
    onSuccess: (result) =>
      addNotification({
        type: 'success',
        title: 'Sign-in unlocked',
        message: result.cleared ? `${result.user.email} can try signing in again from anywhere.` : `${result.user.email} had no sign-in lockout.`,
      }),
    onError: (error, user) => addNotification({ type: 'error', title: 'Not unlocked', message: `${user.email}: ${error.message}` }),
    onSettled: refresh,
  });

  const columns: Array<Column<AdminUser>> = [
    {
      id: 'user',
      header: 'User',
      sortValue: (user) => user.name.toLowerCase(),
      cell: (user) => (
        <div className="users__name">
          <strong>{user.name}</strong>
          <span className="muted users__id">ID: {user.id.slice(0, 8)}</span>
        </div>
      ),
    },
    {
      id: 'contact',
      header: 'Contact',
      sortValue: (user) => user.email,
      cell: (user) => (
        <div className="users__contact">
          <a href={`mailto:${user.email}`}>{user.email}</a>
          {user.phone ? <span className="muted">{user.phone}</span> : null}
        </div>
      ),
    },
    { id: 'role', header: 'Role', sortValue: (user) => user.role, cell: (user) => roleLabel(user.role) },
    { id: 'department', header: 'Department', sortValue: (user) => user.department ?? '', cell: (user) => user.department ?? <span className="muted">—</span> },
    {
      id: 'status',
      header: 'Status',
      sortValue: (user) => `${user.status}${user.sign_in_lock ? ' locked' : ''}`,
      cell: (user) => (
        <div className="users__status">
          {/* A guest's sign-up waits as pending until its e-mailed link is opened: it cannot sign in yet. */}
          <StatusBadge status={user.status} {...(user.status === 'pending' ? { label: 'Not activated' } : {})} />
          {user.sign_in_lock ? (
            <>
              <StatusBadge status="locked" label="Sign-in locked" />
              <span className="muted users__lock">{lockText(user.sign_in_lock)}</span>
            </>
          ) : null}
        </div>
      ),
    },
    {
      id: 'last-login',
      header: 'Last Login',
      sortValue: (user) => user.last_login ?? '',
      cell: (user) => when(user.last_login) ?? <span className="muted">Never</span>,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (user) => (
        <div className="row-actions">
          <button type="button" className="button button--secondary" onClick={() => openForm({ mode: 'edit', user })} aria-label={`Edit ${user.email}`}>
            Edit
          </button>
          {user.status === 'active' ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setStatusOf.mutate({ user, next: 'suspended' })}
              disabled={user.id === me?.id}
              aria-label={`Suspend ${user.email}`}
            >
              Suspend
            </button>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setStatusOf.mutate({ user, next: 'active' })}
              aria-label={`Activate ${user.email}`}
            >
              Activate
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={() => setResetting(user)} aria-label={`Reset password of ${user.email}`}>
            Reset password
          </button>
          {user.sign_in_lock ? (
            <button type="button" className="button button--secondary" onClick={() => unlock.mutate(user)} aria-label={`Unlock sign-in of ${user.email}`}>
              Unlock
            </button>
          ) : null}
          <button
            type="button"
            className="button button--danger"
            onClick={() => setDeleting(user)}
            disabled={user.id === me?.id}
            aria-label={`Delete ${user.email}`}
          >
            Delete
          </button>
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="tab-title" className="admin__tab users">
      <div className="admin-toolbar">
        <h2 id="tab-title">User Management</h2>
        <button type="button" className="button button--primary" onClick={() => openForm({ mode: 'add' })}>
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
          key={formKey}
          user={form.mode === 'edit' ? form.user : undefined}
          busy={save.isPending}
          serverError={serverError}
          onSubmit={(body) => save.mutate(body)}
          onCancel={closeForm}
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
        onClose={() => setDeleting(undefined)}
      >
        {deleting ? (
          <p className="muted">
            {deleting.name} ({deleting.email}) can no longer sign in. Their bookings stay.
          </p>
        ) : null}
      </ConfirmDialog>

      {resetting ? <ResetPasswordDialog user={resetting} onClose={() => setResetting(undefined)} /> : null}
    </section>
  );
}

/** The admin types the new password and tells the user; every session of the account ends. */
function ResetPasswordDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const reset = useMutation({
    mutationFn: () => resetUserPassword(user.id, password),
    onSuccess: () => {
      addNotification({ type: 'success', title: 'Password reset', message: `${user.email} is signed out everywhere; tell them the new password.` });
      onClose();
    },
    onError: (failure) => setError(failure instanceof ApiError ? (failure.details?.password?.join(' ') ?? failure.message) : failure.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = z.safeParse(newPasswordSchema, password).error?.issues[0]?.message;
    if (problem) {
      setError(problem);
      return;
    }
    setError(undefined);
    reset.mutate();
  };
  return (
    <Dialog open title={`Reset password of ${user.name}`} onClose={onClose}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <label className="admin-form__wide">
          New password
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            data-autofocus
          />
          {error ? (
            <span id={`${id}-error`} className="field-error">
              {error}
            </span>
          ) : null}
        </label>
        <p className="muted admin-form__wide">The user is signed out everywhere and signs in with this password from now on.</p>
        <div className="form-actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Reset password'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
