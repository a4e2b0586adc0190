import { Fragment } from 'react';

// An e-mail address, an IPv4 address or a date (yyyy-MM-dd): a line break inside one reads as two things.
const TOKEN = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b\d{1,3}(?:\.\d{1,3}){3}\b|\b\d{4}-\d{2}-\d{2}\b)/;

/** Text in which e-mail addresses, IP addresses and dates never break across lines (a hyphen would allow it). */
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
