// Gallery: modal, side panels, toggler and the load-more results modal.
import { useState } from 'react';
import { Dialog, type DialogSize, LoadMoreModal, type LoadMoreParams, Select, SidePanel } from '../../ui';
import { Demo, Section } from './kit-demo';

const TOTAL_ROWS = 60;
const CLIENTS = [
  { label: 'Acme Dental', value: 'acme' },
  { label: 'Birch Law', value: 'birch' },
];

/** Demo rows: 60 per client, so pages come as 25, 25, 10. */
async function loadDemoRows(client: string, p: LoadMoreParams) {
  await new Promise((r) => setTimeout(r, 300));
  const count = Math.max(0, Math.min(p.limit, TOTAL_ROWS - p.start));
  return Array.from({ length: count }, (_, i) => ({
    id: p.start + i + 1,
    task: `${client} task ${p.start + i + 1}`,
  }));
}

function LoadMoreDemo({ onHidden }: { onHidden: () => void }) {
  const [client, setClient] = useState<string | number | null>(null);
  return (
    <LoadMoreModal<{ id: number; task: string }>
      title="Find a task"
      data-testid="load-more-modal"
      columns={[
        { key: 'id', title: '#', align: 'end' },
        { key: 'task', title: 'Task' },
      ]}
      rowKey={(r) => r.id}
      renderRow={(r) => (
        <>
          <td className="text-end">{r.id}</td>
          <td>{r.task}</td>
        </>
      )}
      filters={
        <Select label="Client" name="kit-lm-client" value={client} onChange={setClient} options={CLIENTS} />
      }
      filterKey={client}
      filtersReady={client !== null}
      filtersMessage="Select a Client to see results."
      load={(p) => loadDemoRows(String(client), p)}
      onHidden={onHidden}
    />
  );
}

export function DialogSection() {
  const [modal, setModal] = useState<DialogSize | null>(null);
  const [panel, setPanel] = useState<'start' | 'end' | 'full' | null>(null);
  const [loadMore, setLoadMore] = useState(false);
  const [staticOpen, setStaticOpen] = useState(false);
  return (
    <Section id="dialogs" title="Dialogs">
      <Demo title="Modal sizes" testId="dialog-sizes">
        <div className="d-flex flex-wrap gap-2">
          {(['sm', '', 'lg', 'xl'] as DialogSize[]).map((size) => (
            <button
              key={size || 'default'}
              type="button"
              className="btn btn-outline-primary"
              onClick={() => setModal(size)}
            >
              Open {size || 'default'} dialog
            </button>
          ))}
        </div>
        <Dialog
          show={modal !== null}
          size={modal ?? ''}
          title="Confirm change"
          onHide={() => setModal(null)}
          onOkay={() => setModal(null)}
          data-testid="kit-dialog"
        >
          <p className="mb-0">Save the new schedule for this agreement?</p>
        </Dialog>
      </Demo>
      <Demo title="Static backdrop" testId="dialog-static">
        <button type="button" className="btn btn-outline-primary" onClick={() => setStaticOpen(true)}>
          Open static dialog
        </button>
        <Dialog show={staticOpen} staticBackdrop title="Static backdrop" onHide={() => setStaticOpen(false)}>
          <p className="mb-0">Clicking outside does not close this dialog.</p>
        </Dialog>
      </Demo>
      <Demo title="Side panels" testId="dialog-panels">
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline-primary" onClick={() => setPanel('start')}>
            Open start panel
          </button>
          <button type="button" className="btn btn-outline-primary" onClick={() => setPanel('end')}>
            Open end panel
          </button>
          <button type="button" className="btn btn-outline-primary" onClick={() => setPanel('full')}>
            Open full-width panel
          </button>
        </div>
        <SidePanel
          show={panel !== null}
          placement={panel === 'start' ? 'start' : 'end'}
          panelWidth={panel === 'full' ? 'full' : 'narrow'}
          title="Daily slips"
          onHide={() => setPanel(null)}
        >
          <p>Panels slide in from the start or the end, narrow or full width.</p>
        </SidePanel>
      </Demo>
      <Demo title="Toggler" testId="dialog-toggler">
        <Dialog title="About this client" toggler="Show client details" showCancel={false}>
          <p className="mb-0">Acme Dental, 4 sites, managed since 2019.</p>
        </Dialog>
      </Demo>
      <Demo title="Load-more results modal" testId="load-more">
        <button type="button" className="btn btn-outline-primary" onClick={() => setLoadMore(true)}>
          Open load-more modal
        </button>
        {loadMore ? <LoadMoreDemo onHidden={() => setLoadMore(false)} /> : null}
      </Demo>
    </Section>
  );
}
