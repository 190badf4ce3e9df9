import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { applyStylesheets } from '@rotalink/build-config/test-stylesheets';
import { makeUser } from '../../../test-utils/users';
import { UserTable } from './user-table';

let removeStyles: () => void;
beforeEach(() => {
  removeStyles = applyStylesheets(path.join(__dirname, '../../../components/admin-ui.css'), path.join(__dirname, 'user-list.css'));
});
afterEach(() => removeStyles());

test('on a wide screen every cell of a row is a table cell, so the row dividers line up (the Member cell was a flex box)', () => {
  render(<UserTable users={[makeUser()]} deletingId={null} onView={() => {}} onDelete={() => {}} />);
  const row = screen.getByText('alice@example.com').closest('tr') as HTMLElement;
  const cells = within(row).getAllByRole('cell');
  expect(cells.map((cell) => getComputedStyle(cell).display)).toEqual(cells.map(() => 'table-cell'));
  // Name over email is still a stack, inside the cell.
  const stack = within(cells[0]).getByText('Alice Archer').parentElement as HTMLElement;
  expect(stack).not.toBe(cells[0]);
  expect(getComputedStyle(stack)).toMatchObject({ display: 'flex', flexDirection: 'column' });
});
