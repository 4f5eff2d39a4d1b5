import { memo, useLayoutEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { BlockIcon } from './block-icons';
import { BlockTools } from './BlockTools';
import { BlockPicker, groupBlockTypes } from './BlockPicker';
import { SchemaField } from './SchemaField';
import { blockSummary } from './block-summary';
import { emptyValue, newId, type Block, type BlockTypeInfo } from './json-schema';

type Props = {
  field: { name: string; label: string };
  blocks: Block[];
  blockTypes: ReadonlyMap<string, BlockTypeInfo>;
  onChange(blocks: Block[]): void;
  /** Server errors of a block by id, keyed by the path inside its value ('' for the block). */
  errorsFor(blockId: string): Record<string, string>;
};

/** Where a dragged card would land: the index it was at and the gap (0..length) it is over. */
type Drag = { from: number; gap: number };

/** Near the window's top or bottom edge while dragging, the page scrolls by this much per move. */
const EDGE = 60;
const EDGE_STEP = 24;

/** The gap a pointer at clientY is over: before the first card whose middle is below it. */
function gapAt(list: HTMLOListElement, clientY: number): number {
  const cards = [...list.children].filter((child) => child.matches('.admin-block'));
  const index = cards.findIndex((card) => {
    const rect = card.getBoundingClientRect();
    return clientY < rect.top + rect.height / 2;
  });
  return index === -1 ? cards.length : index;
}

/** What a card asks of its stream field; one object for the field's lifetime, so cards can skip re-rendering. */
type CardActions = {
  setValue(id: string, value: unknown): void;
  move(from: number, to: number): void;
  duplicate(id: string): void;
  remove(id: string): void;
  insert(at: number, type: string): void;
  toggle(id: string): void;
  startDrag(index: number, event: ReactPointerEvent<HTMLElement>): void;
};

const NO_ERRORS: Record<string, string> = {};

/**
 * One stream field: its blocks with add, remove, duplicate, move up/down, collapse (one at a time
 * or all), and reorder by dragging a card's grip with the pointer (the move buttons do the same by
 * keyboard; the grip is pointer-only and hidden from assistive technology). Cards are memoized:
 * typing in one block re-renders that card only, which keeps a 60-block page smooth.
 */
export function StreamEditor({ field, blocks, blockTypes, onChange, errorsFor }: Props) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [drag, setDrag] = useState<Drag | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const groups = useMemo(() => groupBlockTypes(blockTypes.values()), [blockTypes]);
  // The handlers read the latest blocks through this, so they never change identity.
  const latest = useRef({ blocks, onChange, blockTypes });
  useLayoutEffect(() => {
    latest.current = { blocks, onChange, blockTypes };
  });
  const actions = useMemo<CardActions>(() => {
    const apply = (change: (blocks: Block[]) => Block[]) => latest.current.onChange(change(latest.current.blocks));
    return {
      setValue: (id, value) => apply((all) => all.map((b) => (b.id === id ? { ...b, value } : b))),
      move: (from, to) =>
        apply((all) => {
          const next = [...all];
          const [block] = next.splice(from, 1);
          next.splice(to, 0, block!);
          return next;
        }),
      duplicate: (id) =>
        apply((all) => {
          const index = all.findIndex((b) => b.id === id);
          const next = [...all];
          next.splice(index + 1, 0, { ...structuredClone(all[index]!), id: newId() });
          return next;
        }),
      remove: (id) => apply((all) => all.filter((b) => b.id !== id)),
      insert: (at, type) => {
        const info = latest.current.blockTypes.get(type);
        if (!info) return;
        apply((all) => {
          const next = [...all];
          next.splice(at, 0, { type, id: newId(), value: emptyValue(info.schema) });
          return next;
        });
      },
      toggle: (id) =>
        setCollapsed((old) => {
          const next = new Set(old);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          return next;
        }),
      startDrag: (index, event) => {
        if (event.button !== 0 || !event.isPrimary) return;
        event.preventDefault();
        // Captured by the grip: the moves and the release bubble to the list, wherever the pointer goes.
        event.currentTarget.setPointerCapture(event.pointerId);
        setDrag({ from: index, gap: index });
      },
    };
  }, []);

  const moveDrag = (event: ReactPointerEvent<HTMLElement>) => {
    if (!drag || !list.current) return;
    if (event.clientY < EDGE) window.scrollBy(0, -EDGE_STEP);
    else if (event.clientY > window.innerHeight - EDGE) window.scrollBy(0, EDGE_STEP);
    const gap = gapAt(list.current, event.clientY);
    if (gap !== drag.gap) setDrag({ ...drag, gap });
  };
  const endDrag = (event: ReactPointerEvent<HTMLElement>) => {
    if (!drag) return;
    const target = event.target as HTMLElement;
    if (target.hasPointerCapture(event.pointerId)) target.releasePointerCapture(event.pointerId);
    const to = dropIndex(drag);
    setDrag(null);
    if (event.type === 'pointerup' && to !== drag.from) actions.move(drag.from, to);
  };

  return (
    <section className="admin-stream" aria-labelledby={`stream-${field.name}`} data-stream-field={field.name}>
      <h2 id={`stream-${field.name}`}>{field.label}</h2>
      {blocks.length > 1 ? (
        <div className="admin-stream__bulk">
          <button
            type="button"
            className="admin-button admin-button--secondary"
            onClick={() => setCollapsed(new Set(blocks.map((b) => b.id)))}
            data-collapse-all
          >
            Collapse all<span className="visually-hidden">{` blocks of ${field.label}`}</span>
          </button>
          <button
            type="button"
            className="admin-button admin-button--secondary"
            onClick={() => setCollapsed(new Set())}
            data-expand-all
          >
            Expand all<span className="visually-hidden">{` blocks of ${field.label}`}</span>
          </button>
        </div>
      ) : null}
      <BlockPicker groups={groups} label={`at the top of ${field.label}`} onAdd={(type) => actions.insert(0, type)} />
      <ol
        className={`admin-stream__blocks${drag ? ' admin-stream__blocks--dragging' : ''}`}
        ref={list}
        onPointerMove={moveDrag}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        {blocks.map((block, index) => {
          // The drop marker: a line above the card the dragged one would land before (below the last for the end).
          const dropMark =
            drag && dropIndex(drag) !== drag.from
              ? drag.gap === index
                ? 'before'
                : drag.gap === blocks.length && index === blocks.length - 1
                  ? 'after'
                  : null
              : null;
          const errors = errorsFor(block.id);
          return (
            <BlockCard
              key={block.id}
              block={block}
              index={index}
              count={blocks.length}
              info={blockTypes.get(block.type)}
              errors={Object.keys(errors).length ? errors : NO_ERRORS}
              collapsed={collapsed.has(block.id)}
              dropMark={dropMark}
              dragging={drag?.from === index}
              groups={groups}
              actions={actions}
            />
          );
        })}
      </ol>
    </section>
  );
}

