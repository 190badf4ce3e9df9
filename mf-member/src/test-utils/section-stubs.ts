/**
 * Stubs for the sections a page carries beside its subject — the handles (issue 32), the rotator
 * settings and the conversion tracking card (issue 30) — each tested on its own. For
 * jest.mock factories: `...jest.requireActual('…/test-utils/section-stubs').sharedApiSections()`.
 */
export const sharedApiSections = () => ({
  getMyHandles: jest.fn(() => Promise.resolve({ handles: {} })),
  getHandle: jest.fn((userId: string) =>
    Promise.resolve({ user_id: userId, handle: null, page_url: '', rotator_url: '', old_handles: [] }),
  ),
  getRotatorSettings: jest.fn(() =>
    Promise.resolve({
      rotator_url: 'http://localhost:4000/r/u_member1',
      mode: 'fulfillment',
      on_finish: 'page',
      backup_url: null,
      unique_window_hours: 0,
      filter_bots: true,
    }),
  ),
});

/** The /live entry's part: the conversion tracking card. */
export const liveSections = () => ({
  getConversionSettings: jest.fn(() =>
    Promise.resolve({
      user_id: 'u_member1',
      postback_url: 'http://localhost:4000/api/conversions/postback?profile_id=u_member1&key=k',
      pixel_url: 'http://localhost:4000/px/u_member1.gif?click_id={click_id}',
      postback_key: 'k',
      key_created_at: '2026-11-27T00:00:00.000Z',
      currency: 'USD',
      attribution_days: 30,
      notify_first_conversion: false,
      currencies: ['EUR', 'USD'],
    }),
  ),
});
