import { useCallback, useEffect, useRef, useState } from 'react';
import { HEADER_SECTION_ROLES } from '../../../shared/schemas/navigation';
import { outlineOfRows, type MenuLinkRow } from '../../../shared/schemas/menu-outline';
import { LinkList, type ListContext } from './LinkList';
import { emptySection, moved, plainRows, type SectionRow } from './rows';

const ROLE_LABELS: Record<string, string> = {
  primary: 'Primary (the main menu)',
  secondary: 'Secondary',
  'social-media-row': 'Social media row',
};

/** Blank rows (no name, no page, no address) are left out of what is posted, like blank selects. */
const blank = (row: MenuLinkRow) => !row.label.trim() && !row.url.trim() && row.page === null;
function postedOutline(rows: readonly SectionRow[]): string {
  const prune = (links: MenuLinkRow[]): MenuLinkRow[] =>
    links.flatMap((link) => {
      const children = prune(link.children);
      return blank(link) && children.length === 0 ? [] : [{ ...link, children }];
    });
  return outlineOfRows(plainRows(rows).map((section) => ({ ...section, links: prune(section.links) })));
}

const sectionName = (section: SectionRow, index: number) =>
  `section ${index + 1}${section.title ? ` “${section.title}”` : ''}`;

/**
 * The header menu as a structured list: sections (role and title), their links and the links
 * under those, each added, removed and reordered with buttons (or dragged). Every change writes
 * the outline back into the form's textarea, which is what the form posts.
 */
export function MenuEditor({ initial, onChange }: { initial: SectionRow[]; onChange(outline: string): void }) {
  const [rows, setRows] = useState(initial);
  const [announcement, setAnnouncement] = useState('');
  const [titles, setTitles] = useState<ReadonlyMap<number, string>>(new Map());
  const pendingFocus = useRef<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const selector = pendingFocus.current;
    if (!selector) return;
    pendingFocus.current = null;
    root.current?.querySelector<HTMLElement>(selector)?.focus();
  });

  const change = (next: SectionRow[]) => {
    setRows(next);
    onChange(postedOutline(next));
  };
  const context: ListContext = {
    announce: setAnnouncement,
    focusLater: useCallback((selector: string) => {
      pendingFocus.current = selector;
    }, []),
    pageTitles: titles,
    rememberPage: (id, title) => setTitles((old) => new Map(old).set(id, title)),
  };
  const update = (index: number, patch: Partial<SectionRow>) =>
    change(rows.map((row, i) => (i === index ? { ...row, ...patch, error: undefined } : row)));
  const move = (index: number, by: number) => {
    const section = rows[index]!;
    change(moved(rows, index, by));
    const position = index + by + 1;
    setAnnouncement(`Moved ${sectionName(section, index)} to position ${position} of ${rows.length}.`);
    const edge = (by < 0 && position === 1) || (by > 0 && position === rows.length);
    pendingFocus.current = `[data-move="${section.key}:${edge ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down'}"]`;
  };

  return (
    <div className="admin-menu-editor" ref={root}>
      {rows.map((section, index) => {
        const id = `menu-${section.key}`;
        const error = section.error;
        return (
          <fieldset key={section.key} className="admin-fieldset admin-menu-editor__section">
            <legend>{`Section ${index + 1}${section.title ? `: ${section.title}` : ''}`}</legend>
            <div className="admin-menu-editor__row">
              <div className={`admin-field${error?.field === 'role' ? ' admin-field--error' : ''}`}>
                <label htmlFor={`${id}-role`}>Role</label>
                <select
                  id={`${id}-role`}
                  value={section.role}
                  aria-invalid={error?.field === 'role' ? true : undefined}
                  aria-describedby={error?.field === 'role' ? `${id}-error` : undefined}
                  onChange={(event) => update(index, { role: event.target.value })}
                >
                  {HEADER_SECTION_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role] ?? role}
                    </option>
                  ))}
                </select>
              </div>
              <div className={`admin-field${error?.field === 'title' ? ' admin-field--error' : ''}`}>
                <label htmlFor={`${id}-title`}>Title</label>
                <input
                  id={`${id}-title`}
                  type="text"
                  value={section.title}
                  maxLength={80}
                  autoComplete="off"
                  aria-invalid={error?.field === 'title' ? true : undefined}
                  aria-describedby={error && error.field !== 'label' ? `${id}-error` : undefined}
                  onChange={(event) => update(index, { title: event.target.value })}
                />
              </div>
              <div
                className="admin-menu-editor__buttons"
                role="group"
                aria-label={`Order of ${sectionName(section, index)}`}
              >
                <button
                  type="button"
                  className="admin-button admin-button--secondary"
                  data-move={`${section.key}:up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  Move up<span className="visually-hidden">{` ${sectionName(section, index)}`}</span>
                </button>
                <button
                  type="button"
                  className="admin-button admin-button--secondary"
                  data-move={`${section.key}:down`}
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, 1)}
                >
                  Move down<span className="visually-hidden">{` ${sectionName(section, index)}`}</span>
                </button>
                <button
                  type="button"
                  className="admin-button admin-button--danger"
                  onClick={() => {
                    change(rows.filter((_, i) => i !== index));
                    setAnnouncement(`Removed ${sectionName(section, index)} and its links.`);
                    pendingFocus.current = '[data-add-section]';
                  }}
                >
                  Remove<span className="visually-hidden">{` ${sectionName(section, index)} and its links`}</span>
                </button>
              </div>
            </div>
            {error && error.field !== 'label' && error.field !== 'target' ? (
              <p className="admin-field__error" id={`${id}-error`}>
                {error.message.charAt(0).toUpperCase() + error.message.slice(1)}
              </p>
            ) : null}
            <LinkList
              links={section.links}
              onChange={(links) => update(index, { links })}
              depth={1}
              idPrefix={`${id}-l`}
              context={context}
              where={sectionName(section, index)}
            />
          </fieldset>
        );
      })}
      <button
        type="button"
        className="admin-button admin-button--secondary"
        data-add-section
        onClick={() => {
          const section = emptySection();
          change([...rows, section]);
          pendingFocus.current = `#menu-${section.key}-title`;
        }}
      >
        Add a section
      </button>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
