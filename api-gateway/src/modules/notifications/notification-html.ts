import sanitizeHtml from 'sanitize-html';

/** A CSS colour as Quill's colour pickers write it: #hex, rgb()/rgba() or a colour name; nothing with url(). */
const COLOUR =
  /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)|[a-z]{3,20})$/i;

/**
 * The allow-list of the notification editor's toolbar (spec §9), in the HTML Quill 2 writes: bold, italic,
 * underline, strike; blockquote; headers; lists (Quill 2 writes every list as <ol> with li[data-list] and a
 * span.ql-ui marker); alignment, indent, size and font as Quill's ql-* classes; colour and background as
 * inline styles. Everything else is dropped: no links, images, scripts, event handlers, style sheets or URLs
 * of any kind (no attribute that could carry one is allowed), so a `javascript:` link cannot survive.
 */
export const NOTIFICATION_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ol',
    'ul',
    'li',
    'span',
  ],
  allowedAttributes: {
    li: ['data-list'],
    '*': ['style'],
  },
  allowedClasses: {
    '*': [
      'ql-align-center',
      'ql-align-right',
      'ql-align-justify',
      /^ql-indent-[1-8]$/,
      'ql-size-small',
      'ql-size-large',
      'ql-size-huge',
      'ql-font-serif',
      'ql-font-monospace',
    ],
    span: ['ql-ui'],
  },
  allowedStyles: {
    '*': {
      color: [COLOUR],
      'background-color': [COLOUR],
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  transformTags: {
    // Only Quill's two list kinds; any other value goes with its attribute.
    li: (tagName, attribs) => {
      const { 'data-list': kind, ...rest } = attribs;
      return {
        tagName,
        attribs: kind === 'ordered' || kind === 'bullet' ? { 'data-list': kind, ...rest } : rest,
      };
    },
  },
  allowedSchemes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Their content is code or markup, not text a reader should see.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'iframe',
    'object',
    'svg',
    'math',
    'xmp',
  ],
};

/** Notification HTML made safe: on save, and again on display (DESIGN §4). */
export function sanitizeNotificationHtml(html: string): string {
  return sanitizeHtml(html, NOTIFICATION_HTML).trim();
}
