import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { forgetLoadedPages, RemotePage } from './remote-page';
import { startFederation } from './runtime';
import { KernelSkewError } from './kernel-fit';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerGlobalPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const mockedLoad = loadRemote as jest.MockedFunction<typeof loadRemote>;
const mockedRegister = registerRemotes as jest.MockedFunction<typeof registerRemotes>;
const ENTRY = 'http://localhost:3002/mf-manifest.json';

function Dashboard() {
  return <h1>Dashboard</h1>;
}

beforeEach(() => {
  jest.clearAllMocks();
  forgetLoadedPages();
  startFederation({ mf_member: ENTRY });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function renderPage(id: 'mf_member/Dashboard' | 'mf_admin/AdminLogin' = 'mf_member/Dashboard') {
  return render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }} initialEntries={['/user']}>
      <Routes>
        <Route path="/user" element={<RemotePage id={id} />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

it('registers the configured remotes at start, by their manifest URLs', () => {
  expect(mockedRegister).toHaveBeenCalledWith([{ name: 'mf_member', entry: ENTRY }]);
});

it('shows a loading state while the remote loads, then the page', async () => {
  let resolve: (mod: unknown) => void = () => undefined;
  mockedLoad.mockImplementationOnce(() => new Promise((r) => (resolve = r)));
  renderPage();
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  resolve({ default: Dashboard });
  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(mockedLoad).toHaveBeenCalledWith('mf_member/Dashboard');
});

it('a remote that is down shows the unavailable panel; Retry re-registers it and loads it again', async () => {
  mockedLoad.mockRejectedValueOnce(new Error('failed to fetch manifest'));
  renderPage();
  expect(await screen.findByRole('heading', { name: 'This page is temporarily unavailable' })).toBeInTheDocument();
  expect(document.title).toBe('Temporarily unavailable · Rotalink');
  expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');

  mockedRegister.mockClear();
  mockedLoad.mockResolvedValueOnce({ default: Dashboard });
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  // A fresh registration, so no failed manifest or entry cached by the runtime is reused.
  expect(mockedRegister).toHaveBeenCalledWith([{ name: 'mf_member', entry: ENTRY }], { force: true });
  expect(mockedLoad).toHaveBeenCalledTimes(2);
});

it('Retry while the remote is still down shows the panel again', async () => {
  mockedLoad.mockRejectedValue(new Error('still down'));
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(mockedLoad).toHaveBeenCalledTimes(2);
});

it('a page that throws while rendering shows the panel, and Retry loads it afresh', async () => {
  function Broken(): never {
    throw new Error('broken deployment');
  }
  mockedLoad.mockResolvedValueOnce({ default: Broken }).mockResolvedValueOnce({ default: Dashboard });
  renderPage();
  expect(await screen.findByRole('heading', { name: 'This page is temporarily unavailable' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(mockedLoad).toHaveBeenCalledTimes(2);
});

it('a module without a default export counts as unavailable', async () => {
  mockedLoad.mockResolvedValueOnce({});
  renderPage();
  expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

it('a remote missing from config.json is unavailable without any request', async () => {
  renderPage('mf_admin/AdminLogin');
  expect(await screen.findByRole('heading', { name: 'This page is temporarily unavailable' })).toBeInTheDocument();
  expect(mockedLoad).not.toHaveBeenCalled();
});

it('a page that loaded once is shown again without another load', async () => {
  mockedLoad.mockResolvedValue({ default: Dashboard });
  const first = renderPage();
  await screen.findByRole('heading', { name: 'Dashboard' });
  first.unmount();
  renderPage();
  expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(mockedLoad).toHaveBeenCalledTimes(1);
});

it("shows 'being updated' for a remote that needs a newer session kernel, and the rest of the site still works (issue 26)", async () => {
  mockedLoad.mockRejectedValueOnce(new KernelSkewError('mf_member', ['queueLine'], { built: '1.1.0', range: '^1.1.0' }, '1.0.0'));
  // kernelSkewOf is how loadPage learns it; here the runtime's rejection carries it directly.
  renderPage();
  expect(await screen.findByRole('heading', { name: 'This part of the site is being updated — reload in a minute' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'This page is temporarily unavailable' })).not.toBeInTheDocument();
  expect(document.title).toBe('Being updated · Rotalink');
  await userEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
  expect(await screen.findByText('Home page')).toBeInTheDocument();
});
