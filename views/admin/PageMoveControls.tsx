import { CsrfField } from './CsrfField';

export type PageMoveControlsProps = {
  pageId: number;
  title: string;
  /** The row's 0-based position among all the parent's children. */
  position: number;
  siblingCount: number;
  csrfToken: string;
  /** Which control takes the focus when the screen opens (the one just used, after a move). */
  focus?: 'up' | 'down';
};

export const moveButtonId = (pageId: number, direction: 'up' | 'down') => `move-${direction}-${pageId}`;

/**
 * Move up / Move down for one row of the explorer in "Sort menu order" mode: plain forms posting
 * to Wagtail's set_position route, so they work by keyboard and without JavaScript. Positions are
 * counted over all children, so the first row of page 2 moves up onto page 1.
 */
export function PageMoveControls({ pageId, title, position, siblingCount, csrfToken, focus }: PageMoveControlsProps) {
  const canUp = position > 0;
  const canDown = position < siblingCount - 1;
  // After reaching the top (or bottom) the control used is disabled: the other one takes the focus.
  const focused = focus === 'up' ? (canUp ? 'up' : 'down') : focus === 'down' ? (canDown ? 'down' : 'up') : undefined;
  const control = (direction: 'up' | 'down', target: number, enabled: boolean) => (
    <form
      method="post"
      action={`/wagtail/pages/${pageId}/set_position/?position=${target}`}
      className="admin-move__form"
    >
      <CsrfField token={csrfToken} />
      <button
        type="submit"
        id={moveButtonId(pageId, direction)}
        className="admin-button admin-button--secondary admin-move__button"
        disabled={!enabled}
        // No script needed: the redirect after a move reopens the screen with focus on the control used.
        autoFocus={focused === direction && enabled}
      >
        {direction === 'up' ? 'Move up' : 'Move down'}
        <span className="visually-hidden">{`: ${title}, position ${position + 1} of ${siblingCount}`}</span>
      </button>
    </form>
  );
  return (
    <div className="admin-move">
      {control('up', position - 1, canUp)}
      {control('down', position + 1, canDown)}
    </div>
  );
}