// A gap either side of the dragged card leaves it where it is.
const dropIndex = (d: Drag) => (d.gap > d.from ? d.gap - 1 : d.gap);

type CardProps = {
  block: Block;
  index: number;
  count: number;
  info: BlockTypeInfo | undefined;
  errors: Record<string, string>;
  collapsed: boolean;
  dropMark: 'before' | 'after' | null;
  dragging: boolean;
  groups: ReturnType<typeof groupBlockTypes>;
  actions: CardActions;
};

const BlockCard = memo(function BlockCard({
  block,
  index,
  count,
  info,
  errors,
  collapsed,
  dropMark,
  dragging,
  groups,
  actions,
}: CardProps) {
  const errorCount = Object.keys(errors).length;
  const hasErrors = errorCount > 0;
  const isCollapsed = collapsed && !hasErrors;
  const label = info?.label ?? block.type;
  const bodyId = `block-${block.id}-body`;
  const summary = isCollapsed ? blockSummary(block.value) : '';
  const classes = [
    'admin-block',
    hasErrors ? 'admin-block--error' : '',
    dropMark ? `admin-block--drop-${dropMark}` : '',
    dragging ? 'admin-block--dragging' : '',
  ];
  return (
    // The id is the target of the error summary's links; tabIndex -1 lets the link move focus here.
    <li
      id={`block-card-${block.id}`}
      tabIndex={-1}
      className={classes.filter(Boolean).join(' ')}
      data-block-type={block.type}
      data-block-label={`${index + 1} (${label})`}
    >
      <div className="admin-block__header">
        <span
          className="admin-block__grip"
          aria-hidden="true"
          title="Drag to move"
          data-drag-handle
          onPointerDown={(event) => actions.startDrag(index, event)}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" focusable="false">
            <path
              d="M9 5v.01M15 5v.01M9 12v.01M15 12v.01M9 19v.01M15 19v.01"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
            />
          </svg>
        </span>
        <button
          type="button"
          className="admin-block__toggle"
          aria-expanded={!isCollapsed}
          aria-controls={bodyId}
          onClick={() => actions.toggle(block.id)}
        >
          <BlockIcon type={block.type} {...(info?.group ? { group: info.group } : {})} />
          {`${index + 1}. ${label}`}
          {/* Collapsed, the card says what it holds: its heading or first words. */}
          {isCollapsed && summary ? <span className="admin-block__summary">{summary}</span> : null}
          {hasErrors ? (
            <span className="admin-block__error-count">{` ${errorCount} ${errorCount === 1 ? 'error' : 'errors'}`}</span>
          ) : null}
        </button>
        <BlockTools
          label={`${index + 1} (${label})`}
          first={index === 0}
          last={index === count - 1}
          onMoveUp={() => actions.move(index, index - 1)}
          onMoveDown={() => actions.move(index, index + 1)}
          onDuplicate={() => actions.duplicate(block.id)}
          onRemove={() => actions.remove(block.id)}
        />
      </div>
      {errors[''] ? <p className="admin-field__error">{errors['']}</p> : null}
      <div id={bodyId} hidden={isCollapsed} className="admin-block__body">
        {info ? (
          <SchemaField
            id={`block-${block.id}`}
            name="value"
            meta={{ label: `${label} content` }}
            fieldsMeta={info.fields}
            schema={info.schema}
            value={block.value}
            required
            onChange={(value) => actions.setValue(block.id, value)}
            errorAt={(path) => errors[path]}
          />
        ) : (
          <p className="admin-field__error">{`Unknown block type '${block.type}': it will be dropped unless removed.`}</p>
        )}
      </div>
      <BlockPicker
        groups={groups}
        label={`after block ${index + 1}`}
        onAdd={(type) => actions.insert(index + 1, type)}
      />
    </li>
  );
});
