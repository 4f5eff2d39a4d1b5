import type { EditorWidget } from '../schemas/editor-widgets';

/**
 * What the viewset's screens receive (views/admin/viewset/). Services in server/modules/admin/
 * viewsets build these from a model's declaration; the views only read them.
 */

/** The names of the model as people read them: 'redirect' / 'redirects'. */
export type ModelNames = { name: string; plural: string };

/** One field of an edit form. `widget` reuses the block editor's vocabulary; absent: a text input. */
export type FormFieldView = {
  name: string;
  label: string;
  help?: string;
  required?: boolean;
  widget?: EditorWidget;
  /** The text input's type when there is no widget. */
  inputType?: 'text' | 'url' | 'email' | 'number';
  /** Choices for the 'select' widget. */
  choices?: ReadonlyArray<{ value: string; label: string }>;
  /** Sentence shown beside a chooser's input: what the current value points at. */
  chosen?: string;
  /** A script that takes over the field when JavaScript runs ('menu': the structured menu editor). */
  enhance?: 'menu';
};

/**
 * A cell drawn as more than its text (the text stays what exports hold): a strong title over a
 * muted line (an embed and its URL), the text as code (an address), or a list of links with a
 * note each and a count of those left out (where an embed is used).
 */
export type CellMarkup =
  | { kind: 'titled'; title: string; detail: string }
  | { kind: 'code' }
  | { kind: 'links'; items: ReadonlyArray<{ label: string; href?: string; note?: string }>; more: number };
export type CellView = { text: string; href?: string; markup?: CellMarkup };
/** A sentence under a list's heading, as text and links (the embeds list links to Settings). */
export type ListIntro = string | ReadonlyArray<string | { text: string; href: string }>;
export type ColumnView = {
  name: string;
  label: string;
  sortHref?: string;
  sorted?: 'asc' | 'desc';
  /** The column naming the row (it links to the edit screen): a grid card's title. */
  linksToEdit?: boolean;
};
/** A select of choices, or a date input (`type: 'date'`, no choices). */
export type FilterView = {
  name: string;
  label: string;
  value: string;
  type?: 'date';
  choices: ReadonlyArray<{ value: string; label: string }>;
};
/** A button posting a small form (e.g. a report's Unlock), with its hidden fields. */
export type RowActionView = { label: string; action: string; fields: Record<string, string>; ariaLabel: string };
export type RowView = {
  id: number;
  title: string;
  cells: CellView[];
  editHref?: string;
  deleteHref?: string;
  postActions?: RowActionView[];
  /** The grid layout's picture of the row (an image's small rendition). */
  thumbnail?: { src: string; width: number; height: number };
};

export type ListView = {
  names: ModelNames;
  /** 'grid': cards with thumbnails (the images library) instead of a table. */
  layout?: 'grid';
  baseUrl: string;
  q: string;
  ordering: string;
  filters: FilterView[];
  columns: ColumnView[];
  rows: RowView[];
  pagination: {
    page: number;
    pageCount: number;
    total: number;
    pageSize: number;
    previousHref?: string;
    nextHref?: string;
  };
  addHref?: string;
  /** Extra header actions (e.g. Import). */
  actions: Array<{ label: string; href: string }>;
  /** Absent for someone who may not export the list. */
  exportHrefs?: { csv: string; xlsx: string };
  bulkDeleteAction?: string;
  /** The other bulk actions the viewer may use (Add to collection, Add tags): the button and its confirmation screen. */
  bulkActions?: Array<{ label: string; href: string }>;
  /** The current list's URL, for the return path after bulk actions. */
  selfHref: string;
  /** False: no search box (a report without text search). */
  searchable?: boolean;
  /** The heading, when it is not the plural name ('Site history'). */
  heading?: string;
  /** A sentence under the heading (what a report shows). */
  intro?: ListIntro;
  /** False: no Actions column (a list whose rows have no actions, e.g. embeds). */
  actionsColumn?: false;
  /** What an empty list says, when not 'There are no {plural} yet.' */
  emptyText?: string;
  /** Sibling lists as tabs (workflows and tasks); `current` marks this one. */
  tabs?: { label: string; links: Array<{ label: string; href: string; current: boolean }> };
};

/** A bulk action's confirmation (Add to collection, Add tags): rows acted on, rows skipped, the one field. */
export type BulkEditView = {
  names: ModelNames;
  /** 'Add to collection' (the kicker reads 'Bulk add to collection'). */
  label: string;
  /** 'Add 2 images to a collection'. */
  title: string;
  /** Where the form posts: the action's URL. */
  action: string;
  /** Where to come back to (the list the rows were ticked on). */
  next: string;
  act: Array<{ id: number; title: string; href?: string }>;
  skipped: Array<{ id: number; title: string; href?: string }>;
  /** How many selected ids name nothing. */
  missing: number;
  field: FormFieldView;
  value: string;
  error?: string;
};

export type FormView = {
  names: ModelNames;
  title: string;
  action: string;
  fields: FormFieldView[];
  values: Record<string, string>;
  fieldErrors: Partial<Record<string, string>>;
  nonFieldErrors: string[];
  /** The version the form was opened on (stale-form detection). */
  version?: number;
  /** A newer save meanwhile: who and when, shown above the form with the input kept. */
  conflict?: string;
  backHref: string;
  links: Array<{ label: string; href: string }>;
  /** Drafts: 'Save draft' and 'Publish' buttons instead of 'Save'; preview posts the form. */
  drafts?: { canPublish: boolean; previewAction?: string; status: string };
  submitLabel: string;
  /** The image edit screen: the image to click for the focal point (the numeric fields stay the keyboard and no-script way). */
  focalPicker?: FocalPickerView;
};

export type FocalPickerView = { src: string; width: number; height: number; alt: string };

export type DeleteView = {
  names: ModelNames;
  items: Array<{ id: number; title: string; usage: number | null; usageHref?: string }>;
  action: string;
  cancelHref: string;
  next?: string;
  /** A delete the model refuses (e.g. a collection that is not empty): explained, no button. */
  refusal?: string;
};

export type HistoryEntryView = {
  id: number;
  action: string;
  description: string;
  user: string | null;
  createdAt: string;
  revisionId: number | null;
  revertAction?: string;
};
export type HistoryView = {
  names: ModelNames;
  title: string;
  entries: HistoryEntryView[];
  total: number;
  backHref: string;
};

export type UsageView = {
  names: ModelNames;
  title: string;
  items: Array<{ label: string; href?: string; where: string }>;
  backHref: string;
};
