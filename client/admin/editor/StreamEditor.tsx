import { useMemo, useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal } from 'react-aria-components';
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

/** One stream field: its blocks with add, remove, duplicate, move up/down, collapse (one at a time or all). */
export function StreamEditor({ field, blocks, blockTypes, onChange, errorsFor }: Props) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const groups = useMemo(() => groupBlockTypes(blockTypes.values()), [blockTypes]);
  const insert = (at: number, type: string) => {
    const info = blockTypes.get(type);
    if (!info) return;
    const next = [...blocks];
    next.splice(at, 0, { type, id: newId(), value: emptyValue(info.schema) });
    onChange(next);
  };
  const move = (from: number, to: number) => {
    const next = [...blocks];
    const [block] = next.splice(from, 1);
    next.splice(to, 0, block!);
    onChange(next);
  };
  const toggle = (id: string) =>
    setCollapsed((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className="admin-stream" aria-labelledby={`stream-${field.name}`} data-stream-field={field.name}>
      <h2 id={`stream-${field.name}`}>{field.label}</h2>
      {blocks.length > 1 ? (
        <div className="admin-stream__bulk">
          <button type="button" className="admin-button admin-button--secondary" onClick={() => setCollapsed(new Set(blocks.map((b) => b.id)))} data-collapse-all>
            Collapse all<span className="visually-hidden">{` blocks of ${field.label}`}</span>
          </button>
          <button type="button" className="admin-button admin-button--secondary" onClick={() => setCollapsed(new Set())} data-expand-all>
            Expand all<span className="visually-hidden">{` blocks of ${field.label}`}</span>
          </button>
        </div>
      ) : null}
      <BlockPicker groups={groups} label={`at the top of ${field.label}`} onAdd={(type) => insert(0, type)} />
      <ol className="admin-stream__blocks">
        {blocks.map((block, index) => {
          const info = blockTypes.get(block.type);
          const errors = errorsFor(block.id);
          const errorCount = Object.keys(errors).length;
          const hasErrors = errorCount > 0;
          const isCollapsed = collapsed.has(block.id) && !hasErrors;
          const label = info?.label ?? block.type;
          const bodyId = `block-${block.id}-body`;
          const summary = isCollapsed ? blockSummary(block.value) : '';
          return (
            // The id is the target of the error summary's links; tabIndex -1 lets the link move focus here.
            <li key={block.id} id={`block-card-${block.id}`} tabIndex={-1} className={`admin-block${hasErrors ? ' admin-block--error' : ''}`} data-block-type={block.type}>
              <div className="admin-block__header">
                <button type="button" className="admin-block__toggle" aria-expanded={!isCollapsed} aria-controls={bodyId} onClick={() => toggle(block.id)}>
                  {`${index + 1}. ${label}`}
                  {/* Collapsed, the card says what it holds: its heading or first words. */}
                  {isCollapsed && summary ? <span className="admin-block__summary">{summary}</span> : null}
                  {hasErrors ? <span className="admin-block__error-count">{` ${errorCount} ${errorCount === 1 ? 'error' : 'errors'}`}</span> : null}
                </button>
                <div className="admin-block__tools">
                  <button type="button" className="admin-button admin-button--secondary" disabled={index === 0} onClick={() => move(index, index - 1)}>
                    Move up<span className="visually-hidden">{` block ${index + 1} (${label})`}</span>
                  </button>
                  <button type="button" className="admin-button admin-button--secondary" disabled={index === blocks.length - 1} onClick={() => move(index, index + 1)}>
                    Move down<span className="visually-hidden">{` block ${index + 1} (${label})`}</span>
                  </button>
                  <button
                    type="button"
                    className="admin-button admin-button--secondary"
                    onClick={() => {
                      const next = [...blocks];
                      next.splice(index + 1, 0, { ...structuredClone(block), id: newId() });
                      onChange(next);
                    }}
                  >
                    Duplicate<span className="visually-hidden">{` block ${index + 1} (${label})`}</span>
                  </button>
                  <RemoveBlockButton label={`${index + 1} (${label})`} onConfirm={() => onChange(blocks.filter((b) => b.id !== block.id))} />
                </div>
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
                    onChange={(value) => onChange(blocks.map((b) => (b.id === block.id ? { ...b, value } : b)))}
                    errorAt={(path) => errors[path]}
                  />
                ) : (
                  <p className="admin-field__error">{`Unknown block type '${block.type}': it will be dropped unless removed.`}</p>
                )}
              </div>
              <BlockPicker groups={groups} label={`after block ${index + 1}`} onAdd={(type) => insert(index + 1, type)} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Removing asks first, in a modal dialog that traps focus and closes on Escape. */
function RemoveBlockButton({ label, onConfirm }: { label: string; onConfirm(): void }) {
  return (
    <DialogTrigger>
      <Button className="admin-button admin-button--secondary">
        Remove<span className="visually-hidden">{` block ${label}`}</span>
      </Button>
      <Modal className="admin-modal" isDismissable>
        <Dialog className="admin-dialog" role="alertdialog">
          {({ close }) => (
            <>
              <Heading slot="title">{`Remove block ${label}?`}</Heading>
              <p>Its content is lost when you save.</p>
              <div className="admin-actions">
                <Button className="admin-button admin-button--secondary" onPress={close}>
                  Cancel
                </Button>
                <Button
                  className="admin-button admin-button--primary"
                  onPress={() => {
                    onConfirm();
                    close();
                  }}
                >
                  Remove
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}
