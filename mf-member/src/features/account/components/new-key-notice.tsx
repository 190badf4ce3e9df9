import { useState } from 'react';
import { copyText } from '../../../components/copy-text';

/** How the notice names what it shows: an API key by default, a webhook's signing secret too. */
export interface SecretTexts {
  heading: string;
  field: string;
  copy: string;
}

/** The one time a key's text (or a webhook's signing secret) is shown (issue 31): copy it now. */
export function NewKeyNotice({
  name,
  secret,
  onDone,
  texts = { heading: `Your new key “${name}”.`, field: 'New API key', copy: 'Copy key' },
}: {
  name: string;
  secret: string;
  onDone: () => void;
  texts?: SecretTexts;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="mem-notice" role="status">
      <p>
        <strong>{texts.heading}</strong> Copy it now: it will not be shown again.
      </p>
      <input className="mem-input" readOnly value={secret} aria-label={texts.field} onFocus={(e) => e.target.select()} />
      <div className="mem-actions">
        <button type="button" className="mem-btn" onClick={() => void copyText(secret).then(setCopied)}>
          {copied ? 'Copied' : texts.copy}
        </button>
        <button type="button" className="mem-btn mem-btn--secondary" onClick={onDone}>
          I have saved it
        </button>
      </div>
      {copied === false && <p role="alert">The browser did not let us copy: select it and copy it yourself.</p>}
    </div>
  );
}
