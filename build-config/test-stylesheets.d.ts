/** See test-stylesheets.js: real CSS files in the jsdom document; returns a function that removes them. */
export function applyStylesheets(...files: string[]): () => void;
