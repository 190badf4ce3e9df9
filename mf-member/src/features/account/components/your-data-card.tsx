import { useState } from 'react';
import { MESSAGES, errorText } from '@rotalink/shared-api';
import { downloadAccountExport } from '@rotalink/shared-api/live';
import { saveBlob } from '../../../components/save-blob';
import { DeleteAccountSection } from './delete-account-section';

/**
 * Issue 33: "Your data" (decision 0145). "Download my data" fetches the zip with the bearer token
 * (a plain link could not carry it) and saves it; the server streams it, so a large account
 * takes a while: the button says so meanwhile. Below it, deleting the account.
 */
export function YourDataCard() {
  const [state, setState] = useState<{ busy: boolean; error: string | null; saved: string | null }>({
    busy: false,
    error: null,
    saved: null,
  });

  const download = async () => {
    setState({ busy: true, error: null, saved: null });
    try {
      const file = await downloadAccountExport();
      saveBlob(file.blob, file.filename);
      setState({ busy: false, error: null, saved: file.filename });
    } catch (err) {
      setState({ busy: false, error: errorText(err, MESSAGES.somethingWentWrong), saved: null });
    }
  };

  return (
    <section className="mem-card" aria-labelledby="mem-your-data-title">
      <h2 id="mem-your-data-title">Your data</h2>
      <p>
        Download everything your account holds as one zip file: your profile and sub-profiles, links, settings, payments, click events and
        conversions (CSV and JSON, with a README that explains each file).
      </p>
      {state.error && (
        <div className="mem-alert" role="alert">
          {state.error}
        </div>
      )}
      {state.saved && (
        <div className="mem-notice" role="status">
          Saved {state.saved}.
        </div>
      )}
      <div className="mem-actions">
        <button type="button" className="mem-btn mem-btn--secondary" disabled={state.busy} onClick={() => void download()}>
          {state.busy ? 'Preparing your download…' : 'Download my data'}
        </button>
      </div>
      <DeleteAccountSection />
    </section>
  );
}
