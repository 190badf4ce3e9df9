import { useState } from 'react';
import { copyText } from '../../../components/copy-text';

/** The one time a key's text is shown (issue 31): copy it now, the server keeps only its hash. */
export function NewKeyNotice({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="mem-notice" role="status">
      <p>
        <strong>Your new key “{name}”.</strong> Copy it now: it will not be shown again.
      </p>
      <input className="mem-input" readOnly value={secret} aria-label="New API key" onFocus={(e) => e.target.select()} />
      <div className="mem-actions">
        <button type="button" className="mem-btn" onClick={() => void copyText(secret).then(setCopied)}>
          {copied ? 'Copied' : 'Copy key'}
        </button>
        <button type="button" className="mem-btn mem-btn--secondary" onClick={onDone}>
          I have saved it
        </button>
      </div>
      {copied === false && <p role="alert">The browser did not let us copy: select the key and copy it yourself.</p>}
    </div>
  );
}
