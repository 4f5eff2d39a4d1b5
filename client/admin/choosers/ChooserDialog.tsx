import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogTrigger,
  Heading,
  Input,
  Label,
  Modal,
  ModalOverlay,
  SearchField,
} from 'react-aria-components';
import { ChooserFilterSelect } from './ChooserFilterSelect';
import { ChooserGrid } from './ChooserGrid';
import { ChooserUploadForm } from './ChooserUploadForm';
import type { BrowsePlace, ChooserDefinition, ChooserItem, ChooserPage } from './types';

const SEARCH_DELAY_MS = 250;

type Props = {
  definition: ChooserDefinition;
  /** The trigger button's content (visible text plus any visually hidden context). */
  trigger: ReactNode;
  triggerClassName?: string;
  onChoose(item: ChooserItem): void;
};

/**
 * A button that opens a chooser in a modal dialog: a search field and browsable results, all by
 * keyboard (Tab through the results, or arrow keys in a grid of thumbnails; Enter to choose or
 * browse, Escape to close). Focus returns
 * to the trigger when it closes.
 */
export function ChooserTrigger({ definition, trigger, triggerClassName, onChoose }: Props) {
  return (
    <DialogTrigger>
      <Button className={triggerClassName ?? 'admin-button admin-button--secondary'}>{trigger}</Button>
      <ModalOverlay className="admin-modal" isDismissable>
        <Modal className="admin-chooser-modal">
          <Dialog className="admin-dialog admin-chooser">
            {({ close }) => (
              <ChooserBody
                definition={definition}
                onChoose={(item) => {
                  close();
                  onChoose(item);
                }}
                onCancel={close}
              />
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

type Loaded = { state: 'loading' } | { state: 'error'; message: string } | ({ state: 'done' } & ChooserPage);

function ChooserBody({
  definition,
  onChoose,
  onCancel,
}: {
  definition: ChooserDefinition;
  onChoose(item: ChooserItem): void;
  onCancel(): void;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [trail, setTrail] = useState<Exclude<BrowsePlace, null>[]>([]);
  const [offset, setOffset] = useState(0);
  const [filters, setFilters] = useState<Record<string, string>>({});
  // The answer to the latest query; a stale one (the query has moved on) reads as loading.
  const [result, setResult] = useState<{ key: string; loaded: Loaded } | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const moveFocus = useRef(false);
  const listTitleId = useId();
  const parent = trail.at(-1) ?? null;
  const queryKey = JSON.stringify([search, parent?.id ?? null, offset, filters]);
  const loaded: Loaded = result?.key === queryKey ? result.loaded : { state: 'loading' };

  // Searching waits for a pause in typing; clearing the field goes back to browsing at once.
  useEffect(() => {
    const next = text.trim();
    const timer = setTimeout(
      () => {
        setSearch(next);
        setOffset(0);
      },
      next ? SEARCH_DELAY_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    const controller = new AbortController();
    definition.load({ search, parent, offset, filters }, controller.signal).then(
      (page) => setResult({ key: queryKey, loaded: { state: 'done', ...page } }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setResult({
            key: queryKey,
            loaded: { state: 'error', message: error instanceof Error ? error.message : String(error) },
          });
      },
    );
    return () => controller.abort();
  }, [definition, search, parent, offset, filters, queryKey]);

  // After browsing or paging, the button that was pressed is gone: continue from the list's
  // heading, in the same commit that removed the button (else the dialog's focus scope would
  // send focus back to its first field).
  useLayoutEffect(() => {
    if (moveFocus.current) {
      moveFocus.current = false;
      listHeading.current?.focus();
    }
  }, [queryKey]);

  const browse = (nextTrail: Exclude<BrowsePlace, null>[]) => {
    moveFocus.current = true;
    // Browsing into a search result shows its children: the search is over.
    setText('');
    setSearch('');
    setTrail(nextTrail);
    setOffset(0);
  };
  const turnPage = (nextOffset: number) => {
    moveFocus.current = true;
    setOffset(nextOffset);
  };
  const noun = definition.noun;
  const listTitle = search
    ? `Results for “${search}”`
    : parent
      ? `Pages in ${parent.title}`
      : definition.browsable
        ? 'Sites'
        : `All ${pluralOf(noun)}`;

  return (
    <>
      <Heading slot="title">{`Choose ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`}</Heading>
      <SearchField className="admin-field admin-chooser__search" value={text} onChange={setText} autoFocus>
        <Label>Search</Label>
        <Input />
      </SearchField>
      {definition.filters?.map((filter) => (
        <ChooserFilterSelect
          key={filter.name}
          filter={filter}
          value={filters[filter.name] ?? ''}
          onChange={(value) => {
            setFilters((current) => ({ ...current, [filter.name]: value }));
            setOffset(0);
          }}
        />
      ))}
      {definition.upload ? (
        <ChooserUploadForm upload={definition.upload} noun={noun} filters={filters} onUploaded={onChoose} />
      ) : null}
      {definition.browsable && !search ? (
        <nav aria-label="Location" className="admin-breadcrumbs admin-chooser__crumbs">
          <ol>
            <li>
              {trail.length ? (
                <Button className="admin-link-button" onPress={() => browse([])}>
                  Root
                </Button>
              ) : (
                <span aria-current="location">Root</span>
              )}
            </li>
            {trail.map((place, index) => (
              <li key={place.id}>
                {index < trail.length - 1 ? (
                  <Button className="admin-link-button" onPress={() => browse(trail.slice(0, index + 1))}>
                    {place.title}
                  </Button>
                ) : (
                  <span aria-current="location">{place.title}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <h3 className="admin-chooser__list-title" id={listTitleId} ref={listHeading} tabIndex={-1}>
        {listTitle}
      </h3>
      <p className="admin-chooser__status" role="status">
        {loaded.state === 'loading' ? 'Loading…' : loaded.state === 'done' ? countText(loaded, offset, noun) : ''}
      </p>
      {loaded.state === 'error' ? (
        <p className="admin-field__error" role="alert">
          {loaded.message}
        </p>
      ) : null}
      {loaded.state === 'done' && loaded.items.length && definition.layout === 'grid' ? (
        <ChooserGrid items={loaded.items} labelledBy={listTitleId} onChoose={onChoose} />
      ) : loaded.state === 'done' && loaded.items.length ? (
        <ul className="admin-chooser__results" aria-labelledby={listTitleId}>
          {loaded.items.map((item) => (
            <li key={item.id} className="admin-chooser__result">
              {item.thumbnail ? (
                <img
                  className="admin-chooser__thumbnail"
                  src={item.thumbnail}
                  alt=""
                  width={80}
                  height={60}
                  loading="lazy"
                />
              ) : null}
              <div className="admin-chooser__result-text">
                {item.unavailable ? (
                  <span className="admin-chooser__title">{item.title}</span>
                ) : (
                  <Button className="admin-link-button admin-chooser__title" onPress={() => onChoose(item)}>
                    <span className="visually-hidden">Choose </span>
                    {item.title}
                  </Button>
                )}
                <span className="admin-chooser__detail">
                  {item.unavailable ? `${item.detail ? `${item.detail} · ` : ''}${item.unavailable}` : item.detail}
                </span>
              </div>
              {definition.browsable && item.childCount ? (
                <Button
                  className="admin-button admin-button--secondary admin-chooser__browse"
                  onPress={() => browse([...(search ? [] : trail), { id: item.id, title: item.title }])}
                >
                  {`${item.childCount} ${item.childCount === 1 ? 'child' : 'children'}`}
                  <span className="visually-hidden">{` of ${item.title}: browse`}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {loaded.state === 'done' && loaded.total > loaded.pageSize ? (
        <div className="admin-chooser__pager">
          <Button
            className="admin-button admin-button--secondary"
            isDisabled={offset === 0}
            onPress={() => turnPage(Math.max(0, offset - loaded.pageSize))}
          >
            Previous
          </Button>
          <Button
            className="admin-button admin-button--secondary"
            isDisabled={offset + loaded.pageSize >= loaded.total}
            onPress={() => turnPage(offset + loaded.pageSize)}
          >
            Next
          </Button>
        </div>
      ) : null}
      <div className="admin-actions">
        <Button className="admin-button admin-button--secondary" onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}

/** 'image' → 'images', 'toolbox' → 'toolboxes'. */
const pluralOf = (noun: string) => (/(x|s|ch|sh)$/.test(noun) ? `${noun}es` : `${noun}s`);

function countText(page: ChooserPage, offset: number, noun: string): string {
  if (!page.total) return `No ${pluralOf(noun)} found.`;
  const plural = page.total === 1 ? noun : pluralOf(noun);
  if (page.total <= page.pageSize) return `${page.total} ${plural}`;
  return `${offset + 1}–${offset + page.items.length} of ${page.total} ${plural}`;
}
