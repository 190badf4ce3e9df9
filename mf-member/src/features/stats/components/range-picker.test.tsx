import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyStylesheets } from '@rotalink/build-config/test-stylesheets';
import { RangePicker } from './range-picker';

const stylesheets = [path.join(__dirname, '../../../components/mem.css'), path.join(__dirname, 'stats.css')];

describe('RangePicker', () => {
  it('keeps From and To from overlapping on a phone: stacked, in a column that may shrink, inputs following it', async () => {
    const removeStyles = applyStylesheets(...stylesheets);
    try {
      render(
        <div className="mem-page">
          <RangePicker view={{ preset: '7d' }} onChange={jest.fn()} onError={jest.fn()} error={null} tz="Europe/Paris" />
        </div>,
      );
      await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
      const form = screen.getByRole('form', { name: 'Custom range' });
      // jsdom skips width @media rules: this is the 360 px cascade (two 1fr columns overlapped there)
      expect(getComputedStyle(form).gridTemplateColumns).toBe('minmax(0, 1fr)');
      for (const input of [within(form).getByLabelText('From'), within(form).getByLabelText('To (included)')]) {
        const style = getComputedStyle(input);
        expect([style.minWidth, style.width]).toEqual(['0', '100%']);
      }
    } finally {
      removeStyles();
    }
  });
});
