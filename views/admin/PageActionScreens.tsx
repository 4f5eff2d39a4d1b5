import type { ReactNode } from 'react';
import { BlockErrorSummary } from './BlockErrorSummary';
import { BlockEditorMount, type BlockEditorView } from './BlockEditorMount';
import { CsrfField } from './CsrfField';
import { EditorFields, editorFieldErrors, type EditorFieldView } from './EditorFields';
import { ListingTable } from './ListingTable';
import {
  CheckboxField,
  FormErrorSummary,
  SelectField,
  TextField,
  summaryFields,
  type SummaryFieldError,
} from './FormFields';

export type PageRef = { id: number; title: string };

function Heading({ kicker, title, back }: { kicker: string; title: string; back: { href: string; label: string } }) {
  return (
    <div className="admin-heading">
      <div>
        <p className="admin-muted admin-heading__kicker">{kicker}</p>
        <h1>{title}</h1>
      </div>
      <a className="admin-button admin-button--secondary" href={back.href}>
        {back.label}
      </a>
    </div>
  );
}

/** Errors of an action that did not happen (stale page, locked, not allowed there...). */
function FormErrors({ errors, fields = [] }: { errors: string[]; fields?: SummaryFieldError[] }) {
  return (
    <FormErrorSummary show={errors.length > 0 || fields.length > 0} nonFieldErrors={errors} fields={fields}>
      Nothing was changed:
    </FormErrorSummary>
  );
}

function ConfirmForm({
  action,
  csrfToken,
  submit,
  children,
}: {
  action: string;
  csrfToken: string;
  submit: string;
  children?: ReactNode;
}) {
  return (
    <form method="post" action={action} className="admin-form">
      <CsrfField token={csrfToken} />
      {children}
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button--primary">
          {submit}
        </button>
      </div>
    </form>
  );
}

/** /wagtail/pages/{id}/unpublish/ */
export function UnpublishScreen({
  page,
  liveDescendants,
  csrfToken,
  errors,
}: {
  page: PageRef;
  liveDescendants: number;
  csrfToken: string;
  errors: string[];
}) {
  return (
    <>
      <Heading
        kicker="Unpublish"
        title={page.title}
        back={{ href: `/wagtail/pages/${page.id}/edit/`, label: 'Cancel' }}
      />
      <FormErrors errors={errors} />
      <p>Are you sure you want to unpublish this page? Its draft is kept and it can be published again.</p>
      <ConfirmForm action={`/wagtail/pages/${page.id}/unpublish/`} csrfToken={csrfToken} submit="Yes, unpublish it">
        {liveDescendants > 0 ? (
          <CheckboxField
            name="include_descendants"
            label={`Unpublish its ${liveDescendants} live subpage${liveDescendants === 1 ? '' : 's'} too`}
            checked={false}
          />
        ) : null}
      </ConfirmForm>
    </>
  );
}

/** /wagtail/pages/{id}/delete/ */
export function DeleteScreen({
  page,
  descendants,
  usage = 0,
  csrfToken,
  errors,
}: {
  page: PageRef;
  descendants: number;
  usage?: number;
  csrfToken: string;
  errors: string[];
}) {
  return (
    <>
      <Heading kicker="Delete" title={page.title} back={{ href: `/wagtail/pages/${page.id}/edit/`, label: 'Cancel' }} />
      <FormErrors errors={errors} />
      {descendants > 0 ? (
        <p className="admin-warning">
          <strong>{`This will also delete ${descendants} subpage${descendants === 1 ? '' : 's'}.`}</strong>
        </p>
      ) : null}
      {usage > 0 ? (
        <div className="admin-errors" role="alert">
          <p>
            {`This page is used in ${usage === 1 ? '1 place' : `${usage} places`}: deleting it breaks those links. `}
            <a href={`/wagtail/pages/${page.id}/usage/`}>See where it is used</a>
          </p>
        </div>
      ) : null}
      <p>Are you sure you want to delete this page? This cannot be undone.</p>
      <ConfirmForm action={`/wagtail/pages/${page.id}/delete/`} csrfToken={csrfToken} submit="Yes, delete it" />
    </>
  );
}

