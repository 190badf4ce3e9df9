import { Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';

/** One file of the zip: its name and its content, produced piece by piece when the zip asks. */
export interface ZipEntry {
  name: string;
  content: () => AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;
}

const encoder = new TextEncoder();

/**
 * A zip of `entries`, streamed (decision 0145): fflate's streaming Zip compresses each piece as it
 * is pushed (ZipDeflate, synchronously, on this thread), and the async generator behind the
 * Readable produces the next piece only when the client has taken the previous one
 * (Readable.from pulls on demand), so a file of a million rows goes out in the memory of one
 * page. Sizes are unknown in advance, so each entry ends with a data descriptor (standard zip,
 * read by every unzip tool). fflate writes no ZIP64: an entry must stay under 4 GiB, which raw
 * click events kept for CLICK_EVENTS_RETENTION_DAYS are far from.
 */
export function zipStream(entries: readonly ZipEntry[], modified = new Date()): Readable {
  async function* bytes(): AsyncGenerator<Uint8Array> {
    let out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((err, chunk) => {
      if (err) failure = err;
      else out.push(chunk);
    });
    /** What fflate has written so far, handed on (and forgotten here). */
    const take = (): Uint8Array[] => {
      if (failure) throw failure;
      const ready = out;
      out = [];
      return ready;
    };
    for (const entry of entries) {
      const file = new ZipDeflate(entry.name, { level: 6 });
      file.mtime = modified;
      zip.add(file);
      for await (const piece of entry.content()) {
        file.push(typeof piece === 'string' ? encoder.encode(piece) : piece);
        yield* take();
      }
      file.push(new Uint8Array(0), true);
      yield* take();
    }
    zip.end();
    yield* take();
  }
  return Readable.from(bytes(), { objectMode: false });
}
