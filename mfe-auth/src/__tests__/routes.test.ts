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
