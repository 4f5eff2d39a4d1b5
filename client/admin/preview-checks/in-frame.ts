import axe from 'axe-core';

/**
 * Loaded by the edit screen into its live preview frame (never on public pages): axe-core in the
 * frame's own window, where it can measure the page as drawn (contrast, what is visible). The
 * editor calls it there and reads the results (client/admin/preview-checks/run.ts).
 */
declare global {
  interface Window {
    previewAxe?: typeof axe;
  }
}

window.previewAxe = axe;
window.dispatchEvent(new Event('preview-axe-ready'));
