/** A list request, validated: search text, filters by name (values among the declared choices), order, page. */
export type ListQuery = {
  q: string;
  filters: Readonly<Record<string, string>>;
  /** A declared sortable column name; `desc` for descending. Ties are always broken by id. */
  order: { column: string; desc: boolean };
  limit: number;
  offset: number;
};
