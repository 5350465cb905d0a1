// The one row a table's body shows instead of its rows: a spinner while the rows load, "No Results" when there are
// none (nothing while a problem is shown above the table).
import { Spinner } from 'react-bootstrap';

export function TableStateRow({ pending, colSpan }: { pending: boolean; colSpan: number }) {
  return (
    <tr>
      {pending ? (
        <td colSpan={colSpan}>
          <Spinner animation="border" size="sm" role="status" aria-label="Loading" />
        </td>
      ) : (
        <td colSpan={colSpan} className="text-body-secondary">
          No Results
        </td>
      )}
    </tr>
  );
}
