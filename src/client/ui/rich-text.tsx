// Rich text (SPEC §9: Quill 2, snow theme); Quill and its CSS load on first use so they never weigh on the first page.

import type QuillType from 'quill';
import { useEffect, useRef, useState } from 'react';
import { type FieldProps, FormField, fieldId, useField } from './form-field';
import { ReadOnlyText } from './read-only-text';
import { sanitizeRichText } from './sanitize-html';

export const RICH_TEXT_FORMATS = ['bold', 'header', 'italic', 'strike', 'list', 'underline'];
// Header as two buttons rather than Quill's picker: the picker's hidden options stay focusable (an axe violation).
const TOOLBAR = [
  [{ header: 1 }, { header: 2 }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
];
const BUTTON_LABELS: Record<string, string> = {
  'header: 1': 'Heading 1',
  'header: 2': 'Heading 2',
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strike: 'Strikethrough',
  'list: ordered': 'Numbered list',
  'list: bullet': 'Bulleted list',
};

type QuillClass = typeof QuillType;
let loading: Promise<QuillClass> | null = null;

/** Loads Quill and the snow theme CSS once. */
export function loadQuill(): Promise<QuillClass> {
  loading ??= Promise.all([import('quill'), import('quill/dist/quill.snow.css')]).then(([m]) => m.default);
  return loading;
}

/** An empty editor holds one empty paragraph: store it as ''. */
function toValue(html: string): string {
  return /^(<p>(<br>)?<\/p>)*$/.test(html.trim()) ? '' : html;
}

export type RichTextProps = FieldProps & {
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  id?: string;
  /** Editor height in pixels (default 150). */
  height?: number;
};

function Editor(props: RichTextProps & { id: string }) {
  const field = useField();
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<QuillType | null>(null);
  const last = useRef(props.value);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const [ready, setReady] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; value and disabled are synced below
  useEffect(() => {
    let cancelled = false;
    void loadQuill().then((Quill) => {
      if (cancelled || !host.current) return;
      // Quill adds its toolbar beside its container: both go inside an element whose children are never rendered
      // here, so no render of this component compares or moves nodes it did not make.
      const container = document.createElement('div');
      container.style.height = `${props.height ?? 150}px`;
      host.current.replaceChildren(container);
      const editor = new Quill(container, {
        theme: 'snow',
        formats: RICH_TEXT_FORMATS,
        modules: { toolbar: TOOLBAR },
        placeholder: props.placeholder,
        readOnly: props.disabled,
      });
      editor.setContents(editor.clipboard.convert({ html: props.value }), 'silent');
      const toolbar = host.current.querySelector('.ql-toolbar');
      for (const button of toolbar?.querySelectorAll('button') ?? []) {
        const label = BUTTON_LABELS[button.getAttribute('aria-label') ?? ''];
        if (label) button.setAttribute('aria-label', label);
      }
      editor.on('text-change', () => {
        // Quill 2 writes every space as &nbsp; in its semantic HTML; store plain spaces.
        const html = toValue(editor.getSemanticHTML().replace(/&nbsp;/g, ' '));
        last.current = html;
        field?.markChanged();
        onChange.current(html);
      });
      quill.current = editor;
      setReady(true);
    });
    return () => {
      cancelled = true;
      quill.current = null;
    };
  }, []);

  // Outside changes (form reset, server data) replace the content; our own echoes are ignored.
  useEffect(() => {
    const editor = quill.current;
    if (!editor || props.value === last.current) return;
    last.current = props.value;
    editor.setContents(editor.clipboard.convert({ html: props.value }), 'silent');
  }, [props.value]);
  useEffect(() => {
    quill.current?.enable(!props.disabled);
  }, [props.disabled]);
  // The editable area is Quill's own element: give it the textbox role, name and description.
  useEffect(() => {
    const root = quill.current?.root;
    if (!root || !ready) return;
    root.id = props.id;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-labelledby', `${props.id}-label`);
    const described = field?.describedBy;
    if (described) root.setAttribute('aria-describedby', described);
    else root.removeAttribute('aria-describedby');
    if (field?.invalid) root.setAttribute('aria-invalid', 'true');
    else root.removeAttribute('aria-invalid');
  }, [ready, props.id, field?.describedBy, field?.invalid]);

  return (
    <div
      className={`sd-rich-text ${field?.invalid ? 'is-invalid border border-danger rounded' : ''}`}
      data-ready={ready}
    >
      {ready ? null : (
        <div className="form-control text-body-secondary" style={{ height: (props.height ?? 150) + 42 }}>
          Loading editor…
        </div>
      )}
      <div ref={host} style={{ display: ready ? undefined : 'none' }} />
    </div>
  );
}

/** An editor's empty document ("<p><br></p>") or markup without text. */
const richTextIsEmpty = (html: string | null | undefined) =>
  !html ||
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '';

export function RichText(props: RichTextProps) {
  const id = fieldId(props.name, props.id);
  return (
    <FormField {...props} id={id} labelFor={false}>
      {props.readOnly && richTextIsEmpty(props.value) ? (
        <ReadOnlyText id={id} value="" />
      ) : props.readOnly ? (
        <div
          id={id}
          role="document"
          aria-labelledby={`${id}-label`}
          className="form-control-plaintext sd-rich-text-view"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: only the editor's own tags survive sanitizeRichText
          dangerouslySetInnerHTML={{ __html: sanitizeRichText(props.value) }}
        />
      ) : (
        <Editor {...props} id={id} />
      )}
    </FormField>
  );
}
