import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMailer } from './create-mailer';
import { mimePart } from './smtp-sink.test-helper';

describe('outbox mailer', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rotalink-outbox-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes one complete .eml file per mail, creating the folder when needed', async () => {
    const outbox = path.join(dir, 'nested', 'outbox');
    const mailer = createMailer({ outboxDir: outbox });
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'ann@example.com', subject: 'First', text: 'Hello Ann — first mail' });
    await mailer.send({ to: 'bob@example.com', subject: 'Second', text: 'Hello Bob' });

    const files = (await readdir(outbox)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const first = await readFile(path.join(outbox, files[0]), 'utf8');
    expect(first).toMatch(/^To: ann@example.com$/m);
    expect(first).toMatch(/^Subject: First$/m);
    expect(mimePart(first, 'text/plain')).toContain('Hello Ann — first mail');
    const second = await readFile(path.join(outbox, files[1]), 'utf8');
    expect(second).toMatch(/^To: bob@example.com$/m);
  });

  it('uses SMTP instead when an SMTP URL is configured', () => {
    expect(createMailer({ outboxDir: dir, smtpUrl: 'smtp://127.0.0.1:2525' }).kind).toBe('smtp');
  });
});
