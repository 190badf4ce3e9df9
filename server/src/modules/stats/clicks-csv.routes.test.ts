import { text } from 'node:stream/consumers';
import { addLink, activate, bearer, engines, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { clicksCsvStream } from './clicks-csv';
import { spreadsheetSafe } from './csv-cell';
import { readLinkNames } from './link-names.repository';
import { clickAll, eventsIn } from './stats.test-helper';

/** RFC 4180 as a spreadsheet reads it: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted && c === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      endCell();
    } else if (!quoted && c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else {
      cell += c;
    }
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

describe.each(engines)('clicks CSV (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;
  const links: Array<{ id: string; name: string; link: string }> = [];
  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
    // Names a spreadsheet would run as formulas, and one that needs quoting.
    for (const name of ['=HYPERLINK("http://evil.example","Win")', 'Offer, "best" one']) {
      links.push(await addLink(t.app, m, { link: `https://l${links.length}.example.com/path?a=1`, max_clicks: null, name }));
    }
    await clickAll(t.app, m.userId, [
      { at: at('2026-03-01T09:00:00.000Z'), target: links[0].id, visitor: 'a', referrerHost: '@mail.example' },
      { at: at('2026-03-01T09:00:00.000Z'), target: links[0].id, visitor: 'b', bot: true },
      { at: at('2026-03-01T09:00:00.000Z'), target: links[0].id, visitor: 'c', device: 'mobile', referrerHost: 'news.example.org' },
      { at: at('2026-03-01T09:00:00.000Z'), target: 'rotator', visitor: 'd', device: 'tablet', referrerHost: '+plus.example' },
      { at: at('2026-03-01T10:30:00.000Z'), target: 'rotator', visitor: 'e' },
      { at: at('2026-03-02T23:59:59.999Z'), target: links[0].id, visitor: 'f', referrerHost: '-minus.example' },
      // Outside the range asked for below.
      { at: at('2026-02-28T23:59:59.999Z'), target: links[0].id, visitor: 'g' },
      { at: at('2026-03-03T00:00:00.000Z'), target: links[0].id, visitor: 'h' },
    ]);
  });

  const url = () => `/api/stats/clicks.csv?user_id=${m.userId}&from=2026-03-01T00:00:00Z&to=2026-03-03T00:00:00Z`;

  it('is one row per event of the range, oldest first, with a file name and spreadsheet-safe cells', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: bearer(m.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="rotalink-clicks-${m.userId}-20260301-20260302.csv"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual(['time', 'link_name', 'link_url', 'source', 'verdict', 'device', 'referrer_host']);
    const events = await eventsIn(t.db, m.userId, '2026-03-01T00:00:00.000Z', '2026-03-03T00:00:00.000Z');
    expect(rows).toHaveLength(events.length);
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => r[0])).toEqual(events.map((e) => e.created_at));
    const [evil, offer] = links;
    // Clicks of the same instant come in the order their batch stored them (by id).
    expect(rows.find((r) => r[6] === "'@mail.example")).toEqual([
      '2026-03-01T09:00:00.000Z',
      `'${evil.name}`,
      evil.link,
      'page',
      'counted',
      'desktop',
      "'@mail.example",
    ]);
    expect(rows.find((r) => r[3] === 'rotator' && r[6] === "'+plus.example")).toEqual([
      '2026-03-01T09:00:00.000Z',
      `'${evil.name}`,
      evil.link,
      'rotator',
      'counted',
      'tablet',
      "'+plus.example",
    ]);
    expect(rows[rows.length - 1]).toEqual([
      '2026-03-02T23:59:59.999Z',
      `'${evil.name}`,
      evil.link,
      'page',
      'counted',
      'desktop',
      "'-minus.example",
    ]);
    expect(rows.filter((r) => r[4] === 'bot')).toEqual([
      ['2026-03-01T09:00:00.000Z', `'${evil.name}`, evil.link, 'page', 'bot', 'bot', ''],
    ]);
    expect(offer.name).toBe('Offer, "best" one');
  });

  it('pages through rows of the same instant without losing, repeating or reordering one', async () => {
    const names = await readLinkNames(t.db, m.userId);
    const range = { from: Date.parse('2026-02-01T00:00:00Z'), to: Date.parse('2026-04-01T00:00:00Z') };
    // The order a download promises: time, then the order the clicks were stored in (their id).
    const stored = await t.db
      .selectFrom('click_events')
      .select(['link_id', 'created_at', 'source', 'verdict', 'device', 'referrer_host'])
      .where('user_id', '=', m.userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const expected = stored.map((e) => {
      const link = links.find((l) => l.id === e.link_id);
      return [
        e.created_at,
        link ? spreadsheetSafe(link.name) : '',
        link?.link ?? '',
        e.source,
        e.verdict,
        e.device,
        spreadsheetSafe(e.referrer_host ?? ''),
      ];
    });
    // Four clicks share 09:00:00.000 and differ in their other cells, so a page boundary that
    // lost, repeated or swapped one of them shows; 1, 2, 3 and 5 rows per page cut them everywhere.
    expect(new Set(expected.slice(1, 5).map((r) => r.join('|'))).size).toBe(4);
    expect(new Set(expected.slice(1, 5).map((r) => r[0]))).toEqual(new Set(['2026-03-01T09:00:00.000Z']));
    for (const pageRows of [1, 2, 3, 5]) {
      const body = await text(clicksCsvStream(t.db, { userId: m.userId, range, links: names, pageRows }));
      expect({ pageRows, rows: parseCsv(body.slice(1)).slice(1) }).toEqual({ pageRows, rows: expected });
    }
    expect(expected).toHaveLength(8);
  });

  it('an empty range is the header alone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stats/clicks.csv?user_id=${m.userId}&from=2025-01-01T00:00:00Z&to=2025-01-02T00:00:00Z`,
      headers: bearer(m.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('\uFEFFtime,link_name,link_url,source,verdict,device,referrer_host\n');
  });
});
