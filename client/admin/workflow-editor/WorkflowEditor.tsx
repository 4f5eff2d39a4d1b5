import { useEffect, useRef, useState } from 'react';
import { moved, movedTo } from '../../../shared/admin/ordered-list';
import type { WorkflowEditorData } from '../../../views/admin/WorkflowAdminScreens';
import {
  PageNumberAdder,
  WorkflowPageRows,
  WorkflowTaskRows,
  type PageRowValue,
  type TaskRowValue,
} from '../../../views/admin/WorkflowFormRows';
import { ChooserTrigger } from '../choosers/ChooserDialog';
import { pageChooser, type ApiPageItem } from '../choosers/page-chooser';

let counter = 0;
const newKey = () => `w${(counter += 1)}`;

/**
 * The workflow form's tasks and pages, changed in place: Move up / Move down keep focus on the
 * moved row's button (the other direction's at either end) and a live region says where it went;
 * the handle drags a row; Add another task focuses the new row's select; Remove moves focus to
 * Add. Pages are added with the page chooser. The rows are the same markup the server renders
 * without JavaScript (views/admin/WorkflowFormRows.tsx), so the form posts the same fields.
 */
export function WorkflowEditor({
  data,
  initialTasks,
  typedPage,
}: {
  data: WorkflowEditorData;
  initialTasks: string[];
  /** A page number typed before (the form shown again with its error): kept, with its field. */
  typedPage: string;
}) {
  const [rows, setRows] = useState<TaskRowValue[]>(() => initialTasks.map((value) => ({ key: newKey(), value })));
  const [pages, setPages] = useState<PageRowValue[]>(data.pages);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  // The server's errors stand until the field they are about changes.
  const [errors, setErrors] = useState(data.errors);
  const pendingFocus = useRef<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const labels = new Map(data.choices.map((choice) => [choice.value, choice.label]));
  const nameOf = (row: TaskRowValue, index: number) =>
    labels.has(row.value) ? `'${labels.get(row.value)}'` : `task ${index + 1}`;

  useEffect(() => {
    const selector = pendingFocus.current;
    if (!selector) return;
    pendingFocus.current = null;
    root.current?.querySelector<HTMLElement>(selector)?.focus();
  });

  const setTasks = (next: TaskRowValue[]) => {
    setRows(next);
    setErrors((old) => ({ ...old, tasks: undefined }));
  };
  const move = (index: number, by: number) => {
    const row = rows[index]!;
    setTasks(moved(rows, index, by));
    const position = index + by + 1;
    setAnnouncement(`Moved ${nameOf(row, index)} to position ${position} of ${rows.length}.`);
    const edge = (by < 0 && position === 1) || (by > 0 && position === rows.length);
    pendingFocus.current = `[data-move="${row.key}:${edge === by < 0 ? 'down' : 'up'}"]`;
  };

  return (
    <div ref={root} className="admin-workflow-editor">
      <WorkflowTaskRows
        rows={rows}
        choices={data.choices}
        error={errors.tasks}
        handlers={{
          change: (index, value) => setTasks(rows.map((row, i) => (i === index ? { ...row, value } : row))),
          move,
          remove: (index) => {
            setTasks(rows.filter((_, i) => i !== index));
            setAnnouncement(`Removed ${nameOf(rows[index]!, index)} from the tasks.`);
            pendingFocus.current = '[data-add="task"]';
          },
          add: () => {
            const row = { key: newKey(), value: '' };
            setTasks([...rows, row]);
            setAnnouncement(`Added task ${rows.length + 1}: choose it in the list.`);
            pendingFocus.current = `#id_tasks_${rows.length}`;
          },
          drag: {
            dragging,
            start: setDragging,
            end: () => setDragging(null),
            drop: (index) => {
              if (dragging === null) return;
              setTasks(movedTo(rows, dragging, index));
              setAnnouncement(`Moved ${nameOf(rows[dragging]!, dragging)} to position ${index + 1} of ${rows.length}.`);
              setDragging(null);
            },
          },
        }}
      />
      <WorkflowPageRows
        pages={pages}
        error={errors.pages}
        onRemove={(id) => {
          const page = pages.find((p) => p.id === id);
          setPages(pages.filter((p) => p.id !== id));
          setAnnouncement(`Removed ${page?.title ?? 'the page'} from the pages.`);
          pendingFocus.current = '[data-add="page"] button';
        }}
        adder={
          <>
            {typedPage ? <PageNumberAdder value={typedPage} error={errors.new_page} /> : null}
            <div className="admin-row-list__buttons" data-add="page">
              <ChooserTrigger
                definition={pageChooser}
                trigger="Add a page"
                onChoose={(item) => {
                  const page = item.record as ApiPageItem;
                  if (pages.some((p) => p.id === page.id)) {
                    setAnnouncement(`${page.title} is already on the list.`);
                    return;
                  }
                  setPages([...pages, { id: page.id, title: page.title, trail: '', url: page.meta.html_url ?? '' }]);
                  setErrors((old) => ({ ...old, pages: undefined }));
                  setAnnouncement(`Added ${page.title} to the pages.`);
                }}
              />
            </div>
          </>
        }
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
