import { ACTION_ICONS } from '../../../shared/admin/icons';
import { Icon } from '../../../views/admin/Icon';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { PreviewChecks, type ChecksState } from '../preview-checks/PreviewChecks';
import { checkPreview } from '../preview-checks/run';
import { PreviewFrames, type PreviewOutcome } from './preview-frames';

/** Widths the preview is drawn at (then scaled to the panel): Wagtail's preview sizes. */
const SIZES = [
  { key: 'desktop', label: 'Desktop', width: 1280 },
  { key: 'tablet', label: 'Tablet', width: 768 },
  { key: 'mobile', label: 'Mobile', width: 375 },
] as const;
type SizeKey = (typeof SIZES)[number]['key'];

/** After typing stops, how long before the preview is refreshed (well within the second the editor is promised). */
export const PREVIEW_DELAY_MS = 400;
const OPEN_KEY = 'wagtail:live-preview';

type Props = {
  form: HTMLFormElement;
  action: string;
  columns: HTMLElement;
  toggleSlot: HTMLElement;
  fullSize: HTMLButtonElement | null;
  /** The accessibility checker's script (axe-core), loaded into the preview frame; null: no checks. */
  checksScript: string | null;
};

/** A block id the form has a card for (the checks link only to those). */
const isCard = (id: string) => id !== '' && document.getElementById(`block-card-${id}`) !== null;

/**
 * The live preview beside the form: the page as the public template renders the unsaved form,
 * refreshed shortly after each change, at desktop, tablet or mobile width. It stays open across
 * saves (remembered in this browser); 'Open full size' is the form's own Preview button.
 */
export function LivePreview({ form, action, columns, toggleSlot, fullSize, checksScript }: Props) {
  // The public userbar's "Accessibility checks" link (#checks) opens the preview, where the checks run.
  const [open, setOpen] = useState(() => localStorage.getItem(OPEN_KEY) === 'open' || location.hash === '#checks');
  // On a phone the panel is phone-wide: start at the mobile width there.
  const [size, setSize] = useState<SizeKey>(() =>
    window.matchMedia('(max-width: 840px)').matches ? 'mobile' : 'desktop',
  );
  const [status, setStatus] = useState<PreviewOutcome | 'loading'>('loading');
  const [checks, setChecks] = useState<ChecksState>({ kind: 'checking' });
  const [scale, setScale] = useState(1);
  const [stageBox, setStageBox] = useState({ width: 600, height: 600 });
  const stage = useRef<HTMLDivElement>(null);
  const frameA = useRef<HTMLIFrameElement>(null);
  const frameB = useRef<HTMLIFrameElement>(null);
  const width = SIZES.find((s) => s.key === size)!.width;

  useEffect(() => {
    columns.classList.toggle('admin-edit__columns--preview', open);
    if (open) localStorage.setItem(OPEN_KEY, 'open');
    else localStorage.removeItem(OPEN_KEY);
  }, [open, columns]);

  // Refresh on open, then after each pause in typing (the block editor reports its changes as 'input').
  useEffect(() => {
    if (!open || !frameA.current || !frameB.current) return;
    let checked = 0;
    const frames = new PreviewFrames([frameA.current, frameB.current], form, action, (outcome) => {
      setStatus(outcome);
      if (outcome !== 'updated' || !checksScript) return;
      // Each new version is checked once shown; a result overtaken by a newer version is dropped.
      const run = ++checked;
      setChecks({ kind: 'checking' });
      checkPreview(frames.shown, checksScript, isCard).then(
        (problems) => run === checked && setChecks({ kind: 'done', problems }),
        (error: unknown) =>
          run === checked &&
          setChecks({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
    });
    let timer: number | undefined;
    const later = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        setStatus('loading');
        frames.refresh();
      }, PREVIEW_DELAY_MS);
    };
    frames.refresh();
    form.addEventListener('input', later);
    form.addEventListener('change', later);
    return () => {
      checked++;
      window.clearTimeout(timer);
      form.removeEventListener('input', later);
      form.removeEventListener('change', later);
    };
  }, [open, form, action, checksScript]);

  // The chosen width scaled down to the panel, so a desktop page shows whole in half a screen.
  useEffect(() => {
    const element = stage.current;
    if (!open || !element) return;
    const observer = new ResizeObserver(() => {
      setScale(Math.min(1, element.clientWidth / width));
      setStageBox({ width: element.clientWidth, height: element.clientHeight });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [open, width]);

  // Narrower than the panel (tablet, mobile): centred.
  const left = Math.max(0, (stageBox.width - width * scale) / 2);
  const frameStyle = {
    width: `${width}px`,
    height: `${stageBox.height / scale}px`,
    left: `${left}px`,
    transform: `scale(${scale})`,
  };
  const toggle = (
    <button
      type="button"
      className="admin-button admin-button--secondary admin-action-bar__toggle"
      aria-expanded={open}
      aria-controls="live-preview-panel"
      onClick={() => setOpen(!open)}
      data-live-preview-toggle
    >
      {/* On phones only the icon shows (the label stays for screen readers): the bar keeps to one row. */}
      <Icon name={ACTION_ICONS.preview} />
      <span className="admin-action-bar__label">{open ? 'Hide live preview' : 'Live preview'}</span>
    </button>
  );
  return (
    <>
      {createPortal(toggle, toggleSlot)}
      <section
        id="live-preview-panel"
        className="admin-live-preview"
        aria-labelledby="live-preview-heading"
        hidden={!open}
      >
        <div className="admin-live-preview__bar">
          <h2 id="live-preview-heading" className="admin-live-preview__heading">
            Live preview
          </h2>
          <div role="group" aria-label="Preview width" className="admin-live-preview__sizes">
            {SIZES.map((s) => (
              <button
                key={s.key}
                type="button"
                className="admin-live-preview__size"
                aria-pressed={size === s.key}
                onClick={() => setSize(s.key)}
              >
                {s.label}
              </button>
            ))}
          </div>
          {fullSize ? (
            <button type="button" className="admin-button admin-button--secondary" onClick={() => fullSize.click()}>
              Open full size<span className="visually-hidden"> (opens in a new tab)</span>
            </button>
          ) : null}
        </div>
        <p className="admin-live-preview__status" role="status" data-live-preview-status={status}>
          {status === 'loading'
            ? 'Updating the preview…'
            : status === 'invalid'
              ? 'Not updated: the form has errors (the preview shows the last valid version).'
              : 'Up to date with the form.'}
        </p>
        {open && checksScript ? <PreviewChecks state={checks} /> : null}
        <div className="admin-live-preview__stage" ref={stage} data-size={size}>
          {open ? (
            <>
              <iframe
                ref={frameA}
                name="live-preview-a"
                title="Page preview"
                className="admin-live-preview__frame"
                style={frameStyle}
                data-shown="true"
              />
              <iframe
                ref={frameB}
                name="live-preview-b"
                title="Page preview"
                className="admin-live-preview__frame"
                style={frameStyle}
                data-shown="false"
                tabIndex={-1}
              />
            </>
          ) : null}
        </div>
      </section>
    </>
  );
}
