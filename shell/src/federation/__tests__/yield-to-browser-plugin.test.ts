import yieldToBrowserPlugin from '../yield-to-browser-plugin';

type Hook = (args: object) => Promise<object>;

// Each hook must hand its arguments back unchanged, and only in a later task: resolved within the same task, the
// federation runtime's start-up would again be one long task (issue 26's Total Blocking Time).
test.each(['beforeLoadShare', 'afterResolve', 'beforeInitContainer'] as const)(
  '%s answers its arguments in a later task',
  async (name) => {
    const hook = yieldToBrowserPlugin()[name] as unknown as Hook;
    const args = { pkgName: 'react' };
    let answered: object | undefined;
    const answer = hook(args).then((value) => (answered = value));
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(answered).toBeUndefined();
    await answer;
    expect(answered).toBe(args);
  },
);
