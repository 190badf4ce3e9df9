// Issue 7 targets for the visitor page, under the slow profile (JS weight under every profile).
export const PAGE_TARGETS = { jsKB: 170, lcpMs: 2500, cls: 0.1 };
