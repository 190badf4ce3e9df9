/**
 * The field of the admin's second factor (issue 33): a 6-digit code from the app or a recovery
 * code (`XXXXX-XXXXX`), so it takes letters, upper-cased on phones, and no spell-checking. The
 * sign-in's code step and turning two-factor off ask for the same thing.
 */
export function SecondFactorInput(props: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <input
      id={props.id}
      className="adm-input"
      name="code"
      autoComplete="one-time-code"
      inputMode="text"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={11}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}
