import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CopyLink } from '../../../components/copy-link';
import { TextField } from '../../../components/field';
import { focusFirstInvalid } from '../../../components/focus-first-invalid';
import { ErrorPanel, Loading } from '../../../components/page-state';
import { ON_FINISH_CHOICES, ROTATION_MODE_CHOICES } from '../hooks/rotator-choices';
import {
  ERROR_FIELD_ORDER,
  errorFieldOf,
  FINISH_TEXT,
  MODE_TEXT,
  toFormValues,
  validateRotatorForm,
  type RotatorFormErrors,
  type RotatorFormValues,
} from '../hooks/rotator-form';
import { useRotatorSettings } from '../hooks/use-rotator-settings';

export const LOAD_ROTATOR_FAILED = 'Failed to load the rotator settings.';

/**
 * A profile's rotator link (issue 14): the one URL to post anywhere, with Copy, and how it
 * rotates — the mode (one sentence each), what happens when every link is full, the unique
 * window and the bot filter. Shown on /Addlinks beside the queue it rotates. `rotatorUrl`: the
 * address as the page's handle form last knew it (issue 32), so a new handle shows at once.
 */
export function RotatorSettingsSection({ userId, rotatorUrl }: { userId: string; rotatorUrl?: string }) {
  const { settings, current, save, saving } = useRotatorSettings(userId);
  const [values, setValues] = useState<RotatorFormValues | null>(null);
  const [errors, setErrors] = useState<RotatorFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const modeId = useId();
  const finishId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  // The form starts from what the server has, and again after each save.
  useEffect(() => {
    if (current) setValues(toFormValues(current));
  }, [current]);

  if (settings.state.status === 'loading') {
    return (
      <section className="mem-card" aria-labelledby="mem-rotator-heading">
        <h2 id="mem-rotator-heading">Rotator link</h2>
        <Loading label="Loading rotator settings…" />
      </section>
    );
  }
  if (settings.state.status === 'error' || !current || !values) {
    return (
      <section className="mem-card" aria-labelledby="mem-rotator-heading">
        <h2 id="mem-rotator-heading">Rotator link</h2>
        <ErrorPanel message={LOAD_ROTATOR_FAILED} onRetry={settings.retry} />
      </section>
    );
  }

  const set = <K extends keyof RotatorFormValues>(key: K, value: RotatorFormValues[K]) => {
    setValues({ ...values, [key]: value });
    setServerError(null);
    // The edited field's message (and red border) is stale now: it must not wait for the next save.
    const stale = errorFieldOf(key);
    if (stale) setErrors((prev) => ({ ...prev, [stale]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateRotatorForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current, ERROR_FIELD_ORDER, found);
      return;
    }
    const result = await save(values);
    setServerError(result.ok ? null : result.error);
  };

  return (
    <section className="mem-card" aria-labelledby="mem-rotator-heading" style={{ display: 'grid', gap: 12 }}>
      <div>
        <h2 id="mem-rotator-heading" style={{ marginBottom: 4 }}>
          Rotator link
        </h2>
        <p className="mem-muted" style={{ margin: 0 }}>
          One link to post anywhere: each visitor is sent straight to the link whose turn it is. Bots, link previews and repeat visitors can
          be left uncounted.
        </p>
      </div>
      <CopyLink url={rotatorUrl || current.rotator_url} label="rotator link" />

      <form ref={formRef} className="mem-form" onSubmit={onSubmit} noValidate aria-label="Rotator settings">
        <div className="mem-field">
          <label htmlFor={modeId} className="mem-field__label">
            Rotation mode
          </label>
          <select
            id={modeId}
            className="mem-input"
            value={values.mode}
            aria-describedby={`${modeId}-hint`}
            onChange={(e) => set('mode', e.target.value as RotatorFormValues['mode'])}
          >
            {ROTATION_MODE_CHOICES.map((mode) => (
              <option key={mode} value={mode}>
                {MODE_TEXT[mode].label}
              </option>
            ))}
          </select>
          <span id={`${modeId}-hint`} className="mem-field__hint">
            {MODE_TEXT[values.mode].sentence}
          </span>
        </div>

        <fieldset className="mem-field" style={{ border: 0, padding: 0, margin: 0 }} aria-describedby={`${finishId}-hint`}>
          <legend className="mem-field__label">When every link is full</legend>
          {ON_FINISH_CHOICES.map((choice) => (
            <label key={choice} className="mem-check">
              <input
                type="radio"
                name={`${finishId}-finish`}
                value={choice}
                checked={values.onFinish === choice}
                onChange={() => set('onFinish', choice)}
              />
              {FINISH_TEXT[choice]}
            </label>
          ))}
          <span id={`${finishId}-hint`} className="mem-field__hint">
            Visitors always go somewhere: bots and repeat visitors never restart the queue.
          </span>
        </fieldset>

        {(values.onFinish === 'backup' || values.backupUrl !== '') && (
          <TextField
            label="Backup URL"
            name="backupUrl"
            note={values.onFinish === 'backup' ? undefined : '(not used unless chosen above)'}
            hint="Starts with https:// or www."
            inputMode="url"
            autoComplete="off"
            value={values.backupUrl}
            error={errors.backupUrl}
            onChange={(e) => set('backupUrl', e.target.value)}
          />
        )}

        <TextField
          label="Unique window (hours)"
          name="windowHours"
          hint="0 = every click counts. Otherwise a visitor's repeat click on the same link within this many hours is not counted (up to 720)."
          inputMode="numeric"
          value={values.windowHours}
          error={errors.windowHours}
          onChange={(e) => set('windowHours', e.target.value)}
        />

        <label className="mem-check">
          <input type="checkbox" checked={values.filterBots} onChange={(e) => set('filterBots', e.target.checked)} />
          Do not count bots, link previews and prefetches
        </label>

        {/* Issue 16: the owner's mails, each with its own switch (both on by default). */}
        <fieldset className="mem-field" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="mem-field__label">Mail me when</legend>
          <label className="mem-check">
            <input type="checkbox" checked={values.notifyLinkCompleted} onChange={(e) => set('notifyLinkCompleted', e.target.checked)} />A
            link reaches its max clicks
          </label>
          <label className="mem-check">
            <input type="checkbox" checked={values.notifyQueueEmpty} onChange={(e) => set('notifyQueueEmpty', e.target.checked)} />
            The queue becomes empty
          </label>
        </fieldset>

        {serverError && (
          <p className="mem-alert" role="alert" style={{ margin: 0 }}>
            {serverError}
          </p>
        )}
        <div className="mem-actions">
          <button type="submit" className="mem-btn" disabled={saving}>
            {saving ? 'Saving…' : 'Save rotator settings'}
          </button>
        </div>
      </form>
    </section>
  );
}
