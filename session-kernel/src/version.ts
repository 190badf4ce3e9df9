/** This kernel's semver version; the shell logs it beside a remote's when they do not fit. */
export const KERNEL_VERSION = '1.0.0';
