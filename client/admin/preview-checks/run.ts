import type { AxeResults, RunOptions } from 'axe-core';

/**
 * The live preview's accessibility checks, as Wagtail's checker: axe-core runs inside the
 * preview frame with a short list of rules about what editors write (headings, alternative text,
 * link and button names, contrast), and each problem is traced to the block it is in through the
 * data-preview-block attributes that previews (and only previews) render around blocks.
 */

/** The rules checked: content problems an editor can fix from the form. */
export const PREVIEW_RULES = [
  'heading-order',
  'empty-heading',
  'p-as-heading',
  'image-alt',
  'role-img-alt',
  'svg-img-alt',
  'input-image-alt',
  'link-name',
  'button-name',
  'input-button-name',
  'color-contrast',
  'empty-table-header',
  'frame-title',
] as const;

export type PreviewProblem = {
  rule: string;
  /** axe's one-line description of what is wrong ('Heading levels should only increase by one'). */
  help: string;
  impact: string;
  /** Each element with the problem: the block it is in (null: outside the page's blocks) and its HTML. */
  places: Array<{ blockId: string | null; html: string }>;
};

type FrameWindow = Window & { previewAxe?: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

const LOAD_TIMEOUT_MS = 10_000;

/** Loads axe-core into the frame's document (once per document) and resolves when it is there. */
function axeIn(frame: HTMLIFrameElement, scriptUrl: string): Promise<NonNullable<FrameWindow['previewAxe']>> {
  const win = frame.contentWindow as FrameWindow | null;
  const doc = frame.contentDocument;
  if (!win || !doc) return Promise.reject(new Error('The preview frame has no document.'));
  if (win.previewAxe) return Promise.resolve(win.previewAxe);
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(
      () => reject(new Error('The accessibility checker did not load.')),
      LOAD_TIMEOUT_MS,
    );
    win.addEventListener(
      'preview-axe-ready',
      () => {
        window.clearTimeout(timer);
        if (win.previewAxe) resolve(win.previewAxe);
        else reject(new Error('The accessibility checker did not load.'));
      },
      { once: true },
    );
    if (!doc.querySelector('script[data-preview-checks]')) {
      // Same origin as the page, so the frame's Content-Security-Policy ('self') allows it.
      const script = doc.createElement('script');
      script.type = 'module';
      script.src = scriptUrl;
      script.dataset.previewChecks = '';
      script.addEventListener('error', () => {
        window.clearTimeout(timer);
        reject(new Error('The accessibility checker did not load.'));
      });
      doc.head.append(script);
    }
  });
}

/**
 * The block an element is in: the innermost marked block that is a block of the form (a block
 * inside another block's own body points at the outer card when it has no card of its own).
 */
export function blockOf(element: Element | null, isCard: (id: string) => boolean): string | null {
  let node = element?.closest('[data-preview-block]') ?? null;
  while (node) {
    const id = node.getAttribute('data-preview-block') ?? '';
    if (isCard(id)) return id;
    node = node.parentElement?.closest('[data-preview-block]') ?? null;
  }
  return null;
}

/** Runs the checks on the document the frame shows now. */
export async function checkPreview(
  frame: HTMLIFrameElement,
  scriptUrl: string,
  isCard: (id: string) => boolean,
): Promise<PreviewProblem[]> {
  const axe = await axeIn(frame, scriptUrl);
  const doc = frame.contentDocument!;
  const results = await axe.run(doc, {
    runOnly: { type: 'rule', values: [...PREVIEW_RULES] },
    resultTypes: ['violations'],
    elementRef: true,
    iframes: false,
  });
  return results.violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    impact: violation.impact ?? 'moderate',
    places: violation.nodes.map((node) => ({
      blockId: blockOf((node.element as Element | undefined) ?? null, isCard),
      html: node.html.length > 120 ? `${node.html.slice(0, 117)}…` : node.html,
    })),
  }));
}