export type DestinationRow = { id: number; title: string; allowed: boolean; hasChildren: boolean };

/** /wagtail/pages/{id}/move/?browse={parent}: browse the tree and pick the new parent. */
export function MoveScreen(props: {
  page: PageRef;
  browsing: PageRef & { allowed: boolean; parentId: number | null };
  rows: DestinationRow[];
  csrfToken: string;
  errors: string[];
}) {
  const { page, browsing, rows, csrfToken, errors } = props;
  const chooseButton = (destination: PageRef) => (
    <form method="post" action={`/wagtail/pages/${page.id}/move/`} className="admin-inline-form">
      <CsrfField token={csrfToken} />
      <input type="hidden" name="destination" value={destination.id} />
      <button type="submit" className="admin-button admin-button--secondary">
        Move here<span className="visually-hidden">{`: under ${destination.title}`}</span>
      </button>
    </form>
  );
  return (
    <>
      <Heading kicker="Move" title={page.title} back={{ href: `/wagtail/pages/${page.id}/edit/`, label: 'Cancel' }} />
      <FormErrors errors={errors} />
      <p>{`Choose the new parent page. You are browsing '${browsing.title}'.`}</p>
      <div className="admin-actions">
        {browsing.parentId ? (
          <a href={`/wagtail/pages/${page.id}/move/?browse=${browsing.parentId}`}>Up one level</a>
        ) : null}
        {browsing.allowed ? chooseButton(browsing) : null}
      </div>
      <ListingTable
        caption={`Pages under ${browsing.title}`}
        rows={rows}
        rowKey={(row) => row.id}
        empty="No subpages here."
        columns={[
          {
            header: 'Title',
            cell: (row) =>
              row.hasChildren ? (
                <a href={`/wagtail/pages/${page.id}/move/?browse=${row.id}`}>{row.title}</a>
              ) : (
                row.title
              ),
          },
          {
            header: 'Actions',
            cell: (row) => (row.allowed ? chooseButton(row) : <span className="admin-muted">Not allowed here</span>),
          },
        ]}
      />
    </>
  );
}

export type CopyValues = {
  new_title: string;
  new_slug: string;
  new_parent_page: string;
  copy_subpages: boolean;
  publish_copies: boolean;
};

/** /wagtail/pages/{id}/copy/ (Wagtail's copy form). */
export function CopyScreen(props: {
  page: PageRef & { hasChildren: boolean; live: boolean };
  destinations: PageRef[];
  values: CopyValues;
  fieldErrors: Partial<Record<keyof CopyValues, string>>;
  errors: string[];
  csrfToken: string;
}) {
  const { page, destinations, values, fieldErrors, errors, csrfToken } = props;
  return (
    <>
      <Heading kicker="Copy" title={page.title} back={{ href: `/wagtail/pages/${page.id}/edit/`, label: 'Cancel' }} />
      <FormErrors
        errors={errors}
        fields={summaryFields(
          [
            { name: 'new_title', label: 'New title' },
            { name: 'new_slug', label: 'New slug' },
            { name: 'new_parent_page', label: 'New parent page' },
          ],
          fieldErrors,
        )}
      />
      <form method="post" action={`/wagtail/pages/${page.id}/copy/`} className="admin-form" noValidate>
        <CsrfField token={csrfToken} />
        <TextField name="new_title" label="New title" value={values.new_title} error={fieldErrors.new_title} />
        <TextField
          name="new_slug"
          label="New slug"
          value={values.new_slug}
          error={fieldErrors.new_slug}
          help="The name of the copy as it will appear in URLs"
        />
        <SelectField
          name="new_parent_page"
          label="New parent page"
          value={values.new_parent_page}
          error={fieldErrors.new_parent_page}
          options={destinations.map((destination) => ({ value: String(destination.id), label: destination.title }))}
        />
        {page.hasChildren ? (
          <CheckboxField name="copy_subpages" label="Copy subpages" checked={values.copy_subpages} />
        ) : null}
        {page.live ? (
          <CheckboxField
            name="publish_copies"
            label="Publish copies (of the pages that are live)"
            checked={values.publish_copies}
          />
        ) : null}
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary">
            Copy this page
          </button>
        </div>
      </form>
    </>
  );
}

