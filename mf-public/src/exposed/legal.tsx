// Exposed as ./Legal; the shell passes page = 'terms' | 'privacy' | 'refund'.
export { LegalPage as default } from '../features/legal/components/legal-page';
export type { LegalPageName } from '../features/legal/components/legal-page';
