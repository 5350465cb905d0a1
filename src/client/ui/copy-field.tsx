// A value shown once (an API token, a webhook secret): read-only, selected on focus, with a Copy button. Without
// clipboard access the value is selected for the user to copy. Give it a `key` of the value so a new one starts afresh.
import { useState } from 'react';
import { Button, InputGroup } from 'react-bootstrap';

export function CopyField({ id, value, label }: { id: string; value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      document.querySelector<HTMLInputElement>(`#${id}`)?.select();
    }
  };
  return (
    <InputGroup size="sm">
      <input
        id={id}
        className="form-control font-monospace"
        readOnly
        value={value}
        aria-label={label}
        onFocus={(e) => e.target.select()}
      />
      <Button variant="outline-success" onClick={copy}>
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </InputGroup>
  );
}
