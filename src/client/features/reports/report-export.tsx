// Export buttons of a report: the server makes the file and keeps it in report history, then the browser downloads
// it from the history row's address; the user is told where the file is kept.
import { useState } from 'react';
import { Alert, Button, ButtonGroup, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  type ReportHistoryItem,
  reportDef,
} from '../../../shared/reports';
import { pathFor } from '../../../shared/routes';
import { apiPost } from '../../api/http';
import { reportMessages } from './report-filters';

/** Starts a download of a file the server answers as an attachment (the page stays where it is). */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

type ExportState =
  | { step: 'idle' }
  | { step: 'working'; format: ExportFormat }
  | { step: 'saved'; history: ReportHistoryItem }
  | { step: 'failed'; error: Error };

export function ReportExport({ reportKey, query }: { reportKey: string; query: Record<string, string> }) {
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const run = async (format: ExportFormat) => {
    setState({ step: 'working', format });
    try {
      const { history } = await apiPost<{ history: ReportHistoryItem }>(
        `/api/report/${encodeURIComponent(reportKey)}/export`,
        { format, query },
      );
      startDownload(history.download);
      setState({ step: 'saved', history });
    } catch (error) {
      setState({ step: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
    }
  };
  const working = state.step === 'working';
  return (
    <div className="d-flex flex-column align-items-end gap-2">
      <ButtonGroup size="sm" aria-label="Export">
        {EXPORT_FORMATS.map((format) => (
          <Button key={format} variant="outline-primary" disabled={working} onClick={() => void run(format)}>
            {working && state.format === format ? (
              <Spinner animation="border" size="sm" role="status" aria-label="Exporting" className="me-1" />
            ) : null}
            {format.toUpperCase()}
          </Button>
        ))}
      </ButtonGroup>
      {state.step === 'failed' ? (
        <Alert variant="danger" className="small py-1 px-2 mb-0">
          {reportMessages(state.error, reportDef(reportKey)).map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      ) : null}
      {state.step === 'saved' ? (
        <div className="small text-success-emphasis" role="status">
          Saved to report history:{' '}
          <Link to={`${pathFor('report_history')}?report=${encodeURIComponent(state.history.report)}`}>
            {state.history.fileName}
          </Link>{' '}
          ·{' '}
          <a href={state.history.download} download>
            Download again
          </a>
        </div>
      ) : null}
    </div>
  );
}
