import { isHandleShaped, RESERVED_HANDLES } from '@rotalink/shared-api';
import { firstModuleFor, HANDLE_SEGMENT, ROUTES } from './route-table';

describe('route table and handles (issue 32)', () => {
  it('every route that could be read as a handle is reserved, so no member can claim it', () => {
    const open = ROUTES.map((r) => r.path.slice(1).toLowerCase()).filter((p) => isHandleShaped(p) && !RESERVED_HANDLES.includes(p));
    expect(open).toEqual([]);
  });

  it('/{handle} starts the visitor page; fixed routes and other shapes keep theirs', () => {
    expect(firstModuleFor('/ada-lovelace', false)).toBe('mf_public/PublicProfile');
    expect(firstModuleFor('/Ada', false)).toBe('mf_public/PublicProfile');
    expect(firstModuleFor('/login', false)).toBe('mf_public/Login');
    expect(firstModuleFor('/Addlinks', true)).toBe('mf_member/AddLinks');
    expect(firstModuleFor('/a_b', false)).toBe('mf_public/Landing');
    expect(firstModuleFor('/x/y', false)).toBe('mf_public/Landing');
    expect(firstModuleFor('/', false, true)).toBe('mf_public/PublicProfile');
    expect(HANDLE_SEGMENT.test('/ab')).toBe(false);
    expect(HANDLE_SEGMENT.test(`/${'a'.repeat(30)}`)).toBe(true);
    expect(HANDLE_SEGMENT.test(`/${'a'.repeat(31)}`)).toBe(false);
  });
});
