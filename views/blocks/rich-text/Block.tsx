import type { BlockProps } from '../define';
import type { RichTextValue } from './schema';

/** The HTML was sanitised by the block's schema on the server before it reached this component. */
export function RichTextBlock({ value }: BlockProps<RichTextValue>) {
  return (
    <div
      className={`block-rich-text container--${value.container} align--${value.alignment}`}
      data-block-type="rich_text"
      dangerouslySetInnerHTML={{ __html: value.html }}
    />
  );
}
