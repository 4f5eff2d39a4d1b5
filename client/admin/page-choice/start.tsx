import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { ChosenPageView } from '../../../views/admin/PageChooserField';
import { PageChoice, initialChoice } from './PageChoice';

/**
 * Replaces each server-rendered page number field (views/admin/PageChooserField.tsx) with the
 * page chooser. What the input holds now is kept: a chosen page by name, a number typed that is
 * no page as typed (its error stays beside it until another page is chosen).
 */
export function startPageChoices(): void {
  for (const field of document.querySelectorAll<HTMLElement>('[data-enhance="page-chooser"]')) {
    const input = field.querySelector<HTMLInputElement>('input');
    if (!input) continue;
    const chosen = field.dataset.chosen ? (JSON.parse(field.dataset.chosen) as ChosenPageView) : undefined;
    const typed = input.value.trim();
    const error = field.querySelector('.admin-field__error')?.textContent ?? undefined;
    const mount = document.createElement('div');
    field.replaceWith(mount);
    createRoot(mount).render(
      <StrictMode>
        <PageChoice
          name={input.name}
          label={field.dataset.label ?? 'Page'}
          help={field.dataset.help ?? ''}
          error={error}
          initial={initialChoice(chosen && String(chosen.id) === typed ? chosen : undefined, typed)}
        />
      </StrictMode>,
    );
  }
}

startPageChoices();
