import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { newPasswordSchema, type AdminUser } from '@shared/admin-users';
import { Dialog } from '@/components/dialog';
import { ApiError } from '@/lib/api-client';
import { addNotification } from '@/lib/notification-store';
import { resetUserPassword } from './users-api';

/** The admin types the new password and tells the user; every session of the account ends. */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
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
