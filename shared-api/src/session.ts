/**
 * The session as remotes see it: the kernel's one token store (issue 26). Kept apart from the
 * shell's set-up (shell-setup.ts), so a remote's build records only the kernel names it really
 * imports (build-config's kernel check).
 */
export { tokenStore, type TokenStore } from '@rotalink/session-kernel';
