import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * The least zxcvbn score a new password needs: 2 means an estimated 10^6 guesses or more. Every password of
 * zxcvbn-ts's common list (49,233 from breaches, ranked) is a dictionary match of at most its rank in guesses,
 * so each scores below 2 and is refused, as are repeats (`aaaaaaaa`), sequences, keyboard walks, and a common
 * word or password with digits, dates or l33t changes added (`password123`, `P@ssw0rd2024`).
 */
export const MIN_PASSWORD_SCORE = 2;

let estimator: Promise<ZxcvbnFactory> | undefined;

/** Loaded on the first password change, not at start: the dictionaries take ~90 ms and ~15 MB. */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ]);
    return new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
  })();
  return estimator;
}

/**
 * Is this password too common or too easy to guess? The user's email and name, and their parts, count as
 * words an attacker knows. Server only: the dictionaries would weigh far more than the update page's code.
 */
export async function isGuessablePassword(
  password: string,
  person?: { email: string; fullName: string },
): Promise<boolean> {
  const zxcvbn = await loadEstimator();
  const userInputs = person
    ? [person.email, ...person.email.split(/[@._+-]/), person.fullName, ...person.fullName.split(/\s+/)]
    : [];
  return (
    zxcvbn.check(
      password,
      userInputs.filter((word) => word.length >= 3),
    ).score < MIN_PASSWORD_SCORE
  );
}
