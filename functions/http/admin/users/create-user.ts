import { createUserSchema } from '../../../../shared/admin-users.ts';
import { auditWrite } from '../../../lib/db/audit.ts';
import { createUser, EmailTakenError } from '../../../lib/db/users.ts';
import { conflict } from '../../../lib/http/errors.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { asHttpError, userSubject } from './user-rules.ts';

/**
 * POST /api/admin/users (admin) `{name, email, phone, role?, status?, department?, password}`: a new
 * account (role customer and status active by default), its e-mail claimed and its audit entry
 * written in one transaction. 409 when the e-mail is taken. The password is stored hashed only.
 */
export const handler = httpRoute('create-user', { body: createUserSchema }, async ({ body, principal }) => {
  const passwordHash = await hashPassword(body.password);
  try {
    const user = await createUser(
      {
        name: body.name,
        email: body.email,
        phone: body.phone,
        role: body.role,
        status: body.status,
        ...(body.department ? { department: body.department } : {}),
        passwordHash,
      },
      (created) => [auditWrite({ actor: principal, action: 'user.create', subject: userSubject(created), after: created })],
    );
    return { statusCode: 201, data: user };
  } catch (error) {
    if (error instanceof EmailTakenError) throw conflict(error.message, { email: [error.message] });
    throw asHttpError(error);
  }
});
