import type { BlockProps } from '../define';
import type { HeadingValue } from './schema';

export function HeadingBlock({ value }: BlockProps<HeadingValue>) {
  const Tag = value.level;
  const classes = ['block-heading', `block-heading--${value.alignment}`, value.rope ? 'block-heading--rope' : ''];
  return (
    <div className={classes.filter(Boolean).join(' ')} data-block-type="heading">
      <Tag>{value.text}</Tag>
    </div>
  );
}
