// The first module of main.js (see webpack.config.js). A failure here only means the first page
// loads the ordinary way; the bootstrap reports configuration errors itself.
import { preloadFirstPage } from './early-preload';

preloadFirstPage().catch(() => undefined);
