/**
 * How well the name a bank holds for an account matches the applicant's full name, 0 to 100 (issue 27; the
 * rule is written out in docs/decisions.md, "The name-match rule, threshold 75"). Pure: the same two names always give the same score.
 *
 * 1. Both names are upper-cased, accents dropped, and split into tokens at anything that is not a letter
 *    (spaces, dots, hyphens, commas, apostrophes): 'Abdul-Rahman O.' is ABDUL RAHMAN O.
 * 2. Titles (MR, MRS, DR, ALHAJI, CHIEF, …) are dropped; a name that is only a title keeps it.
 * 3. ABD/ABDUL/ABDEL joins the token after it (ABDUL RAHMAN = ABDULRAHMAN), then each token is put in its
 *    canonical form: a known variant (MOHAMMED, MOHAMMAD, MUHAMMED → MUHAMMAD; CHUKWUEMEKA → EMEKA …), and a
 *    Yoruba OLUWA- name its short form (OLUWASEUN → SEUN).
 * 4. Tokens are paired regardless of order: first equal tokens, then an initial (one letter) with a token
 *    of two letters or more that starts with it, then two equal initials.
 * 5. Score = 2 × matched ÷ (weight of the applicant's tokens + weight of the bank's tokens), as a percentage
 *    rounded down, where a token weighs 1 and an initial 0.5, an equal pair counts 1 and a pair with an
 *    initial counts 0.5. So the bank's extra middle initial costs little ('ADAEZE N. OKAFOR' for Adaeze Okafor:
 *    88), an extra middle name more (80), a different first name a lot (50).
 */
export function nameMatchScore(applicantName: string, accountName: string): number {
  const applicant = canonicalTokens(applicantName);
  const account = canonicalTokens(accountName);
  const total = weightOf(applicant) + weightOf(account);
  if (total === 0) return 0;
  const left = [...applicant];
  const right = [...account];
  let matched = 0;
  // Equal tokens first, so an initial never takes a token a full name would have matched.
  for (let i = left.length - 1; i >= 0; i--) {
    const j = right.indexOf(left[i]);
    if (j >= 0 && left[i].length > 1) {
      matched += 1;
      left.splice(i, 1);
      right.splice(j, 1);
    }
  }
  for (const [initials, names] of [
    [left, right],
    [right, left],
  ] as const) {
    for (let i = initials.length - 1; i >= 0; i--) {
      if (initials[i].length !== 1) continue;
      const j = names.findIndex((name) => name.length > 1 && name.startsWith(initials[i]));
      if (j >= 0) {
        matched += 0.5;
        initials.splice(i, 1);
        names.splice(j, 1);
      }
    }
  }
  for (let i = left.length - 1; i >= 0; i--) {
    const j = right.indexOf(left[i]);
    if (j >= 0) {
      matched += 0.5;
      left.splice(i, 1);
      right.splice(j, 1);
    }
  }
  return Math.floor((200 * matched) / total);
}

const weightOf = (tokens: readonly string[]) =>
  tokens.reduce((sum, token) => sum + (token.length === 1 ? 0.5 : 1), 0);

const TITLES = new Set([
  'MR',
  'MRS',
  'MS',
  'MISS',
  'DR',
  'PROF',
  'ENGR',
  'CHIEF',
  'ALHAJI',
  'ALHAJA',
  'ALH',
  'HAJIA',
  'PASTOR',
  'REV',
  'SIR',
]);

/** Prefixes written apart, hyphenated or joined: ABDUL RAHMAN, ABDUL-RAHMAN and ABDULRAHMAN are one name. */
const JOINING_PREFIXES = new Set(['ABD', 'ABDUL', 'ABDEL', 'ABDUR', 'ABDU']);

/** Spellings of one name, each to one canonical form. */
const VARIANTS: Readonly<Record<string, string>> = {
  ...spellings('MUHAMMAD', [
    'MOHAMMED',
    'MOHAMMAD',
    'MOHAMED',
    'MOHAMAD',
    'MUHAMMED',
    'MUHAMED',
    'MUHAMAD',
    'MOHAMMADU',
    'MUHAMMADU',
    'MAMMAN',
  ]),
  ...spellings('EMEKA', ['CHUKWUEMEKA']),
  ...spellings('CHUDI', ['CHUKWUDI']),
  ...spellings('NEDU', ['CHINEDU']),
  ...spellings('IBRAHIM', ['IBRAHEEM', 'IBRAHIMA']),
  ...spellings('YUSUF', ['YUSUPH', 'YUSSUF', 'YUSUFU', 'YOUSSOUF']),
  ...spellings('AISHA', ['AISHAT', 'AISHATU', 'AYISHA', 'AISAT', 'AYSHA']),
  ...spellings('FATIMA', ['FATIMAH', 'FATIMAT', 'FATIMATU', 'FATIMOH']),
  ...spellings('ABUBAKAR', ['ABUBAKR', 'ABUBAKARR', 'BAKAR']),
  ...spellings('SULEIMAN', ['SULAIMAN', 'SULEMAN', 'SULAIMON']),
  ...spellings('ABDULLAHI', ['ABDULLAH', 'ABDULAHI']),
  ...spellings('TUNDE', ['BABATUNDE']),
  ...spellings('NGOZI', ['NGOZICHUKWU']),
};

function spellings(canonical: string, others: string[]): Record<string, string> {
  return Object.fromEntries(others.map((other) => [other, canonical]));
}

function canonicalToken(token: string): string {
  const variant = VARIANTS[token];
  if (variant) return variant;
  // Yoruba: Oluwaseun is called Seun, Oluwatobi Tobi, Oluwafemi Femi.
  if (token.startsWith('OLUWA') && token.length >= 8) return token.slice('OLUWA'.length);
  return token;
}

export function canonicalTokens(name: string): string[] {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter(Boolean);
  const withoutTitles = words.filter((word) => !TITLES.has(word));
  const tokens = withoutTitles.length ? withoutTitles : words;
  const joined: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (JOINING_PREFIXES.has(tokens[i]) && i + 1 < tokens.length && tokens[i + 1].length > 1) {
      joined.push(tokens[i] + tokens[i + 1]);
      i++;
    } else {
      joined.push(tokens[i]);
    }
  }
  return joined.map(canonicalToken);
}
