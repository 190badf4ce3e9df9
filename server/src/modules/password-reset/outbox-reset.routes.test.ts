import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { openTestDb, signupMember, testConfig } from '../../../test/helpers';
import { mimePart } from '../mail/smtp-sink.test-helper';

/** Without SMTP_URL (the local default) the reset mail lands in the outbox AND its link is logged. */
describe('password reset with the mail outbox (no SMTP server)', () => {
  let app: FastifyInstance;
  let outbox: string;
  let closeDb: () => Promise<void>;
  let cleanup: () => Promise<void>;
  const logLines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    outbox = mkdtempSync(path.join(tmpdir(), 'rotalink-outbox-'));
    const opened = await openTestDb('sqlite');
    closeDb = opened.handle.close;
    cleanup = opened.cleanup;
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp({ config: testConfig({ MAIL_OUTBOX_DIR: outbox }), db: opened.handle.db, logger: { level: 'info', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await closeDb();
    await cleanup();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('writes the mail as an .eml file and logs the link, which then resets the password', async () => {
    const m = await signupMember(app);
    const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: m.email } });
    expect(res.statusCode).toBe(200);

    // The mail is written just after the answer (beside the welcome mail of the sign-up).
    const resetMails = () =>
      readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
        .filter((eml) => /^Subject: Reset your Rotalink password$/m.test(eml));
    let files: string[] = [];
    for (let i = 0; i < 50 && files.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      files = resetMails();
    }
    expect(files).toHaveLength(1);
    const eml = files[0];
    expect(eml).toMatch(new RegExp(`^To: ${m.email.replace(/[.+]/g, '\\$&')}$`, 'm'));
    const link = /http:\/\/localhost:3000\/resetpassword\?token=[A-Za-z0-9_-]+/.exec(mimePart(eml, 'text/plain'))?.[0];
    expect(link).toBeDefined();

    const logged = logLines.find((l) => l.resetLink);
    expect(logged?.resetLink).toBe(link);

    const token = new URL(link as string).searchParams.get('token');
    const done = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'from the outbox link' },
    });
    expect(done.statusCode).toBe(200);
  });
});
