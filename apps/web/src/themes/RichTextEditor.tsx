import { RICH_TEXT_DEBOUNCE_MS, richTextValue } from '@assent/core/theme';
import { Button, ButtonGroup } from '@blueprintjs/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { RICH_TEXT_BUTTONS as B } from './copy';

interface RichTextEditorProps {
  id: string;
  /** The accessible name of the editable area. */
  label: string;
  /** HTML; '' when empty. */
  value: string;
  invalid?: boolean;
  disabled?: boolean;
  /** Called 100 ms after typing stops, with '' when the editor holds no text. */
  onChange: (html: string) => void;
}

/**
 * The Do Not Sell body: TipTap (ProseMirror) with bold, italic, underline, bulleted and numbered
 * lists and http(s) links, nothing else. The server refuses script in the HTML it produces and
 * stores core's sanitised copy (`themeForStorage`); the banner never parses HTML.
 */
export default function RichTextEditor({
  id,
  label,
  value,
  invalid = false,
  disabled = false,
  onChange,
}: RichTextEditorProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: {
          openOnClick: false,
          autolink: false,
          protocols: ['http', 'https'],
          isAllowedUri: (url) => /^https?:\/\//i.test(url),
        },
      }),
    ],
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        'aria-invalid': String(invalid),
        class: 'assent-rich-text-content',
      },
    },
    onUpdate: ({ editor: e }) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => onChangeRef.current(richTextValue(e.getHTML())),
        RICH_TEXT_DEBOUNCE_MS,
      );
    },
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);
  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        attributes: {
          id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': label,
          'aria-invalid': String(invalid),
          class: 'assent-rich-text-content',
        },
      },
    });
  }, [editor, id, label, invalid]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });

  const setLink = () => {
    if (!editor) return;
    if (editor.isActive('link')) {
      editor.chain().focus().unsetLink().run();
      return;
    }
    const url = window.prompt(B.linkPrompt, 'https://');
    if (!url || !/^https?:\/\//i.test(url.trim())) return;
    editor.chain().focus().extendMarkRange('link').setLink({ href: url.trim() }).run();
  };

  const tool = (name: keyof typeof B & keyof NonNullable<typeof active>, run: () => void) => (
    <Button
      key={name}
      size="small"
      variant="minimal"
      text={B[name]}
      aria-pressed={active?.[name] ?? false}
      active={active?.[name] ?? false}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    />
  );

  return (
    <div className={`assent-rich-text${invalid ? ' assent-rich-text-invalid' : ''}`}>
      <ButtonGroup className="assent-rich-text-toolbar" role="toolbar" aria-label={label}>
        {tool('bold', () => editor?.chain().focus().toggleBold().run())}
        {tool('italic', () => editor?.chain().focus().toggleItalic().run())}
        {tool('underline', () => editor?.chain().focus().toggleUnderline().run())}
        {tool('bulletList', () => editor?.chain().focus().toggleBulletList().run())}
        {tool('orderedList', () => editor?.chain().focus().toggleOrderedList().run())}
        {tool('link', setLink)}
      </ButtonGroup>
      <EditorContent editor={editor} />
    </div>
  );
}
