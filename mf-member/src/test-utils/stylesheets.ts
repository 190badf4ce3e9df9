import { readFileSync } from 'node:fs';

/**
 * Puts real CSS files of this remote into the test document (jest stubs CSS imports), so a test
 * can read the cascade with getComputedStyle. jsdom matches selectors and specificity but does no
 * layout, inherits few properties and skips width @media rules: assert on the element a rule
 * targets, as the desktop cascade. Paths are absolute (path.join(__dirname, …)). Returns a
 * function that removes them again.
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
