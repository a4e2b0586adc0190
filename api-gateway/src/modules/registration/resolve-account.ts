import type { Request } from 'express';
import { RegistrationMessages } from '@portal/contracts';
import type { ResolveAccountNameRequest } from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { resolveAccountName } from '../bank-verification';
import { requireRegistration } from './registration-session';

type Body = z.output<typeof ResolveAccountNameRequest>;

/**
 * Step two's account name (issue 27): only for this browser's open registration with its email and mobile
 * verified, as step two itself. What the provider says, or why it could not, is the answer.
 */
export async function resolveRegistrationAccountName(ctx: AppContext, req: Request, body: Body) {
  const registration = await requireRegistration(ctx, ctx.db, req, body.email, { emailVerified: true });
  if (!registration.mobileVerifiedAt) {
    throw badRequest(RegistrationMessages.mobileNotVerified, {
      mobileNumber: RegistrationMessages.mobileNotVerified,
    });
  }
  return resolveAccountName(ctx, {
    bankID: body.bankID,
    accountNumber: body.accountNumber,
    asker: { registrationId: registration.registrationId },
    ip: req.ip,
  });
}
