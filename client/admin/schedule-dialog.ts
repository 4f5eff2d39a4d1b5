import { scheduleSentences } from '../../shared/admin/schedule-words';

/**
 * The page editor's schedule in a dialog (Wagtail's "Set schedule"): the go-live and expiry
 * fields move from the Settings tab into a modal dialog that stays inside the edit form (so they
 * still post with it), opened by the action bar's Schedule and by a button beside the sentences
 * left in the tab. As the editor types, the sentences say when the page goes live on their own
 * clock ("Goes live on Tuesday 1 December 2026 at 09:00 EST"). Cancel puts the times back; Save
 * schedule keeps them for the next Publish. Without JavaScript the fields stay in the tab.
 */
export function wireScheduleDialog(): void {
  const fields = document.querySelector<HTMLFieldSetElement>('fieldset[data-schedule]');
  const form = fields?.form ?? fields?.closest('form');
  if (!fields || !form) return;
  const clock = { timeZone: fields.dataset.timeZone ?? 'UTC', locale: fields.dataset.locale ?? 'en-US' };
  const inputs = [...fields.querySelectorAll<HTMLInputElement>('input[type="datetime-local"]')];
  const value = (name: string) => inputs.find((input) => input.name === name)?.value ?? '';

  // What stays in the tab: the sentences and a button to change them.
  const summary = document.createElement('div');
  summary.className = 'admin-schedule__summary';
  summary.id = 'schedule-summary';
  const summaryText = document.createElement('div');
  summaryText.setAttribute('aria-live', 'polite');
  const change = button('Set schedule', 'admin-button admin-button--secondary');
  summary.append(heading('h3', 'Scheduled publishing'), summaryText, change);
  fields.before(summary);

  const dialog = document.createElement('dialog');
  dialog.className = 'admin-schedule-dialog';
  dialog.dataset.scheduleDialog = '';
  dialog.setAttribute('aria-labelledby', 'schedule-dialog-title');
  const title = heading('h2', 'Schedule publishing');
  title.id = 'schedule-dialog-title';
  const save = button('Save schedule', 'admin-button admin-button--primary');
  const cancel = button('Cancel', 'admin-button admin-button--secondary');
  const actions = document.createElement('div');
  actions.className = 'admin-actions';
  actions.append(save, cancel);
  // The legend repeats the dialog's title: the fieldset keeps it for the no-script form only.
  fields.querySelector('legend')?.classList.add('visually-hidden');
  dialog.append(title, fields, actions);
  // Inside the form (the fields post with it), outside the tabs (a hidden tab would hide the dialog).
  form.append(dialog);

  const sentences = () =>
    scheduleSentences({ go_live_at: value('go_live_at'), expire_at: value('expire_at') }, clock, new Date());
  const render = () => {
    const { goLive, expiry } = sentences();
    const goLiveLine = fields.querySelector('[data-schedule-go-live]');
    const expiryLine = fields.querySelector('[data-schedule-expiry]');
    if (goLiveLine) goLiveLine.textContent = goLive;
    if (expiryLine) expiryLine.textContent = expiry;
    summaryText.replaceChildren(paragraph(goLive), paragraph(expiry));
  };
  render();
  for (const input of inputs) input.addEventListener('input', render);

  let before: string[] = [];
  const open = () => {
    before = inputs.map((input) => input.value);
    dialog.showModal();
    inputs[0]?.focus();
  };
  change.addEventListener('click', open);
  save.addEventListener('click', () => dialog.close('save'));
  cancel.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    if (dialog.returnValue !== 'save') inputs.forEach((input, index) => (input.value = before[index] ?? ''));
    dialog.returnValue = '';
    render();
    change.focus();
  });
  // The action bar's Schedule (a link to #schedule without JavaScript) opens the dialog.
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest('a[href="#schedule"]');
      if (!link) return;
      event.preventDefault();
      event.stopPropagation();
      open();
    },
    true,
  );
}

function button(label: string, className: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.textContent = label;
  return element;
}

function heading(tag: 'h2' | 'h3', text: string): HTMLElement {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

function paragraph(text: string): HTMLParagraphElement {
  const element = document.createElement('p');
  element.textContent = text;
  return element;
}
