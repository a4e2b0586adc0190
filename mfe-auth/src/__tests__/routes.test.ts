import routes from '../routes';

describe('mfe-auth routes', () => {
  it('offers exactly the auth routes the shell maps to this remote, each lazily loaded', () => {
    expect(routes.map((route) => route.path)).toEqual([
      'login',
      'register',
      'update-password',
      'two-step-setup',
    ]);
    for (const route of routes) {
      expect(route.title).not.toBe('');
      expect((route.Component as { $$typeof?: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    }
  });
});

describe('the registration page', () => {
  it('loads in steps and ends with the page itself', async () => {
    const { loadRegisterPage } = await import('../routes');
    const { RegisterPage } = await import('../pages/register/register-page');
    const loaded = await loadRegisterPage();
    expect(loaded.default).toBe(RegisterPage);
  });
});
