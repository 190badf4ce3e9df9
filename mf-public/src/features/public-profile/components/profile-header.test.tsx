import { initials } from './profile-header';

describe('the avatar initials on the public page', () => {
  it.each([
    [{ first_name: 'Zoë', last_name: 'Martin' }, 'ZM'],
    [{ first_name: '🚀 Rocket', last_name: 'Team 🎯' }, '🚀T'],
    [{ first_name: '👩‍💻 Dev', last_name: '🇫🇷 Paris' }, '👩‍💻🇫🇷'],
    [{ first_name: '  ana', last_name: '' }, 'A'],
    [{ first_name: '', last_name: '' }, '?'],
  ])('%j → %s (whole characters, never half an emoji)', (name, expected) => {
    expect(initials(name)).toBe(expected);
    expect(initials(name)).not.toContain('\uFFFD');
  });
});
