import { notificationPlainText } from '@portal/contracts';

/** How many characters of a message the list shows; the full text is in its tooltip. */
export const MESSAGE_PREVIEW_LENGTH = 60;

export interface MessagePreview {
  full: string;
  shown: string;
  truncated: boolean;
}

/** The list's Message column: the text of the HTML, cut at a word near the limit with an ellipsis. */
export function messagePreview(html: string, limit = MESSAGE_PREVIEW_LENGTH): MessagePreview {
  const full = notificationPlainText(html);
  if (full.length <= limit) return { full, shown: full, truncated: false };
  const cut = full.slice(0, limit);
  const atWord = cut.lastIndexOf(' ');
  return { full, shown: `${(atWord > limit / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`, truncated: true };
}
