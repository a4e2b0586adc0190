import { useEffect, useRef } from 'react';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import styles from './notifications-page.module.css';

/** Spec §9: bold, italic, underline, strike, quotes, alignment, headers, lists, indent, size, colour, font. */
export const NOTIFICATION_TOOLBAR = [
  [{ font: [] }, { size: ['small', false, 'large', 'huge'] }],
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  ['blockquote'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ indent: '-1' }, { indent: '+1' }],
  [{ align: [] }],
];

const PICKER_NAMES: Record<string, string> = {
  'ql-font': 'Font',
  'ql-size': 'Size',
  'ql-header': 'Heading',
  'ql-color': 'Text colour',
  'ql-background': 'Background colour',
  'ql-align': 'Alignment',
};

/** Quill's pickers are spans with role="button" and no name; screen readers need one (axe: button-name). */
function namePickers(toolbar: Element): void {
  toolbar.querySelectorAll('.ql-picker').forEach((picker) => {
    const kind = Object.keys(PICKER_NAMES).find((name) => picker.classList.contains(name));
    const name = kind ? PICKER_NAMES[kind] : 'Format';
    picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', name);
    picker.querySelectorAll('.ql-picker-item').forEach((item) => {
      const value = item.getAttribute('data-label') ?? item.getAttribute('data-value') ?? 'Normal';
      item.setAttribute('aria-label', `${name}: ${value}`);
    });
  });
}

export interface RichTextEditorProps {
  /** The HTML to start from (sanitised by the server); read once when the editor is made. */
  initialHtml: string;
  /** Quill's HTML after each change; '' when the editor is empty. */
  onChange(html: string): void;
  /** The id of the element that names the editor (its label). */
  labelledBy: string;
  invalid?: boolean;
  describedBy?: string;
}

/** The notification editor: Quill (snow theme), 150 px high (spec §9). Its code loads with the dialog only. */
export default function RichTextEditor({
  initialHtml,
  onChange,
  labelledBy,
  invalid = false,
  describedBy,
}: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const initial = useRef(initialHtml);

  useEffect(() => {
    const container = host.current;
    if (!container) return undefined;
    const mount = document.createElement('div');
    container.appendChild(mount);
    const quill = new Quill(mount, { theme: 'snow', modules: { toolbar: NOTIFICATION_TOOLBAR } });
    if (initial.current) quill.clipboard.dangerouslyPasteHTML(initial.current, 'silent');
    const toolbar = container.querySelector('.ql-toolbar');
    if (toolbar) {
      toolbar.setAttribute('role', 'toolbar');
      toolbar.setAttribute('aria-label', 'Message formatting');
      namePickers(toolbar);
    }
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    quill.root.setAttribute('aria-labelledby', labelledBy);
    quill.on('text-change', () => {
      latestOnChange.current(quill.getText().trim() ? quill.root.innerHTML : '');
    });
    return () => {
      container.innerHTML = '';
    };
  }, [labelledBy]);

  useEffect(() => {
    const root = host.current?.querySelector('.ql-editor');
    if (!root) return;
    root.setAttribute('aria-invalid', String(invalid));
    if (describedBy) root.setAttribute('aria-describedby', describedBy);
    else root.removeAttribute('aria-describedby');
  }, [invalid, describedBy]);

  return <div ref={host} className={`${styles.editor} ${invalid ? styles.editorInvalid : ''}`} />;
}
