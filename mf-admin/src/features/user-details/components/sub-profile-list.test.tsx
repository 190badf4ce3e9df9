import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { SubProfile } from '@rotalink/shared-api';
import { applyStylesheets } from '@rotalink/build-config/test-stylesheets';
import { SubProfileList } from './sub-profile-list';

const sub = (overrides: Partial<SubProfile>): SubProfile => ({
  user_id: 'u-side',
  first_name: 'Side',
  last_name: 'Page',
  email: 'side@example.org',
  phone: '555-0100',
  title: '',
  slogan: '',
  about: '',
  ...overrides,
});

let removeStyles: () => void;
beforeEach(() => {
  removeStyles = applyStylesheets(path.join(__dirname, '../../../components/admin-ui.css'), path.join(__dirname, 'user-details.css'));
});
afterEach(() => removeStyles());

test('each sub-profile links to its details page; its email and phone are text, not link-coloured', () => {
  render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <SubProfileList
        subProfiles={[sub({}), sub({ user_id: 'u-nameless', first_name: '', last_name: '', email: null })]}
        from="/admin_dashboard"
      />
    </MemoryRouter>,
  );
  const items = screen.getAllByRole('listitem');
  const named = within(items[0]).getByRole('link', { name: 'Side Page' });
  expect(named).toHaveAttribute('href', '/user-details?userId=u-side');
  // Without a name or an email the link still has a name: the id.
  expect(within(items[1]).getByRole('link', { name: 'u-nameless' })).toHaveAttribute('href', '/user-details?userId=u-nameless');

  const contact = within(items[0]).getByText('side@example.org · 555-0100');
  expect(contact.closest('a')).toBeNull();
  expect(getComputedStyle(contact).color).not.toBe(getComputedStyle(named).color);
  expect(getComputedStyle(named).color).toMatch(/--rl-primary/);
});
