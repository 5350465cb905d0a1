// One chart in its card: a heading naming it, the picture (for the eye only), and the same numbers as a small table
// under "Show data", which a keyboard opens and a screen reader reads; or a sentence when there is nothing to draw.
import { type ReactNode, useId } from 'react';
import { Card } from 'react-bootstrap';

export type DataTable = {
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
};

export function ChartCard(props: {
  title: string;
  /** Shown instead of the chart and its data when set. */
  empty?: string | null;
  /** The drawing's height in pixels. */
  height: number;
  chart: ReactNode;
  data: DataTable;
}) {
  const id = useId();
  return (
    <Card as="section" className="h-100" aria-labelledby={`${id}-t`}>
      <Card.Body>
        <h2 id={`${id}-t`} className="h6 mb-3">
          {props.title}
        </h2>
        {props.empty ? (
          <p className="text-body-secondary mb-0">{props.empty}</p>
        ) : (
          <>
            {/* The picture repeats the table below: hidden from assistive technology, which reads the table. */}
            <div aria-hidden="true" style={{ height: props.height }}>
              {props.chart}
            </div>
            <details className="mt-2 small">
              <summary>Show data</summary>
              <table className="table table-sm mb-0 mt-2">
                <caption className="visually-hidden">{props.title}</caption>
                <thead>
                  <tr>
                    {props.data.columns.map((c, i) => (
                      <th key={c} scope="col" className={i > 0 ? 'text-end' : undefined}>
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {props.data.rows.map((r) => (
                    <tr key={r.key}>
                      {r.cells.map((cell, i) =>
                        i === 0 ? (
                          // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional, like the columns
                          <th key={i} scope="row" className="fw-normal">
                            {cell}
                          </th>
                        ) : (
                          // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional, like the columns
                          <td key={i} className="text-end">
                            {cell}
                          </td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
