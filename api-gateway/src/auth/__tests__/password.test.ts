import { generateTemporaryPassword, hashPassword, passwordNeedsRehash, verifyPassword } from '../password';

test('argon2id with m=19456 KiB, t=2, p=1; verify tells right from wrong and never throws', async () => {
  const hash = await hashPassword('correct horse');
  expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(await verifyPassword(hash, 'correct horse')).toBe(true);
  expect(await verifyPassword(hash, 'correct horsE')).toBe(false);
  expect(await verifyPassword('not a hash', 'x')).toBe(false);
  expect(passwordNeedsRehash(hash)).toBe(false);
  expect(passwordNeedsRehash('$argon2id$v=19$m=4096,t=3,p=1$c29tZXNhbHQ$aGFzaGhhc2hoYXNoaGFzaA')).toBe(true);
});

test('temporary passwords: 12 characters, every class, no look-alikes, all different', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 500; i++) {
    const password = generateTemporaryPassword();
    expect(password).toHaveLength(12);
    expect(password).toMatch(/[A-Z]/);
    expect(password).toMatch(/[a-z]/);
    expect(password).toMatch(/[2-9]/);
    expect(password).toMatch(/[@#$%*]/);
    expect(password).not.toMatch(/[0O1lI]/);
    seen.add(password);
  }
  expect(seen.size).toBe(500);
});
