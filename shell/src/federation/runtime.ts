/**
 * The shell's side of Module Federation (DESIGN §2, §9): remotes are registered at runtime from
 * config.json — never at build time — and a page's module is fetched only when its route is
 * visited. A failed remote is re-registered with `force` before the next attempt, because the
 * runtime keeps a loaded (or half-loaded) remote entry and its manifest in caches of its own.
 */
import {
  init,
  loadRemote,
  registerGlobalPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName, ShellConfig } from '../config/load-config';
import type { RemoteModuleId } from '../app/route-table';
import { takeEarlyManifest } from './early-manifests';
import { checkKernelFit, kernelSkewOf } from './kernel-fit';
import { stylesheetsReady } from './stylesheets-ready';
import { watchToastLibrary } from './toasts-wanted';

export type { RemoteModuleId };

export class RemoteUnavailableError extends Error {
  override name = 'RemoteUnavailableError';
  constructor(
    readonly id: string,
    reason: string,
  ) {
    super(`${id} is unavailable: ${reason}`);
  }
}

let entries: ShellConfig['remotes'] = {};
/** Remotes that failed since their last registration: the next load re-registers them first. */
const failedRemotes = new Set<string>();

/** Logs every load failure once, with where it happened; the call site decides what to show. */
const reportFailures = (): ModuleFederationRuntimePlugin => ({
  name: 'rotalink-report-remote-failures',
  errorLoadRemote(args) {
    const { id, lifecycle, error } = args as { id?: string; lifecycle?: string; error?: unknown };
    console.error(`Rotalink: could not load ${id ?? 'a remote'} (${lifecycle ?? 'load'})`, error);
    // Returning nothing lets the error reach loadPage's caller, which shows the Retry panel.
    return undefined;
  },
  // Every remote manifest passes here. The first page's was already fetched during start-up
  // (early-preload.ts): that response is handed over instead of asking the remote a second time.
  // Issue 26: before any of the remote's code runs, its manifest says which session-kernel names
  // it imports; a remote this shell's kernel cannot serve is refused here (kernel-fit.ts).
  fetch(url: string, init?: RequestInit) {
    const remote = remoteAt(url);
    const early = takeEarlyManifest(url);
    if (!remote) return early as Promise<Response> | undefined;
    const response = early ? early.then((res) => res ?? fetch(url, init)) : fetch(url, init);
    return response.then((res) => checkKernelFit(remote, res));
  },
});

/** The remote whose manifest this is, by config.json's addresses. */
function remoteAt(url: string): string | undefined {
  return Object.entries(entries).find(([, entry]) => entry === url)?.[0];
}

export function startFederation(remotes: ShellConfig['remotes']): void {
  entries = { ...remotes };
  failedRemotes.clear();
  // Before any remote's instance exists: each picks up the global plugins when it is created.
  registerGlobalPlugins([watchToastLibrary()]);
  // 'loaded-first': a remote that is offline is only touched when one of its pages is opened.
  init({ name: 'shell', remotes: [], shareStrategy: 'loaded-first', plugins: [reportFailures()] });
  registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry: entry as string })));
}

export function remoteOf(id: RemoteModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}

/** Marks the remote so the next load starts from a clean registration (used by Retry). */
export function markRemoteFailed(id: RemoteModuleId): void {
  failedRemotes.add(remoteOf(id));
}

/** Loads one exposed page (e.g. 'mf_member/Dashboard') and returns its default export. */
export async function loadPage(id: RemoteModuleId): Promise<ComponentType<Record<string, unknown>>> {
  const name = remoteOf(id);
  const entry = entries[name];
  if (!entry) throw new RemoteUnavailableError(id, 'no address in config.json');
  if (failedRemotes.has(name)) {
    registerRemotes([{ name, entry }], { force: true });
    failedRemotes.delete(name);
  }
  try {
    const mod = await loadRemote<{ default?: ComponentType<Record<string, unknown>> }>(id);
    if (!mod || !mod.default) throw new RemoteUnavailableError(id, 'the module has no default export');
    await stylesheetsReady();
    return mod.default;
  } catch (error) {
    failedRemotes.add(name);
    // The runtime wraps a refused manifest in an error of its own: say what really happened.
    throw kernelSkewOf(name) ?? error;
  }
}
