import { firstUserFormError, SaveAdminUserRequest, userFormChecks, userFormSchema } from '../admin-users';

const context = {
  roles: [
    { roleID: 1, showCountry: false },
    { roleID: 2, showCountry: true },
  ],
  countries: [
    { countryID: 1, phoneCode: '+234', phoneNumberLength: 10 },
    { countryID: 2, phoneCode: '+233', phoneNumberLength: 9 },
  ],
};
const filled = {
  fullName: 'Ada Obi',
  email: 'ada@example.com',
  phoneCode: '+234',
  mobileNumber: '8031234567',
  roleID: 2,
  countryID: 1,
};

describe('the user form rules (spec §5 User forms)', () => {
  test("report in the spec's order, with 'Please select role.' on add and 'Please provide role.' on edit", () => {
    const messages = (mode: 'add' | 'edit') =>
      userFormChecks({}, mode, context)
        .filter(([, message]) => message)
        .map(([, message]) => message);
    expect(messages('add')).toEqual([
      'Please provide full name.',
      'Please provide email.',
      'Please select country code.',
      'Please provide mobile.',
      'Please select role.',
    ]);
    expect(messages('edit')[4]).toBe('Please provide role.');
  });

  test('ask for a country only when the role shows it, and keep countryID only then', () => {
    expect(firstUserFormError({ ...filled, countryID: null }, 'add', context)?.message).toBe(
      'Please select country.',
    );
    expect(firstUserFormError({ ...filled, roleID: 1, countryID: null }, 'add', context)).toBeUndefined();
    expect(userFormSchema('add', context).parse({ ...filled, roleID: 1 }).countryID).toBeUndefined();
    expect(userFormSchema('add', context).parse(filled).countryID).toBe(1);
  });

  test("check the mobile against the country code's length", () => {
    expect(firstUserFormError({ ...filled, phoneCode: '+233' }, 'add', context)?.message).toBe(
      'Mobile number must be 9 digit.',
    );
  });

  test('an affiliate edit has no role or country', () => {
    expect(
      firstUserFormError({ ...filled, roleID: null, countryID: null }, 'affiliate', context),
    ).toBeUndefined();
  });

  test('the request: creation, update by userID or userId, never both', () => {
    expect(SaveAdminUserRequest.parse(filled).mode).toBe('add');
    expect(SaveAdminUserRequest.parse({ ...filled, userID: 0 }).mode).toBe('add');
    expect(SaveAdminUserRequest.parse({ ...filled, userID: '7' })).toMatchObject({ mode: 'edit', id: 7 });
    expect(SaveAdminUserRequest.parse({ ...filled, userId: 9 })).toMatchObject({ mode: 'affiliate', id: 9 });
    expect(SaveAdminUserRequest.safeParse({ ...filled, userID: 7, userId: 9 }).success).toBe(false);
    expect(SaveAdminUserRequest.safeParse({ ...filled, userID: -7 }).success).toBe(false);
  });
});
