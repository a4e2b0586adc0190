// The call the registration page makes before its first keystroke (its lists), without zod: the answer is
// checked by its tested zod-free twin (issue 26). MasterEndpoints spreads it and adds the zod schema, so the
// path is still written once.
import { defineEndpoint } from '../endpoint';
import { RegisterOptionsResponseCheck } from '../api/plain-parsers';

export const RegistrationStartEndpoints = {
  registerOptions: defineEndpoint({
    method: 'get',
    path: '/master/affiliate-register-options',
    tag: 'Master data',
    summary: 'Countries (Nigeria first) and banks for the registration form.',
    auth: 'public',
    answer: { description: 'Countries and banks.', schema: RegisterOptionsResponseCheck },
  }),
};
