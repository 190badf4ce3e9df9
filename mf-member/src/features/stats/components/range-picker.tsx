import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/field';
import { customRange, localDay, PRESETS, type CustomDays } from '../hooks/stats-range';
import type { StatsView } from '../hooks/use-stats';

interface Props {
  view: StatsView;
  onChange: (view: StatsView) => void;
  /** The browser's zone, said next to the choice: the days and hours are the member's. */
  tz: string;
  /** Why the typed custom range cannot be shown (null: none); the page hides the figures meanwhile. */
  error: string | null;
  onError: (error: string | null) => void;
}

/** The range of the Stats page: 24 hours, 7 days, 30 days (rolling) or two days of the member's choice. */
export function RangePicker({ view, onChange, tz, error, onError }: Props) {
  const today = localDay(new Date());
  const [customOpen, setCustomOpen] = useState(view.preset === 'custom');
  const [days, setDays] = useState<CustomDays>({ start: today, end: today });

  const onApply = (event: FormEvent) => {
    event.preventDefault();
    const result = customRange(days, tz);
    if ('error' in result) {
      onError(result.error);
      return;
    }
    onError(null);
    onChange({ preset: 'custom', range: result.range });
  };

  return (
    <div className="mem-range">
      <div className="mem-segmented" role="group" aria-label="Range">
        {PRESETS.map((p) => {
          const pressed = p.id === 'custom' ? customOpen : !customOpen && view.preset === p.id;
          return (
            <button
              key={p.id}
              type="button"
              className="mem-segmented__btn"
              aria-pressed={pressed}
              onClick={() => {
                if (p.id === 'custom') setCustomOpen(true);
                else {
                  setCustomOpen(false);
                  onError(null);
                  onChange({ preset: p.id });
                }
              }}
            >
              {p.label}
            </button>
          );
        })}
      </div>
      {customOpen && (
        <form className="mem-range__custom" onSubmit={onApply} noValidate aria-label="Custom range">
          <TextField
            label="From"
            type="date"
            value={days.start}
            max={today}
            onChange={(e) => setDays({ ...days, start: e.target.value })}
          />
          <TextField
            label="To (included)"
            type="date"
            value={days.end}
            max={today}
            onChange={(e) => setDays({ ...days, end: e.target.value })}
          />
          <button type="submit" className="mem-btn">
            Show
          </button>
          {error && (
            <p className="mem-alert" role="alert" style={{ margin: 0, gridColumn: '1 / -1' }}>
              {error}
            </p>
          )}
        </form>
      )}
      <p className="mem-muted" style={{ margin: 0 }}>
        Times are in your zone, {tz}.
      </p>
    </div>
  );
}
