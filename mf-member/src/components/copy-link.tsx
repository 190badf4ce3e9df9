import { useEffect, useRef, useState } from 'react';
import { MESSAGES, TIMINGS } from '@rotalink/shared-api';
import { copyText } from './copy-text';

type Feedback = 'idle' | 'copied' | 'failed';

/**
 * A public link shown as text (it wraps on a phone) with a Copy button.
 * Spec §9: the 'Copied!' feedback lasts 2 s.
 */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const [feedback, setFeedback] = useState<Feedback>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onCopy = async () => {
    const ok = await copyText(url);
    setFeedback(ok ? 'copied' : 'failed');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setFeedback('idle'), TIMINGS.copiedFeedbackMs);
  };

  return (
    <div className="mem-copy">
      <a className="mem-copy__url" href={url} target="_blank" rel="noopener noreferrer">
        {url}
      </a>
      <button type="button" className="mem-btn mem-btn--secondary mem-btn--small" onClick={onCopy}>
        {feedback === 'copied' ? (
          MESSAGES.copied
        ) : (
          <>
            Copy<span className="mem-sr-only"> {label}</span>
          </>
        )}
      </button>
      <span className="mem-copy__status" role="status" aria-live="polite">
        {feedback === 'failed' ? 'Copy did not work here: select the link and copy it.' : ''}
      </span>
    </div>
  );
}
