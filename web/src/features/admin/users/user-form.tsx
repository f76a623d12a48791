import { z } from 'zod/mini';
import { createUserSchema, departmentSchema, userPhoneSchema, userRoleInputSchema, userStatusInputSchema, type AdminUser } from '@shared/admin-users';
import { accountNameSchema } from '@shared/user-schemas';
import { fields } from '@shared/validation';
import { errorsOf, FormBanner, useCatalogueForm, type FormErrors } from '../components/catalogue-form';

/** The role choices of the form (docs/product.md#users-tab): the admin role reads 'Administrator'. */
export const roleOptions = [
  { value: 'customer', label: 'Customer' },
  { value: 'staff', label: 'Staff' },
  { value: 'manager', label: 'Manager' },
  { value: 'admin', label: 'Administrator' },
] as const;
export const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'pending', label: 'Pending' },
  { value: 'suspended', label: 'Suspended' },
] as const;

type Field = 'name' | 'email' | 'phone' | 'department' | 'role' | 'status' | 'password';

/** One message per field (the first problem). Editing checks what is sent: the e-mail (the sign-in name) and the password are not changed here. */
const editSchema = fields({
  name: accountNameSchema,
  phone: userPhoneSchema,
  department: departmentSchema,
  role: userRoleInputSchema,
  status: userStatusInputSchema,
});

export const emptyUserForm: Record<Field, string> = { name: '', email: '', phone: '', department: '', role: 'customer', status: 'active', password: '' };

export const formOfUser = (user: AdminUser): Record<Field, string> => ({
  name: user.name,
  email: user.email,
  phone: user.phone ?? '',
  department: user.department ?? '',
  role: user.role,
  status: user.status,
  password: '',
});

export function checkUserForm(
  values: Record<Field, string>,
  editing: boolean,
): { ok: true; body: Record<string, unknown> } | { ok: false; errors: FormErrors } {
  if (editing) {
    const { email: _email, password: _password, ...rest } = values;
    const result = z.safeParse(editSchema, rest);
    return result.success ? { ok: true, body: result.data } : { ok: false, errors: errorsOf(result.error.issues, { firstOnly: true }) };
  }
  const { department, ...rest } = values;
  const result = z.safeParse(createUserSchema, { ...rest, ...(department.trim() ? { department } : {}) });
  return result.success ? { ok: true, body: result.data } : { ok: false, errors: errorsOf(result.error.issues, { firstOnly: true }) };
}

/**
 * Add or edit a user (docs/product.md#users-tab): name, e-mail (email type) and phone required,
 * department optional, role and status (defaults customer and active), a first password when
 * adding. Every field shows its own message under it, the server's too; nothing typed is lost.
 */
export function UserForm({
  user,
  busy,
  serverError,
  onSubmit,
  onCancel,
}: {
  user?: AdminUser;
  busy: boolean;
  serverError?: { message: string; details?: FormErrors | undefined };
  onSubmit: (body: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const editing = user !== undefined;
  const { field, submitWith } = useCatalogueForm<Field>(user ? formOfUser(user) : emptyUserForm, serverError?.details);
  return (
    <form
      className="admin-panel admin-form users-form"
      onSubmit={submitWith((values) => checkUserForm(values, editing), onSubmit)}
      noValidate
      aria-labelledby="user-form-title"
    >
      <h3 id="user-form-title" className="admin-form__wide">
        {editing ? 'Edit User' : 'Add New User'}
      </h3>
      <FormBanner message={serverError?.message} />
      {field('name', 'Full name', (props) => (
        <input {...props} type="text" autoComplete="off" required />
      ))}
      {field(
        'email',
        'Email',
        (props) => (
          <input {...props} type="email" autoComplete="off" required disabled={editing} />
        ),
        {
          hint: editing ? 'The e-mail is the sign-in name and cannot be changed.' : undefined,
        },
      )}
      {field('phone', 'Phone', (props) => (
        <input {...props} type="tel" inputMode="tel" autoComplete="off" required />
      ))}
      {field('department', 'Department (optional)', (props) => (
        <input {...props} type="text" autoComplete="off" />
      ))}
      {field('role', 'Role', (props) => (
        <select {...props}>
          {roleOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ))}
      {field('status', 'Status', (props) => (
        <select {...props}>
          {statusOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ))}
      {editing
        ? null
        : field('password', 'Password', (props) => <input {...props} type="password" autoComplete="new-password" required />, {
            hint: 'At least 8 characters. Tell the user; it is never shown again.',
          })}
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving...' : editing ? 'Update User' : 'Create User'}
        </button>
      </div>
    </form>
  );
}
