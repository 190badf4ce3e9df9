import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { LegalPage, type LegalPageName } from './legal-page';

const show = (page: LegalPageName) =>
  render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <LegalPage page={page} />
    </MemoryRouter>,
  );

test.each([
  ['terms', 'Terms of Service', /lifetime plan/i],
  ['privacy', 'Privacy Policy', /we do not sell your personal data/i],
  ['refund', 'Refund Policy', /14-day money-back guarantee/i],
] as const)('%s page: its heading, its content and the support contact', (page, title, content) => {
  show(page);
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.getAllByText(content).length).toBeGreaterThan(0);
  expect(screen.getByRole('link', { name: 'support@rotalink.example' })).toHaveAttribute('href', 'mailto:support@rotalink.example');
});

test('each page links to the other legal pages', () => {
  show('privacy');
  const nav = screen.getByRole('navigation', { name: 'Legal pages' });
  expect(nav).toContainElement(screen.getByRole('link', { name: 'Refund Policy' }));
  expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
});
