import { useId } from 'react';
import { TextField } from '../../../components/field';
import { CLICK_PARAM_MAX, LINK_MACROS, MAX_CLICKS, MAX_NAME } from '@rotalink/shared-api';
import type { LinkFormErrors, LinkFormValues } from '../hooks/link-form';

interface Props {
  values: LinkFormValues;
  errors: LinkFormErrors;
  set: <K extends keyof LinkFormValues>(field: K, value: LinkFormValues[K]) => void;
  /** Extra hint under max clicks (edit: the cap is below the clicks already counted). */
  capHint?: string;
  autoFocusUrl?: boolean;
}

/** Issue 30: how a click id reaches the offer, said under the parameter's field. */
const CLICK_ID_HINT =
  `Conversion tracking: each counted click's id is appended as this parameter (the one your network reads, e.g. subid, s2, aff_sub). ` +
  `Or put ${LINK_MACROS.join(', ')} in the URL: each is replaced when the visitor is sent on.`;

/** URL (spec §5 rule), optional name, max clicks or unlimited (∞), click-id parameter: the fields of add and of edit. */
export function LinkFields({ values, errors, set, capHint, autoFocusUrl }: Props) {
  const unlimitedId = useId();
  return (
    <>
      <TextField
        label="URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/your-referral"
        hint="Starts with https:// or www."
        // No maxLength: the browser would cut a pasted URL silently. Too long is refused with the limit named (issue 29).
        value={values.link}
        error={errors.link}
        // The edit form opens on request: its first field takes the focus.
        autoFocus={autoFocusUrl}
        onChange={(e) => set('link', e.target.value)}
      />
      <TextField
        label="Name"
        note="(optional)"
        maxLength={MAX_NAME}
        value={values.name}
        error={errors.name}
        onChange={(e) => set('name', e.target.value)}
      />
      <div className="mem-form__row">
        <TextField
          label="Max clicks"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_CLICKS}
          step={1}
          hint={values.unlimited ? 'Unlimited (∞): this link never completes.' : (capHint ?? 'Clicks before the link moves to completed.')}
          disabled={values.unlimited}
          value={values.unlimited ? '' : values.maxClicks}
          error={errors.maxClicks}
          onChange={(e) => set('maxClicks', e.target.value)}
        />
        <label className="mem-check" htmlFor={unlimitedId} style={{ alignSelf: 'center' }}>
          <input id={unlimitedId} type="checkbox" checked={values.unlimited} onChange={(e) => set('unlimited', e.target.checked)} />
          Unlimited clicks (∞)
        </label>
      </div>
      <TextField
        label="Click-id parameter"
        note="(optional)"
        autoComplete="off"
        spellCheck={false}
        placeholder="subid"
        maxLength={CLICK_PARAM_MAX}
        hint={CLICK_ID_HINT}
        value={values.clickParam}
        error={errors.clickParam}
        onChange={(e) => set('clickParam', e.target.value)}
      />
    </>
  );
}
