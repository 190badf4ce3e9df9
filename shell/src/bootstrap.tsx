import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '@rotalink/shared-api';
import { offerEarlyAnswer } from '@rotalink/session-kernel';
import { App } from './app/app';
import { StartupError } from './app/startup-error';
import { customHostOf, loadConfigOnce } from './config/load-config';
import { takeEarlyReads } from './early/early-reads';
import { startFederation } from './federation/runtime';
import './styles/global.css'; // react-toastify 11 injects its own styles

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  let customHost: string | null = null;
  try {
    const config = await loadConfigOnce();
    configureApi({ baseURL: config.apiBase });
    // The reads the start-up preloader sent with the token go to the kernel's transport (issue 26).
    for (const read of takeEarlyReads()) offerEarlyAnswer(read.url, read.token, read.answer);
    customHost = customHostOf(config, window.location.host);
    startFederation(config.remotes);
  } catch (error) {
    console.error('Rotalink: start-up failed', error);
    root.render(<StartupError detail={error instanceof Error ? error.message : String(error)} />);
    return;
  }
  root.render(
    <StrictMode>
      <App customHost={customHost} />
    </StrictMode>,
  );
}

void start();
