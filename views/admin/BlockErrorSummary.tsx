export type BlockErrorSummaryView = {
  errorCount: number;
  /** In page order; `anchor` is the id of the block's card (or of its error group without JavaScript). */
  blocks: Array<{
    anchor: string;
    label: string;
    /** `path` keys the error; `field` says it in labels ('Image'; '' for the block itself). */
    errors: Array<{ path: string; field: string; message: string }>;
  }>;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * "3 errors in 2 blocks" at the top of the form, with a plain in-page link to each block: the link
 * moves focus to the block's card (tabindex -1), or without JavaScript to its errors under the body field.
 */
export function BlockErrorSummary({ summary }: { summary: BlockErrorSummaryView | null | undefined }) {
  if (!summary) return null;
  return (
    <div className="admin-block-errors" data-block-error-summary>
      <p>{`${plural(summary.errorCount, 'error', 'errors')} in ${plural(summary.blocks.length, 'block', 'blocks')}`}</p>
      <ul>
        {summary.blocks.map((block) => (
          <li key={block.anchor}>
            <a
              href={`#${encodeURIComponent(block.anchor)}`}
            >{`${block.label}: ${plural(block.errors.length, 'error', 'errors')}`}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
