import { startLine } from '../start-line';

test('the start line names the address the gateway really listens on and where its data is', () => {
  expect(startLine({ address: '127.0.0.1', port: 8080 }, { dataDir: '/srv/portal/data', port: 8080 })).toBe(
    'The portal is listening on http://127.0.0.1:8080 (embedded database, data in /srv/portal/data).',
  );
  expect(startLine({ address: '::', port: 80 }, { dataDir: '/d', port: 80 })).toBe(
    'The portal is listening on http://localhost:80 (every interface) (embedded database, data in /d).',
  );
});

test('on PostgreSQL the start line names the server and database, never the password or a data folder', () => {
  const line = startLine(
    { address: '::1', port: 8080 },
    {
      dataDir: '/srv/portal/data',
      port: 8080,
      databaseUrl: 'postgres://portal:secret@db.internal:5432/portal',
    },
  );
  expect(line).toBe('The portal is listening on http://[::1]:8080 (PostgreSQL at db.internal:5432/portal).');
});
