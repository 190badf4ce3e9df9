import { connect } from 'node:net';
import { startSmtpSink } from './smtp-sink.test-helper';

/**
 * The test SMTP server outlives a sender cut in the middle of a mail. A test that stops its proxy
 * mid-transaction once failed a whole suite on CI with "read ECONNRESET" from smtp-server.
 */
it('a connection reset after MAIL FROM neither throws nor delivers the mail', async () => {
  const sink = await startSmtpSink();
  const socket = connect(Number(new URL(sink.url).port), '127.0.0.1');
  const reply = (code: RegExp) =>
    new Promise<void>((resolve) => {
      let seen = '';
      const onData = (chunk: Buffer) => {
        seen += chunk.toString();
        if (code.test(seen)) {
          socket.off('data', onData);
          resolve();
        }
      };
      socket.on('data', onData);
    });
  try {
    await reply(/^220 /m);
    socket.write('EHLO sender.test\r\n');
    await reply(/^250 /m);
    socket.write('MAIL FROM:<owner@example.com>\r\n');
    await reply(/^250 /m);
    socket.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails).toHaveLength(0);
  } finally {
    await sink.close();
  }
});
