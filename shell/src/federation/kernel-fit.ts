/**
 * Issue 26: a remote may only run on a session kernel that has every name it imports. Each remote's
 * build writes those names into its mf-manifest.json (`rotalinkKernel`, build-config's kernel
 * plugin); the shell reads the manifest as the federation runtime fetches it, before any of the
 * remote's code runs, and compares them with the kernel it loaded. A remote that does not fit is
 * refused with a KernelSkewError — its routes say "being updated" instead of failing half-way
 * ("x is not a function" on a button) — and every other remote keeps working.
 */
import { KERNEL_VERSION } from '@rotalink/session-kernel';

/** What a remote's manifest says about the kernel it was built against. */
export interface KernelNeeds {
  /** The kernel version it was built with. */
  built?: string;
  /** Its package.json range for the kernel. */
  range?: string;
  /** The kernel's names its code imports ('*' when it used the whole namespace). */
  imports?: string[];
}

export class KernelSkewError extends Error {
  override name = 'KernelSkewError';
  constructor(
    readonly remote: string,
    readonly missing: string[],
    readonly needs: KernelNeeds,
    readonly loaded: string,
  ) {
    super(
      `${remote} was built with session kernel ${needs.built ?? '?'} (${needs.range ?? 'no range'}) and imports ` +
        `${missing.join(', ')}, which kernel ${loaded} loaded by this shell does not have`,
    );
  }
}

/**
 * The names the page's kernel really has: the module object the federation runtime serves (the
 * shell's copy, never tree-shaken). By dynamic import on purpose: for a static `import * as`,
 * webpack builds a namespace of only the names this bundle uses, which would be the wrong answer.
 */
const loadedNames = async (): Promise<Set<string>> => new Set(Object.keys(await import('@rotalink/session-kernel')));

/** The names `needs` imports that `have` lacks. */
export function missingNames(needs: KernelNeeds, have: Set<string>): string[] {
  return (needs.imports ?? []).filter((name) => name !== '*' && !have.has(name));
}

const refused = new Map<string, KernelSkewError>();

/** The refusal of this remote's last manifest, if it was refused. */
export function kernelSkewOf(remote: string): KernelSkewError | undefined {
  return refused.get(remote);
}

/**
 * Checks a remote's manifest answer; resolves with it untouched when the remote fits (or says
 * nothing: a remote built before issue 26), rejects with a KernelSkewError — and logs which
 * versions met — when it does not.
 */
export async function checkKernelFit(remote: string, response: Response): Promise<Response> {
  refused.delete(remote);
  if (!response.ok) return response; // the runtime reports a missing manifest itself
  let needs: KernelNeeds | undefined;
  try {
    needs = ((await response.clone().json()) as { rotalinkKernel?: KernelNeeds }).rotalinkKernel;
  } catch {
    return response; // not JSON: the runtime fails it with its own message
  }
  if (!needs) return response;
  const missing = missingNames(needs, await loadedNames());
  if (missing.length === 0) return response;
  const error = new KernelSkewError(remote, missing, needs, KERNEL_VERSION);
  refused.set(remote, error);
  console.error(`Rotalink: ${error.message}; its pages show "being updated" until it is redeployed or the shell is.`);
  throw error;
}
