import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorText } from '@rotalink/shared-api';
import { downloadClicksCsv, downloadConversionsCsv, getStatsSeries, getStatsSummary } from '@rotalink/shared-api/live';
import { useLiveData } from '../../../components/live/use-live-data';
import { presetRange, type Preset, type StatsRange } from './stats-range';
import { saveBlob } from '../../../components/save-blob';

/** What the member chose: a rolling preset, or a fixed custom range. */
export type StatsView = { preset: Exclude<Preset, 'custom'> } | { preset: 'custom'; range: StatsRange };

/** A rolling preset is computed again at each poll, so the chart moves on as the hours pass. */
export const rangeOf = (view: StatsView): StatsRange => (view.preset === 'custom' ? view.range : presetRange(view.preset, new Date()));

/**
 * One profile's stats for the chosen view, kept live (issue 15): the summary and the series are
 * polled side by side with conditional requests while the tab is visible.
 */
export function useStats(userId: string, view: StatsView, enabled: boolean) {
  const key = [userId, view.preset, view.preset === 'custom' ? `${view.range.from}/${view.range.to}` : ''];
  const summary = useLiveData(
    () => {
      const { from, to } = rangeOf(view);
      return getStatsSummary({ user_id: userId, from, to });
    },
    key,
    { enabled },
  );
  const series = useLiveData(
    () => {
      const { from, to, interval, tz } = rangeOf(view);
      return getStatsSeries({ user_id: userId, from, to, interval, tz });
    },
    key,
    { enabled },
  );

  const [downloading, setDownloading] = useState(false);
  /** The range's click events as a CSV file, saved under the server's file name. */
  const downloadCsv = async () => {
    setDownloading(true);
    try {
      const { from, to } = rangeOf(view);
      const file = await downloadClicksCsv({ user_id: userId, from, to });
      saveBlob(file.blob, file.filename);
    } catch (error) {
      toast.error(errorText(error, 'The CSV download failed.'));
    } finally {
      setDownloading(false);
    }
  };

  const [downloadingConversions, setDownloadingConversions] = useState(false);
  /** Issue 30: the range's conversions as a CSV file. */
  const downloadConversions = async () => {
    setDownloadingConversions(true);
    try {
      const { from, to } = rangeOf(view);
      const file = await downloadConversionsCsv({ user_id: userId, from, to });
      saveBlob(file.blob, file.filename);
    } catch (error) {
      toast.error(errorText(error, 'The CSV download failed.'));
    } finally {
      setDownloadingConversions(false);
    }
  };

  return { summary, series, downloadCsv, downloading, downloadConversions, downloadingConversions };
}
