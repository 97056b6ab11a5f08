import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import DOMPurify from 'dompurify';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_HTML_ATTRIBUTES, CONTENT_HTML_TAGS } from '../../../../../contracts/content/html-rules';
import './rich-text-field.css';

/**
 * A content field's HTML edited as formatted text (issue 27 item 13), with the HTML itself one
 * press away and a preview of the text as the portal shows it (the portal's `rich-text` styles, in
 * the post's language). The editor's schema holds only what the content service keeps (paragraphs,
 * two heading levels, bold, italic, underline, strike, lists, quotes, links, rules; no code or
 * images), so what staff see here is what is stored; the service still cleans every write (DEF-19).
 */
const PREVIEW_ATTRIBUTES = [...new Set(Object.values(CONTENT_HTML_ATTRIBUTES).flat())];

/** The field as the content service will keep it: only its tags and attributes, no script or handler even in staff's own view. */
const previewOf = (html: string): string => DOMPurify.sanitize(html, { ALLOWED_TAGS: [...CONTENT_HTML_TAGS], ALLOWED_ATTR: PREVIEW_ATTRIBUTES });

export function RichTextField({
  label,
  value,
  onChange,
  lang,
  testId,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  lang: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'visual' | 'html'>('visual');
  const id = useId();
  const preview = useMemo(() => previewOf(value), [value]);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', HTMLAttributes: { rel: null, target: null, class: null } },
      }),
    ],
    content: value,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', lang, class: 'rich-text bo-rich-text__editor' } },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });
  // Back from the HTML: the editor takes what was typed there.
  useEffect(() => {
    if (mode === 'visual' && editor && editor.getHTML() !== value && !(editor.isEmpty && value === ''))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [mode, editor, value]);

  return (
    <div className="bo-rich-text" data-testid={testId} role="group" aria-labelledby={`${id}-label`}>
      <div className="bo-rich-text__head">
        <span id={`${id}-label`} className="bo-rich-text__label">
          {label}
        </span>
        <div className="bo-rich-text__modes" role="tablist" aria-label={label}>
          <button type="button" role="tab" aria-selected={mode === 'visual'} onClick={() => setMode('visual')}>
            {t('bo.richText.visual')}
          </button>
          <button type="button" role="tab" aria-selected={mode === 'html'} onClick={() => setMode('html')}>
            {t('bo.richText.html')}
          </button>
        </div>
      </div>
      {mode === 'visual' ? (
        <>
          {editor ? <Toolbar editor={editor} /> : null}
          <EditorContent editor={editor} />
        </>
      ) : (
        <textarea
          aria-label={t('bo.richText.htmlOf', { field: label })}
          lang={lang}
          value={value}
          rows={6}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <section className="bo-rich-text__preview" aria-label={t('bo.richText.preview', { field: label })} data-testid={`${testId}-preview`}>
        <p className="bo-muted">{t('bo.richText.previewLead', { language: t(lang === 'mk' ? 'bo.richText.language.mk' : 'bo.richText.language.en') })}</p>
        <div className="rich-text" lang={lang} dangerouslySetInnerHTML={{ __html: preview }} />
      </section>
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const [linking, setLinking] = useState(false);
  const [address, setAddress] = useState('');
  const chain = () => editor.chain().focus();
  const buttons: { key: string; label: string; active: boolean; run: () => void }[] = [
    { key: 'bold', label: t('bo.richText.bold'), active: editor.isActive('bold'), run: () => chain().toggleBold().run() },
    { key: 'italic', label: t('bo.richText.italic'), active: editor.isActive('italic'), run: () => chain().toggleItalic().run() },
    { key: 'underline', label: t('bo.richText.underline'), active: editor.isActive('underline'), run: () => chain().toggleUnderline().run() },
    { key: 'h2', label: t('bo.richText.heading2'), active: editor.isActive('heading', { level: 2 }), run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', label: t('bo.richText.heading3'), active: editor.isActive('heading', { level: 3 }), run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'bullets', label: t('bo.richText.bulletList'), active: editor.isActive('bulletList'), run: () => chain().toggleBulletList().run() },
    { key: 'numbers', label: t('bo.richText.orderedList'), active: editor.isActive('orderedList'), run: () => chain().toggleOrderedList().run() },
  ];
  const applyLink = () => {
    const href = address.trim();
    if (href) chain().extendMarkRange('link').setLink({ href }).run();
    else chain().extendMarkRange('link').unsetLink().run();
    setLinking(false);
  };
  return (
    <div className="bo-rich-text__toolbar" role="toolbar" aria-label={t('bo.richText.toolbar')}>
      {buttons.map((button) => (
        <button
          key={button.key}
          type="button"
          className="bo-rich-text__tool"
          aria-pressed={button.active}
          onMouseDown={(event) => event.preventDefault()}
          onClick={button.run}
        >
          {button.label}
        </button>
      ))}
      <button
        type="button"
        className="bo-rich-text__tool"
        aria-pressed={editor.isActive('link')}
        aria-expanded={linking}
        onClick={() => {
          setAddress(String(editor.getAttributes('link').href ?? ''));
          setLinking(!linking);
        }}
      >
        {t('bo.richText.link')}
      </button>
      {linking ? (
        <span className="bo-rich-text__link">
          <input
            aria-label={t('bo.richText.linkAddress')}
            value={address}
            placeholder="https://"
            onChange={(event) => setAddress(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyLink();
              }
            }}
          />
          <button type="button" className="bo-rich-text__tool" onClick={applyLink}>
            {t('bo.richText.applyLink')}
          </button>
        </span>
      ) : null}
    </div>
  );
}
