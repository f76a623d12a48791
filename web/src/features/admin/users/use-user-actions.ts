import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminUser, UserList } from '@shared/admin-users';
import { ApiError } from '@/lib/api-client';
import { addNotification } from '@/lib/notification-store';
import { createUser, deleteUser, unlockUser, updateUser, userKeys } from './users-api';

export type UserFormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; user: AdminUser };
export type UserServerError = { message: string; details?: Record<string, string[]> | undefined };

/**
 * What staff do to users on the Users tab: the add / edit form and its save, suspend and activate
 * (optimistic), delete (optimistic, after the confirmation), unlock a sign-in lockout, and which
 * user the delete and reset-password dialogs are open for. Every change refreshes the lists.
 */
export function useUserActions() {
  const client = useQueryClient();
  const [form, setForm] = useState<UserFormState>({ mode: 'closed' });
  const [formKey, setFormKey] = useState(0);
  const [serverError, setServerError] = useState<UserServerError>();
  const [deleting, setDeleting] = useState<AdminUser>();
  const [resetting, setResetting] = useState<AdminUser>();

  const openForm = (next: UserFormState) => {
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

  return { form, formKey, serverError, openForm, closeForm, save, setStatusOf, remove, unlock, deleting, setDeleting, resetting, setResetting };
}

export type UserActions = ReturnType<typeof useUserActions>;
