import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/contracts';
import { isGuessablePassword } from '../password-policy';

// ASVS 5 (V6.2): at least the 10,000 most common passwords are refused. An entry of the list is a dictionary
// match costing at most its rank in guesses, so all are refused by construction; this checks every fifth of
// those the length rule lets through (all 17,950 of the whole list were checked once: docs/decisions.md).
test('the 10,000 most common passwords that the length rule lets through are refused', async () => {
  const top = dictionary['passwords-common'].slice(0, 10_000);
  expect(top).toHaveLength(10_000);
  const allowedByLength = top.filter(
    (password) => password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
  );
  expect(allowedByLength.length).toBeGreaterThan(3_000);
  const accepted: string[] = [];
  for (const password of allowedByLength.filter((_, index) => index % 5 === 0)) {
    if (!(await isGuessablePassword(password))) accepted.push(password);
  }
  expect(accepted).toEqual([]);
});

test.each(['Seven ferries wait at dawn', 'plain words only', 'Kxq7#mW2pLz9', 'Brand-New-Pass1'])(
  '%j is accepted',
  async (password) => {
    expect(await isGuessablePassword(password)).toBe(false);
  },
);

test("the person's own name and email count as known words", async () => {
  const person = { email: 'chioma.okafor@example.com', fullName: 'Chioma Okafor' };
  expect(await isGuessablePassword('chioma.okafor@example.com', person)).toBe(true);
  expect(await isGuessablePassword('ChiomaOkafor', person)).toBe(true);
  expect(await isGuessablePassword('ChiomaOkafor')).toBe(false);
});
