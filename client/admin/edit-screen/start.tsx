import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ActionMenu, type ActionItem } from './ActionMenu';
import { EditTabs, type TabSection } from './EditTabs';
import { LivePreview } from './LivePreview';
import { enhanceCommentsPanel } from '../comments';
import { saveDraftOnCtrlS } from './shortcuts';

/** The server's sections (one per tab) become React Aria tabs; their contents move in unchanged. */
function enhanceTabs(root: HTMLElement): void {
  const sections: TabSection[] = [...root.querySelectorAll<HTMLElement>(':scope > [data-tab]')].map((node) => ({
    key: node.dataset.tab ?? '',
    label: node.dataset.tabLabel ?? '',
    node,
    errors: node.querySelectorAll('.admin-field__error').length,
  }));
  if (sections.length === 0) return;
  for (const section of sections) section.node.remove();
  root.classList.add('admin-tabs--enhanced');
  // Synchronously: until the panels adopt the sections, their fields are out of the form, and a
  // navigation in that moment asked "leave with unsaved changes?" (a submit would have lost them).
  const tabsRoot = createRoot(root);
  flushSync(() =>
    tabsRoot.render(
      <StrictMode>
        <EditTabs sections={sections} />
      </StrictMode>,
    ),
  );
}

/** The action bar's items after Save draft become one menu; the originals stay in the form, hidden. */
function enhanceActions(container: HTMLElement): void {
  const items: ActionItem[] = [...container.querySelectorAll<HTMLElement>('[data-action-item]')].map((element) => ({
    label: (element.textContent ?? '').trim(),
    element,
    danger: element.classList.contains('admin-button--danger'),
  }));
  if (items.length === 0) return;
  container.hidden = true;
  const mount = document.createElement('div');
  mount.className = 'admin-action-bar__menu';
  container.after(mount);
  createRoot(mount).render(
    <StrictMode>
      <ActionMenu items={items} />
    </StrictMode>,
  );
}

/** The edit screen's tabs, actions menu and Ctrl/Cmd+S (elsewhere, such as the add screen: nothing). */
export function enhanceEditScreen(): void {
  const screen = document.querySelector<HTMLElement>('[data-edit-screen]');
  const form = screen?.querySelector<HTMLFormElement>('#page-edit-form');
  const saveDraft = form?.querySelector<HTMLButtonElement>('[data-save-draft]');
  if (!screen || !form || !saveDraft) return;
  const tabs = form.querySelector<HTMLElement>('[data-edit-tabs]');
  if (tabs) enhanceTabs(tabs);
  const actions = form.querySelector<HTMLElement>('[data-action-menu]');
  if (actions) enhanceActions(actions);
  saveDraftOnCtrlS(form, saveDraft);
  enhancePreview(screen, form);
  enhanceCommentsPanel(screen, form);
}

/** The live preview panel beside the form, and its toggle in the action bar. */
function enhancePreview(screen: HTMLElement, form: HTMLFormElement): void {
  const columns = screen.querySelector<HTMLElement>('[data-edit-columns]');
  const bar = form.querySelector<HTMLElement>('[data-action-bar]');
  const fullSize = form.querySelector<HTMLButtonElement>('[data-preview-button]');
  if (!columns || !bar) return;
  const toggleSlot = document.createElement('span');
  toggleSlot.className = 'admin-action-bar__slot';
  bar.append(toggleSlot);
  const mount = document.createElement('div');
  mount.className = 'admin-edit__preview';
  columns.append(mount);
  const action = `/wagtail/pages/${screen.dataset.pageId ?? ''}/edit/preview/`;
  const checksScript = document.querySelector<HTMLMetaElement>('meta[name="admin-preview-checks"]')?.content || null;
  createRoot(mount).render(
    <StrictMode>
      <LivePreview
        form={form}
        action={action}
        columns={columns}
        toggleSlot={toggleSlot}
        fullSize={fullSize}
        checksScript={checksScript}
      />
    </StrictMode>,
  );
}
