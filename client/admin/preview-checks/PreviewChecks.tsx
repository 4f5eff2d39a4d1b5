import type { PreviewProblem } from './run';

export type ChecksState =
  { kind: 'checking' } | { kind: 'done'; problems: PreviewProblem[] } | { kind: 'failed'; message: string };

/** The card of a block, and what the editor calls it ('3. Heading'), when the form has it. */
const cardOf = (blockId: string) => document.getElementById(`block-card-${blockId}`);

/**
 * Moves focus to a block's card. A card in a tab not on show: the hash names it, and the tabs
 * (EditTabs) show its tab and focus it; otherwise it is focused here, in the middle of the screen.
 */
export function goToBlock(blockId: string): void {
  const card = cardOf(blockId);
  if (!card) return;
  const anchor = `#block-card-${blockId}`;
  if (card.getClientRects().length === 0 && location.hash !== anchor) {
    location.hash = anchor;
    return;
  }
  card.scrollIntoView({ block: 'center' });
  card.focus({ preventScroll: true });
}

/** One problem's places, a block once however many of its elements have the problem. */
function places(problem: PreviewProblem): Array<{ blockId: string | null; count: number; html: string }> {
  const byBlock = new Map<string | null, { blockId: string | null; count: number; html: string }>();
  for (const place of problem.places) {
    const seen = byBlock.get(place.blockId);
    if (seen) seen.count++;
    else byBlock.set(place.blockId, { blockId: place.blockId, count: 1, html: place.html });
  }
  return [...byBlock.values()];
}

/** The list under the live preview: what axe found in the page as previewed, each with a link to its block. */
export function PreviewChecks({ state }: { state: ChecksState }) {
  const problems = state.kind === 'done' ? state.problems : [];
  const total = problems.reduce((sum, problem) => sum + problem.places.length, 0);
  const summary =
    state.kind === 'checking'
      ? 'Checking accessibility…'
      : state.kind === 'failed'
        ? `Accessibility checks could not run: ${state.message}`
        : total === 0
          ? 'Accessibility checks: no problems found.'
          : `Accessibility checks: ${total} ${total === 1 ? 'problem' : 'problems'} found.`;
  return (
    <section className="admin-preview-checks" aria-labelledby="preview-checks-heading" data-preview-checks={state.kind}>
      <h3 id="preview-checks-heading" className="visually-hidden">
        Accessibility checks
      </h3>
      <p
        className="admin-preview-checks__summary"
        role="status"
        data-problem-count={state.kind === 'done' ? total : undefined}
      >
        {summary}
      </p>
      {problems.length > 0 ? (
        // Scrolls on its own when long; focusable so it can be scrolled by keyboard.
        <ul className="admin-preview-checks__list" tabIndex={0} aria-label="Accessibility problems in the preview">
          {problems.map((problem) => (
            <li key={problem.rule} className="admin-preview-checks__problem" data-rule={problem.rule}>
              <span className="admin-preview-checks__help">{problem.help}</span>
              <ul className="admin-preview-checks__places">
                {places(problem).map((place) => {
                  const card = place.blockId ? cardOf(place.blockId) : null;
                  const count = place.count > 1 ? ` (${place.count} times)` : '';
                  return (
                    <li key={place.blockId ?? 'outside'}>
                      {place.blockId && card ? (
                        <a
                          href={`#block-card-${place.blockId}`}
                          data-go-to-block={place.blockId}
                          onClick={(event) => {
                            event.preventDefault();
                            goToBlock(place.blockId!);
                          }}
                        >
                          {`Go to block ${card.dataset.blockLabel ?? ''}`}
                        </a>
                      ) : (
                        <>
                          {'Outside the page’s blocks (header, footer or page template): '}
                          <code>{place.html}</code>
                        </>
                      )}
                      {count}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
