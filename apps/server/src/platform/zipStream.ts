// A ZIP file written as it goes, for the XLSX writer: each entry is deflated by node's zlib as its
// bytes come, and leaves memory as the reader takes it (its CRC and sizes follow it in a data
// descriptor, known only at its end); the central directory closes the file. Only what a
// spreadsheet needs: no ZIP64 (an entry or file past 4 GB fails rather than being written
// corrupt), no encryption, UTF-8 names.
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

export interface ZipEntry {
  /**
   * Queues `text` (UTF-8) for the deflater without waiting: the caller writes a bounded batch
   * (pieces short enough to stay out of V8's large-object space), then waits for `taken()`.
   */
  add(text: string): void;
  /** Until the deflater has taken what it was given, or failed. */
  taken(): Promise<void>;
  /** Ends the entry: what the deflater holds is written, then its descriptor. */
  end(): Promise<void>;
}

interface Written {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

const MAX = 0xffff_ffff;
/** Sizes and CRC in a data descriptor after the data (bit 3); names in UTF-8 (bit 11). */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

/** Until `out` takes more; a stream closed meanwhile (its reader gone) fails the write instead of waiting forever. */
export const drained = (out: Writable) =>
  new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      out.off('drain', taken);
      out.off('close', closed);
      if (error) reject(error);
      else resolve();
    };
    const taken = () => settle();
    const closed = () => settle(new Error('the stream was closed before its end'));
    out.once('drain', taken);
    out.once('close', closed);
  });

/** MS-DOS time and date, as a ZIP header keeps them (local time, two-second steps). */
function dosTime(at: Date): [time: number, date: number] {
  return [
    (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  ];
}

/** A ZIP into `out`: entries one after another, `end()` writes the directory and ends `out`. */
export function zipStream(out: Writable, level = 6, at = new Date()) {
  const [time, date] = dosTime(at);
  const written: Written[] = [];
  let offset = 0;
  const put = async (bytes: Buffer) => {
    offset += bytes.length;
    if (!out.write(bytes)) await drained(out);
  };
  const fail = (what: string) => new Error(`${what} is past the 4 GB a ZIP without ZIP64 holds`);

  const localHeader = (name: Buffer) => {
    const b = Buffer.alloc(30);
    b.writeUInt32LE(0x04034b50, 0);
    b.writeUInt16LE(VERSION, 4);
    b.writeUInt16LE(FLAGS, 6);
    b.writeUInt16LE(DEFLATE, 8);
    b.writeUInt16LE(time, 10);
    b.writeUInt16LE(date, 12);
    // CRC and sizes (14–25) stay 0: the descriptor holds them.
    b.writeUInt16LE(name.length, 26);
    return Buffer.concat([b, name]);
  };
  const descriptor = (e: Written) => {
    const b = Buffer.alloc(16);
    b.writeUInt32LE(0x08074b50, 0);
    b.writeUInt32LE(e.crc, 4);
    b.writeUInt32LE(e.compressed, 8);
    b.writeUInt32LE(e.size, 12);
    return b;
  };
  const directoryEntry = (e: Written) => {
    const b = Buffer.alloc(46);
    b.writeUInt32LE(0x02014b50, 0);
    b.writeUInt16LE(VERSION, 4);
    b.writeUInt16LE(VERSION, 6);
    b.writeUInt16LE(FLAGS, 8);
    b.writeUInt16LE(DEFLATE, 10);
    b.writeUInt16LE(time, 12);
    b.writeUInt16LE(date, 14);
    b.writeUInt32LE(e.crc, 16);
    b.writeUInt32LE(e.compressed, 20);
    b.writeUInt32LE(e.size, 24);
    b.writeUInt16LE(e.name.length, 28);
    // Extra field, comment, disk, attributes (30–41): none.
    b.writeUInt32LE(e.offset, 42);
    return Buffer.concat([b, e.name]);
  };

  return {
    async entry(name: string): Promise<ZipEntry> {
      const e: Written = { name: Buffer.from(name), offset, crc: 0, compressed: 0, size: 0 };
      if (offset > MAX) throw fail('the file');
      await put(localHeader(e.name));
      const deflater = createDeflateRaw({ level });
      // The deflater's output goes out as it comes; a full reader pauses the deflater, and a full
      // deflater pauses `write`, so nothing piles up between them.
      deflater.on('data', (chunk: Buffer) => {
        e.compressed += chunk.length;
        offset += chunk.length;
        if (!out.write(chunk)) {
          deflater.pause();
          drained(out).then(
            () => deflater.resume(),
            (error: Error) => deflater.destroy(error),
          );
        }
      });
      const ended = new Promise<void>((resolve, reject) => {
        deflater.once('end', resolve);
        deflater.once('error', reject);
      });
      ended.catch(() => {});
      return {
        add(text) {
          const bytes = Buffer.from(text);
          e.crc = crc32(bytes, e.crc);
          e.size += bytes.length;
          if (e.size > MAX) deflater.destroy(fail(name));
          else deflater.write(bytes);
        },
        async taken() {
          if (deflater.writableNeedDrain) await Promise.race([drained(deflater), ended]);
          // Destroyed (too large, or its reader gone): the error `ended` holds.
          if (deflater.destroyed) await ended;
        },
        async end() {
          deflater.end();
          await ended;
          if (e.compressed > MAX) throw fail(name);
          written.push(e);
          await put(descriptor(e));
        },
      };
    },

    async end() {
      const start = offset;
      for (const e of written) await put(directoryEntry(e));
      if (offset > MAX) throw fail('the file');
      const b = Buffer.alloc(22);
      b.writeUInt32LE(0x06054b50, 0);
      b.writeUInt16LE(written.length, 8);
      b.writeUInt16LE(written.length, 10);
      b.writeUInt32LE(offset - start, 12);
      b.writeUInt32LE(start, 16);
      await put(b);
      await new Promise<void>((resolve) => out.end(resolve));
    },
  };
}
