/**
 * Issue 52: a password asked at a terminal is never shown. readline echoes every key it is given (overriding its
 * private `_writeToOutput` stopped working once Node moved that method behind a symbol, and never covered the
 * redraw after a backspace), so the terminal is put in raw mode and the keys are read here, writing nothing back:
 * Enter ends the answer, Backspace takes the last character away, Ctrl-C and Ctrl-D give up.
 */
export interface PromptInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

export class PromptCancelled extends Error {
  constructor() {
    super('Cancelled.');
  }
}

export function askHidden(
  question: string,
  input: PromptInput = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
): Promise<string> {
  output.write(question);
  const raw = Boolean(input.isTTY && input.setRawMode);
  if (raw) input.setRawMode!(true);
  input.resume();
  return new Promise<string>((resolve, reject) => {
    let answer = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      if (raw) input.setRawMode!(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(answer.trim());
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || char === '\u0004') return finish(new PromptCancelled());
        if (char === '\u007f' || char === '\b') answer = [...answer].slice(0, -1).join('');
        else if (char >= ' ') answer += char;
      }
    };
    input.on('data', onData);
  });
}
