/**
 * When a form refuses to send, the focus goes to the first field with a message: a phone scrolls
 * to it (it may be off-screen above the button) and a screen reader reads its label and message.
 * `names` are the controls' `name` attributes in the order the form shows them.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, names: readonly string[], errors: Partial<Record<string, string>>) {
  const first = names.find((name) => errors[name]);
  const control = first ? form?.elements.namedItem(first) : null;
  if (control instanceof HTMLElement) control.focus();
}
