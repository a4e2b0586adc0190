import { BANK_NAME_MATCH_THRESHOLD } from '@portal/contracts';
import { canonicalTokens, nameMatchScore } from '../name-match';

const passes = (applicant: string, account: string) =>
  nameMatchScore(applicant, account) >= BANK_NAME_MATCH_THRESHOLD;

describe('nameMatchScore', () => {
  test('the same name scores 100 whatever the case, spacing and punctuation', () => {
    expect(nameMatchScore('Adaeze Okafor', 'ADAEZE OKAFOR')).toBe(100);
    expect(nameMatchScore('  adaeze   okafor ', 'Adaeze, Okafor.')).toBe(100);
  });

  test('token order does not matter: banks often put the surname first', () => {
    expect(nameMatchScore('Adaeze Ngozi Okafor', 'OKAFOR ADAEZE NGOZI')).toBe(100);
  });

  test("the bank's extra middle initial costs little and still passes", () => {
    expect(nameMatchScore('Adaeze Okafor', 'ADAEZE N. OKAFOR')).toBe(88);
    expect(passes('Adaeze Okafor', 'ADAEZE N. OKAFOR')).toBe(true);
  });

  test('an initial matches the full name it abbreviates, either way round', () => {
    expect(nameMatchScore('Adaeze Ngozi Okafor', 'ADAEZE N. OKAFOR')).toBe(90);
    expect(nameMatchScore('A. N. Okafor', 'ADAEZE NGOZI OKAFOR')).toBe(80);
    expect(nameMatchScore('Adaeze N Okafor', 'ADAEZE N OKAFOR')).toBe(100);
  });

  test('an extra middle name on one side passes; a different first name does not', () => {
    expect(nameMatchScore('Adaeze Okafor', 'ADAEZE NGOZI OKAFOR')).toBe(80);
    expect(passes('Adaeze Okafor', 'ADAEZE NGOZI OKAFOR')).toBe(true);
    expect(nameMatchScore('Adaeze Okafor', 'CHIOMA OKAFOR')).toBe(50);
    expect(passes('Adaeze Okafor', 'CHIOMA OKAFOR')).toBe(false);
  });

  test('someone else entirely scores 0', () => {
    expect(nameMatchScore('Adaeze Okafor', 'JOHN SMITH')).toBe(0);
    // One matching initial alone stays far below the threshold.
    expect(nameMatchScore('Ada Obi', 'A. B. CD')).toBe(25);
  });

  test('Mohammed, Muhammad, Mohammad and the other spellings are one name', () => {
    for (const spelling of ['Mohammed', 'Muhammad', 'Mohammad', 'Mohamed', 'Muhammed']) {
      expect(nameMatchScore(`${spelling} Bello`, 'MUHAMMAD BELLO')).toBe(100);
      expect(nameMatchScore('Bello Mohammed', `${spelling.toUpperCase()} BELLO`)).toBe(100);
    }
  });

  test('Oluwaseun is Seun, Chukwuemeka is Emeka, and other short forms', () => {
    expect(nameMatchScore('Seun Adeyemi', 'OLUWASEUN ADEYEMI')).toBe(100);
    expect(nameMatchScore('Oluwatobi Bakare', 'TOBI BAKARE')).toBe(100);
    expect(nameMatchScore('Emeka Eze', 'CHUKWUEMEKA EZE')).toBe(100);
    expect(nameMatchScore('Tunde Bakare', 'BABATUNDE BAKARE')).toBe(100);
    expect(nameMatchScore('Ibrahim Yusuf', 'IBRAHEEM YUSUPH')).toBe(100);
  });

  test('Abdul- names match written apart, hyphenated or joined', () => {
    expect(nameMatchScore('Abdul-Rahman Sani', 'ABDULRAHMAN SANI')).toBe(100);
    expect(nameMatchScore('Abdul Rahman Sani', 'ABDUL-RAHMAN SANI')).toBe(100);
    expect(nameMatchScore('Abdulrahman Sani', 'SANI ABDUL RAHMAN')).toBe(100);
  });

  test('hyphenated double-barrelled surnames are their parts', () => {
    expect(nameMatchScore('Ngozi Okonjo-Iweala', 'NGOZI OKONJO IWEALA')).toBe(100);
  });

  test('titles are ignored; accents are dropped', () => {
    expect(nameMatchScore('Bello Musa', 'ALHAJI MUSA BELLO')).toBe(100);
    expect(nameMatchScore('Mrs Adaeze Okafor', 'ADAEZE OKAFOR')).toBe(100);
    expect(nameMatchScore('Adébáyọ̀ Ọlá', 'ADEBAYO OLA')).toBe(100);
  });

  test('empty or letterless names score 0 and never throw', () => {
    expect(nameMatchScore('', 'ADAEZE OKAFOR')).toBe(0);
    expect(nameMatchScore('Adaeze', '')).toBe(0);
    expect(nameMatchScore('123 !!', '...')).toBe(0);
  });

  test('is symmetric and stays between 0 and 100', () => {
    const names = [
      'Adaeze Okafor',
      'ADAEZE N. OKAFOR',
      'Mohammed Bello',
      'A B',
      'Seun',
      'Mr',
      'x'.repeat(500),
    ];
    for (const a of names) {
      for (const b of names) {
        const score = nameMatchScore(a, b);
        expect(score).toBe(nameMatchScore(b, a));
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
      }
    }
  });
});

describe('canonicalTokens', () => {
  test('splits at dots, hyphens and spaces and keeps a name that is only a title', () => {
    expect(canonicalTokens('Abdul-Rahman O. Bello-Musa')).toEqual(['ABDULRAHMAN', 'O', 'BELLO', 'MUSA']);
    expect(canonicalTokens('Chief')).toEqual(['CHIEF']);
  });
});
