import { GridList, GridListItem } from 'react-aria-components';
import type { ChooserItem } from './types';

/**
 * A chooser's results as a grid of thumbnails (the image chooser, as Wagtail's): one Tab stop,
 * the arrow keys move between pictures across and down, Home and End jump to the first and last,
 * and Enter (or a click) chooses. Each picture is named by its title and detail line.
 */
export function ChooserGrid({
  items,
  labelledBy,
  onChoose,
}: {
  items: readonly ChooserItem[];
  labelledBy: string;
  onChoose(item: ChooserItem): void;
}) {
  return (
    <GridList
      className="admin-chooser-grid"
      aria-labelledby={labelledBy}
      layout="grid"
      items={items}
      disabledKeys={items.filter((item) => item.unavailable).map((item) => item.id)}
      onAction={(key) => {
        const item = items.find((candidate) => candidate.id === key);
        if (item && !item.unavailable) onChoose(item);
      }}
    >
      {(item) => (
        <GridListItem
          id={item.id}
          textValue={`${item.title}${item.detail ? `, ${item.detail}` : ''}`}
          className="admin-chooser-grid__item"
        >
          <span className="admin-chooser-grid__frame">
            {item.thumbnail ? <img src={item.thumbnail} alt="" width={160} height={120} loading="lazy" /> : null}
          </span>
          <span className="admin-chooser-grid__title">{item.title}</span>
          {item.detail || item.unavailable ? (
            <span className="admin-chooser-grid__detail">
              {item.unavailable ? `${item.detail ? `${item.detail} · ` : ''}${item.unavailable}` : item.detail}
            </span>
          ) : null}
        </GridListItem>
      )}
    </GridList>
  );
}
