import type { BlockProps } from '../define';
import type { TableValue } from './schema';

export function TableBlock({ value }: BlockProps<TableValue>) {
  const [first, ...rest] = value.rows;
  const head = value.first_row_is_header ? first : undefined;
  const body = value.first_row_is_header ? rest : value.rows;
  return (
    <div className={`block-table container--${value.container}`} data-block-type="table">
      <div className="block-table__scroll">
        <table>
          {value.caption ? <caption>{value.caption}</caption> : null}
          {head ? (
            <thead>
              <tr>
                {head.map((cell, index) => (
                  <th key={index} scope="col">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
          ) : null}
          <tbody>
            {body.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
