const { readFileSync } = require('node:fs');

/**
 * For the front ends' jest tests (the preset stubs CSS imports): puts real CSS files into the
 * test document, so a test can read the cascade with getComputedStyle. jsdom matches selectors
 * and specificity but does no layout, inherits few properties and skips width @media rules:
 * assert on the element a rule targets, as the desktop cascade. Paths are absolute
 * (path.join(__dirname, …)). Returns a function that removes them again.
 */
function applyStylesheets(...files) {
  const styles = files.map((file) => {
    const style = document.createElement('style');
    style.textContent = readFileSync(file, 'utf8');
    document.head.appendChild(style);
    return style;
  });
  return () => styles.forEach((style) => style.remove());
}

module.exports = { applyStylesheets };
