// Ten recovery codes, shown once: a list, Copy and Download .txt.
import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';

export function RecoveryCodes({ codes, account }: { codes: string[]; account: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const text = [
    `SD6 recovery codes${account ? ` for ${account}` : ''}`,
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'sd6-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div>
      <Alert variant="warning" className="py-2 small">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator
        app. They are shown only now.
      </Alert>
      <ol
        className="sd-recovery-codes list-unstyled row row-cols-2 g-1 font-monospace mb-3"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ol>
      <div className="d-flex gap-2 mb-2">
        <Button size="sm" variant="outline-secondary" onClick={() => void copy()}>
          Copy
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={download}>
          Download .txt
        </Button>
      </div>
      <div role="status" className="small text-body-secondary">
        {copied === 'yes'
          ? 'Copied.'
          : copied === 'failed'
            ? 'Copying is not allowed here: select the codes instead.'
            : ''}
      </div>
    </div>
  );
}
