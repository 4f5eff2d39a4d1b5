import { Extension } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { Button, Toolbar, ToggleButton } from 'react-aria-components';
import type { ApiPageItem } from '../choosers/page-chooser';
import type { ChooserItem } from '../choosers/types';
import { RICH_TEXT_ICONS } from '../../../shared/admin/icons';
import { Icon } from '../../../views/admin/Icon';
import { richTextExtensions } from './extensions';
import { LinkDialog } from './LinkDialog';

export type RichTextEditorProps = {
  /** The editable area's id (the field label's `for` and `aria-labelledby` point at it). */
  id: string;
  labelId: string;
  label: string;
  describedBy?: string;
  invalid: boolean;
  value: string;
  onChange(html: string): void;
};

type Format = {
  name: keyof typeof RICH_TEXT_ICONS;
  label: string;
  /** TipTap's own key binding for the format (StarterKit's defaults), announced and shown in the tooltip. */
  shortcut: string;
  isActive(editor: Editor): boolean;
  toggle(editor: Editor): void;
};

const FORMATS: Format[] = [
  {
    name: 'bold',
    label: 'Bold',
    shortcut: 'Control+B',
    isActive: (e) => e.isActive('bold'),
    toggle: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    name: 'italic',
    label: 'Italic',
    shortcut: 'Control+I',
    isActive: (e) => e.isActive('italic'),
    toggle: (e) => e.chain().focus().toggleItalic().run(),
  },
  ...([2, 3, 4] as const).map((level) => ({
    name: `h${level}` as const,
    label: `Heading ${level}`,
    shortcut: `Control+Alt+${level}`,
    isActive: (e: Editor) => e.isActive('heading', { level }),
    toggle: (e: Editor) => e.chain().focus().toggleHeading({ level }).run(),
  })),
  {
    name: 'bulletList',
    label: 'Bulleted list',
    shortcut: 'Control+Shift+8',
    isActive: (e) => e.isActive('bulletList'),
    toggle: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    name: 'orderedList',
    label: 'Numbered list',
    shortcut: 'Control+Shift+7',
    isActive: (e) => e.isActive('orderedList'),
    toggle: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    name: 'blockquote',
    label: 'Quote',
    shortcut: 'Control+Shift+B',
    isActive: (e) => e.isActive('blockquote'),
    toggle: (e) => e.chain().focus().toggleBlockquote().run(),
  },
];

/**
 * The rich text field (TipTap on ProseMirror), loaded on demand by RichTextField. It edits the
 * same HTML string the JSON fallback holds; the server sanitises it on save with the one
 * allow-list, which the editor's schema stays within (./extensions.ts).
 */
export default function RichTextEditor({
  id,
  labelId,
  label,
  describedBy,
  invalid,
  value,
  onChange,
}: RichTextEditorProps) {
  const [linkOpen, setLinkOpen] = useState(false);
  const onChangeRef = useRef(onChange);
  const openLinkRef = useRef(() => setLinkOpen(true));
  const refocus = useRef(false);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const attributes = (): Record<string, string> => ({
    id,
    'aria-labelledby': labelId,
    'aria-multiline': 'true',
    class: 'admin-rich-text__content',
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
  });

  const editor = useEditor({
    extensions: [
      ...richTextExtensions(),
      // Control/Cmd+K opens the link dialog, as in Wagtail's editor.
      Extension.create({
        name: 'linkShortcut',
        addKeyboardShortcuts: () => ({ 'Mod-k': () => (openLinkRef.current(), true) }),
      }),
    ],
    content: value,
    // The CSP allows no inline <style>; the editor's few rules are in rich-text.css.
    injectCSS: false,
    editorProps: { attributes: attributes() },
    onUpdate: ({ editor: e }) => onChangeRef.current(e.isEmpty ? '' : e.getHTML()),
  });

  const describedKey = `${describedBy ?? ''}|${invalid}`;
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: attributes() } });
    // attributes() reads only the props in describedKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, describedKey]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      formats: Object.fromEntries(FORMATS.map((format) => [format.name, format.isActive(e)])),
      link: e.isActive('link')
        ? {
            href: String(e.getAttributes('link').href ?? ''),
            pageId: (e.getAttributes('link').pageId as number | null) ?? null,
          }
        : null,
    }),
  });

  // Back to the text once the link dialog has gone (its focus scope would otherwise pull focus back).
  useEffect(() => {
    if (!linkOpen && refocus.current) {
      refocus.current = false;
      editor.commands.focus();
    }
  }, [linkOpen, editor]);

  const applyLink = (href: string, pageId: number | null, text: string) => {
    refocus.current = true;
    const attrs = { href, pageId } as { href: string };
    if (editor.state.selection.empty && !editor.isActive('link')) {
      editor
        .chain()
        .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs }] })
        .run();
    } else {
      editor.chain().extendMarkRange('link').setLink(attrs).run();
    }
  };

  return (
    <div className={`admin-rich-text${invalid ? ' admin-rich-text--error' : ''}`}>
      <Toolbar className="admin-rich-text__toolbar" aria-label={`${label}: formatting`}>
        {FORMATS.map((format) => (
          <ToggleButton
            key={format.name}
            className="admin-rich-text__tool"
            data-format={format.name}
            isSelected={active.formats[format.name] ?? false}
            onChange={() => format.toggle(editor)}
            ref={keyShortcuts(format.shortcut)}
          >
            <ToolFace icon={RICH_TEXT_ICONS[format.name]} label={format.label} shortcut={format.shortcut} />
          </ToggleButton>
        ))}
        <Button
          className="admin-rich-text__tool"
          data-format="link"
          onPress={() => setLinkOpen(true)}
          ref={keyShortcuts('Control+K')}
        >
          <ToolFace icon={RICH_TEXT_ICONS.link} label={active.link ? 'Edit link' : 'Link'} shortcut="Control+K" />
        </Button>
      </Toolbar>
      <EditorContent editor={editor} className="admin-rich-text__area" />
      <LinkDialog
        isOpen={linkOpen}
        onOpenChange={(open) => {
          if (!open) refocus.current = true;
          setLinkOpen(open);
        }}
        current={active.link}
        onSaveUrl={(href) => applyLink(href, null, href)}
        onChoosePage={(item: ChooserItem) => {
          const page = item.record as ApiPageItem;
          applyLink(page.meta.html_url ?? '/', page.id, page.title);
        }}
        onRemove={() => {
          refocus.current = true;
          editor.chain().extendMarkRange('link').unsetLink().run();
        }}
      />
    </div>
  );
}

/**
 * Announces a tool's shortcut (aria-keyshortcuts). react-aria's buttons drop that attribute from
 * their props, so it is set on the element once it exists.
 */
const keyShortcuts = (shortcut: string) => (element: HTMLButtonElement | null) =>
  element?.setAttribute('aria-keyshortcuts', shortcut);

/** "Control+Shift+8" as people read it: "Ctrl+Shift+8". */
const readable = (shortcut: string) => shortcut.replace('Control', 'Ctrl');

/**
 * A tool's face: its icon, its name for assistive technology, and the name with its shortcut as
 * a tooltip (what a sighted mouse user needs to learn the keys).
 */
function ToolFace({
  icon,
  label,
  shortcut,
}: {
  icon: Parameters<typeof Icon>[0]['name'];
  label: string;
  shortcut: string;
}) {
  return (
    <span className="admin-rich-text__face" title={`${label} (${readable(shortcut)})`}>
      <Icon name={icon} size={18} />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
