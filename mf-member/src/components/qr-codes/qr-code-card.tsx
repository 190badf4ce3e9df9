import { useId } from 'react';
import { useAsyncData } from '../use-async-data';
import { ErrorPanel, Loading } from '../page-state';
import { qrFileName, renderQr } from './qr-render';

interface Props {
  /** What the code opens, e.g. "Public page". */
  title: string;
  /** The URL encoded in the code. */
  url: string;
  /** Whose code it is (the profile's name), for the file names and accessible names. */
  owner: string;
}

/** One QR code with its URL and its two downloads (PNG, SVG). */
export function QrCodeCard({ title, url, owner }: Props) {
  const images = useAsyncData(() => renderQr(url), [url]);
  const what = `${title.toLowerCase()} QR code of ${owner}`;
  const titleId = useId();
  return (
    <figure className="mem-qr" aria-labelledby={titleId}>
      <figcaption id={titleId} className="mem-qr__title">
        {title}
      </figcaption>
      {images.state.status === 'loading' && <Loading label="Drawing the QR code…" />}
      {images.state.status === 'error' && <ErrorPanel message="The QR code could not be drawn." onRetry={images.retry} />}
      {images.state.status === 'ready' && (
        <>
          <img className="mem-qr__img" src={images.state.data.svgUrl} width={160} height={160} alt={`QR code that opens ${url}`} />
          <span className="mem-qr__url">{url}</span>
          <span className="mem-actions">
            <a
              className="mem-btn mem-btn--secondary mem-btn--small"
              href={images.state.data.pngUrl}
              download={qrFileName(title, owner, 'png')}
            >
              Download PNG<span className="mem-sr-only"> of the {what}</span>
            </a>
            <a
              className="mem-btn mem-btn--secondary mem-btn--small"
              href={images.state.data.svgUrl}
              download={qrFileName(title, owner, 'svg')}
            >
              Download SVG<span className="mem-sr-only"> of the {what}</span>
            </a>
          </span>
        </>
      )}
    </figure>
  );
}
