// Keeps the README's "latest table" section in step with the last run.
export const START = '<!-- bench:latest:start -->';
export const END = '<!-- bench:latest:end -->';

/** Replaces the text between the markers (headings demoted one level to sit under the README's). */
export function spliceReadme(readme, markdown) {
  const i = readme.indexOf(START);
  const j = readme.indexOf(END);
  if (i < 0 || j < i) return readme;
  const body = markdown.replace(/^# .*\n+/, '').replace(/^## /gm, '### ');
  return `${readme.slice(0, i + START.length)}\n${body.trim()}\n${readme.slice(j)}`;
}
