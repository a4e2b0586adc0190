import { PassThrough } from 'node:stream';
import { PromptCancelled, askHidden } from '../hidden-prompt';

/** A terminal: keys typed into it, raw mode switched on and off, and everything written to the screen. */
function terminal() {
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    modes: [] as boolean[],
    setRawMode(mode: boolean) {
      this.modes.push(mode);
      return this;
    },
  });
  const screen: string[] = [];
  const output = new PassThrough();
  output.on('data', (chunk: Buffer) => screen.push(chunk.toString()));
  return { input, output, screen: () => screen.join('') };
}

test('a password typed at a terminal is never written back, even after a backspace', async () => {
  const term = terminal();
  const answer = askHidden('Password: ', term.input, term.output);
  for (const key of ['A', 'd', 'm', 'x', '\u007f', 'i', 'n@12345', '\r']) term.input.write(key);
  expect(await answer).toBe('Admin@12345');
  expect(term.screen()).toBe('Password: \n');
  expect(term.input.modes).toEqual([true, false]);
});

test('Ctrl-C gives up without an answer and gives the terminal back', async () => {
  const term = terminal();
  const answer = askHidden('Password: ', term.input, term.output);
  term.input.write('secr\u0003');
  await expect(answer).rejects.toBeInstanceOf(PromptCancelled);
  expect(term.screen()).not.toContain('secr');
  expect(term.input.modes).toEqual([true, false]);
});
