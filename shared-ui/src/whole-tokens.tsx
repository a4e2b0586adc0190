import { Fragment } from 'react';

// An e-mail address or an IPv4 address: a line break inside one reads as two things.
const TOKEN = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b\d{1,3}(?:\.\d{1,3}){3}\b)/;

/** Text in which e-mail and IP addresses never break across lines (a hyphen would otherwise allow it). */
export function WholeTokens({ text }: { text: string }) {
  return (
    <>
      {text.split(TOKEN).map((part, index) =>
        index % 2 === 1 ? (
          <span key={index} style={{ whiteSpace: 'nowrap' }}>
            {part}
          </span>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