/** /wagtail/pages/add/{parent}/: the types the parent allows. */
export function ChooseTypeScreen({
  parent,
  types,
}: {
  parent: PageRef;
  types: Array<{ type: string; label: string }>;
}) {
  return (
    <>
      <Heading
        kicker="Add a page"
        title={`Create a page in '${parent.title}'`}
        back={{ href: `/wagtail/pages/${parent.id}/`, label: 'Cancel' }}
      />
      {types.length ? (
        <ul className="admin-list">
          {types.map((type) => (
            <li key={type.type}>
              <a href={`/wagtail/pages/add/${type.type}/${parent.id}/`}>{type.label}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-empty">No page types may be created here.</p>
      )}
    </>
  );
}

export type AddValues = { title: string; slug: string; seo_title: string; search_description: string };

/** /wagtail/pages/add/{type}/{parent}/: the new page's first version. */
/** The add form's fields as the error summary names and links them, in the form's order. */
const ADD_LABELS = [
  { name: 'title', label: 'Title' },
  { name: 'slug', label: 'Slug' },
  { name: 'seo_title', label: 'Title tag' },
  { name: 'search_description', label: 'Meta description' },
];

export function AddPageScreen(props: {
  parent: PageRef;
  type: { type: string; label: string };
  values: AddValues;
  fieldErrors: Partial<Record<keyof AddValues, string>>;
  errors: string[];
  csrfToken: string;
  /** The body's block editor, for page types with stream fields. */
  blockEditor?: BlockEditorView | null;
  /** The page type's content fields edited as form fields (a form page's notification addresses). */
  editorFields?: EditorFieldView[];
}) {
  const { parent, type, values, fieldErrors, errors, csrfToken, blockEditor, editorFields = [] } = props;
  return (
    <>
      <Heading
        kicker={`New ${type.label}`}
        title={`Create a page in '${parent.title}'`}
        back={{ href: `/wagtail/pages/${parent.id}/`, label: 'Cancel' }}
      />
      <FormErrorSummary
        show={errors.length > 0 || Object.keys(fieldErrors).length > 0 || editorFields.some((field) => field.error)}
        nonFieldErrors={errors}
        fields={[
          ...summaryFields(ADD_LABELS, fieldErrors),
          ...summaryFields(editorFields, editorFieldErrors(editorFields)),
        ]}
      >
        The page could not be created due to validation errors.
      </FormErrorSummary>
      <BlockErrorSummary summary={blockEditor?.errorSummary} />
      <form method="post" action={`/wagtail/pages/add/${type.type}/${parent.id}/`} className="admin-form" noValidate>
        <CsrfField token={csrfToken} />
        <TextField name="title" label="Title" value={values.title} error={fieldErrors.title} />
        <TextField
          name="slug"
          label="Slug"
          value={values.slug}
          error={fieldErrors.slug}
          help="Leave empty to make one from the title"
        />
        <TextField name="seo_title" label="Title tag" value={values.seo_title} error={fieldErrors.seo_title} />
        <TextField
          name="search_description"
          label="Meta description"
          value={values.search_description}
          error={fieldErrors.search_description}
        />
        {blockEditor ? <BlockEditorMount view={blockEditor} /> : null}
        <EditorFields fields={editorFields} />
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--secondary">
            Save draft
          </button>
          <button
            type="submit"
            name="action-publish"
            value="action-publish"
            className="admin-button admin-button--primary"
          >
            Publish
          </button>
        </div>
      </form>
    </>
  );
}
