import { useEffect, useId, useState } from 'react';
import type { ChooserDefinition } from './types';

/** One filter's select; its choices load when the dialog opens. */
export function ChooserFilterSelect({
  filter,
  value,
  onChange,
}: {
  filter: NonNullable<ChooserDefinition['filters']>[number];
  value: string;
  onChange(value: string): void;
}) {
  const id = useId();
  const [choices, setChoices] = useState<Array<{ value: string; label: string }> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    filter.choices(controller.signal).then(setChoices, (error: unknown) => {
      if (!controller.signal.aborted) setProblem(error instanceof Error ? error.message : String(error));
    });
    return () => controller.abort();
  }, [filter]);
  return (
    <div className="admin-field admin-chooser__filter">
      <label htmlFor={id}>{filter.label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={!choices}
        aria-describedby={problem ? `${id}-error` : undefined}
      >
        <option value="">{filter.anyLabel}</option>
        {choices?.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {problem ? (
        <p className="admin-field__error" id={`${id}-error`}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
