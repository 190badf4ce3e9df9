import { readFileSync } from 'node:fs';

/**
 * Puts this remote's real CSS files into the test document (jest stubs CSS imports), so a test can
 * read the cascade with getComputedStyle. jsdom applies selectors and specificity (no layout, no
 * inheritance of most properties) and skips width @media rules, so what it computes is the
 * desktop cascade. Paths are absolute (path.join(__dirname, …)). Returns a function that removes
 * them again.
 */
export function applyStylesheets(...files: string[]): () => void {
  const styles = files.map((file) => {
    const style = document.createElement('style');
    style.textContent = readFileSync(file, 'utf8');
    document.head.appendChild(style);
    return style;
  });
  return () => styles.forEach((style) => style.remove());
}
