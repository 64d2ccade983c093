/**
 * The one zip reader (lib/zip.ts) against hostile and unusual archives: each is refused with a
 * sentence that says what is wrong, or read right; never a hang, a crash or a wrong file. The
 * archives are laid out here byte by byte (APPNOTE), so each can carry exactly one defect.
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readExport } from '../../../lib/history/import/read-export';
import { UnpackedSizeError } from '../../../lib/inflate';
import { entryNamed, openEntry, readEntry, ZipError, zipEntries } from '../../../lib/zip';

interface Part {
  name: string;
  data: Buffer;
  /** 0 stored, 8 deflated; other numbers as given. */
  method?: number;
  flags?: number;
  /** Writes the sizes after the data (a data descriptor) and zeros in the local header. */
  descriptor?: boolean;
  /** Overrides the compressed size the central directory states. */
  statedSize?: number;
}

function archive(parts: Part[], end: { offset?: number; count?: number } = {}): Blob {
  const out: Buffer[] = [];
  const dir: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const method = p.method ?? 8;
    const data = method === 8 ? deflateRawSync(p.data) : p.data;
    const name = Buffer.from(p.name);
    const flags = (p.flags ?? 0) | (p.descriptor ? 8 : 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(p.descriptor ? 0 : data.length, 18);
    local.writeUInt32LE(p.descriptor ? 0 : p.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const descriptor = Buffer.alloc(p.descriptor ? 16 : 0);
    if (p.descriptor) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(data.length, 8);
      descriptor.writeUInt32LE(p.data.length, 12);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(p.statedSize ?? data.length, 20);
    central.writeUInt32LE(p.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    out.push(local, name, data, descriptor);
    dir.push(central, name);
    offset += 30 + name.length + data.length + descriptor.length;
  }
  const directory = Buffer.concat(dir);
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(end.count ?? parts.length, 8);
  record.writeUInt16LE(end.count ?? parts.length, 10);
  record.writeUInt32LE(directory.length, 12);
  record.writeUInt32LE(end.offset ?? offset, 16);
  return new Blob([Buffer.concat([...out, directory, record])]);
}

async function read(zip: Blob, name: string): Promise<string> {
  const entry = entryNamed(await zipEntries(zip), name);
  if (!entry) throw new Error(`no ${name}`);
  return new TextDecoder().decode(await readEntry(zip, entry));
}

const text = (s: string) => Buffer.from(s);

describe('the zip reader refuses a damaged or unsupported archive by name', () => {
  it('not a zip, cut short, or pointing past its end', async () => {
    await expect(zipEntries(new Blob(['just text']))).rejects.toThrow(/not a zip archive/);
    const whole = archive([{ name: 'a.json', data: text('[1,2,3]') }]);
    const cut = whole.slice(0, whole.size - 30);
    await expect(zipEntries(cut)).rejects.toThrow(ZipError);
    await expect(zipEntries(archive([{ name: 'a.json', data: text('[]') }], { offset: 10_000 }))).rejects.toThrow(
      /points past the end/,
    );
    await expect(zipEntries(archive([{ name: 'a.json', data: text('[]') }], { count: 3 }))).rejects.toThrow(
      /central directory/,
    );
    const tooLong = archive([{ name: 'a.json', data: text('[]'), statedSize: 1 << 30 }]);
    await expect(read(tooLong, 'a.json')).rejects.toThrow(/runs past the end/);
  });

  it('zip64, encrypted entries and other compression methods', async () => {
    const zip64 = archive([{ name: 'a.json', data: text('[]'), statedSize: 0xffffffff }]);
    await expect(zipEntries(zip64)).rejects.toThrow(/zip64/);
    await expect(read(archive([{ name: 'a.json', data: text('[]'), flags: 1 }]), 'a.json')).rejects.toThrow(
      /encrypted/,
    );
    await expect(read(archive([{ name: 'a.json', data: text('[]'), method: 12 }]), 'a.json')).rejects.toThrow(
      /compression method 12/,
    );
  });

  it('deflate data that is not deflate, or ends early', async () => {
    // Bytes stored as they are, then declared deflated: refused, not returned as the file.
    const bad = archive([{ name: 'a.json', data: Buffer.alloc(64, 0xff), method: 0 }]);
    const declared = { ...(await zipEntries(bad))[0]!, method: 8 };
    await expect(readEntry(bad, declared)).rejects.toThrow(/damaged zip \(entry a\.json/);
    const words = Array.from({ length: 2000 }, (_, i) => `word${(i * 7919) % 1009}`).join(' ');
    const good = archive([{ name: 'a.json', data: text(words) }]);
    const entry = (await zipEntries(good))[0]!;
    expect(await read(good, 'a.json')).toBe(words);
    const short = { ...entry, compressedSize: Math.floor(entry.compressedSize / 2) };
    await expect(readEntry(good, short)).rejects.toThrow(/damaged zip \(entry a\.json/);
  });
});

describe('the zip reader reads what real writers produce', () => {
  it('an entry written with a data descriptor whose compressed bytes hold signatures', async () => {
    // Stored, so the signatures stay in the entry's bytes as they are: a reader that looks for the
    // entry's end by signature would cut it at the first one.
    const body = Buffer.concat([text('["a"'), Buffer.from('PK\x07\x08PK\x01\x02PK\x03\x04', 'latin1'), text(']')]);
    const zip = archive([
      { name: 'before.bin', data: Buffer.alloc(1000, 7), descriptor: true },
      { name: 'x/conversations.json', data: body, method: 0, descriptor: true },
    ]);
    const entry = entryNamed(await zipEntries(zip), 'conversations.json')!;
    const got = Buffer.from(await readEntry(zip, entry));
    expect(got.equals(body)).toBe(true);
  });

  it('hostile names are only names: a path out of the folder or odd characters read as any other', async () => {
    const zip = archive([
      { name: '../../../etc/passwd', data: text('root:x:0:0') },
      { name: '..\\..\\conversations.json\u0000.exe', data: text('no') },
      { name: '../../conversations.json', data: text('[]') },
    ]);
    const entries = await zipEntries(zip);
    expect(entries.map((e) => e.name)).toContain('../../../etc/passwd');
    expect(entryNamed(entries, 'conversations.json')?.name).toBe('../../conversations.json');
    expect(await read(zip, 'conversations.json')).toBe('[]');
  });

  it('a stored entry over the ceiling is refused before it is read', async () => {
    const zip = archive([{ name: 'big.json', data: Buffer.alloc(2048, 0x20), method: 0 }]);
    const entry = (await zipEntries(zip))[0]!;
    await expect(openEntry(zip, entry, { maxBytes: 1024 })).rejects.toThrow(UnpackedSizeError);
  });
});

/** A ChatGPT conversations.json of one conversation per text, each one user turn. */
function chatGpt(...texts: string[]): string {
  return JSON.stringify(
    texts.map((said, i) => ({
      title: `Chat ${said}`,
      create_time: 1_700_000_000 + i,
      update_time: 1_700_000_100 + i,
      conversation_id: `c-${said}`,
      current_node: 'b',
      mapping: {
        a: { id: 'a', parent: null, children: ['b'], message: null },
        b: {
          id: 'b',
          parent: 'a',
          children: [],
          message: { author: { role: 'user' }, content: { content_type: 'text', parts: [said] } },
        },
      },
    })),
  );
}

async function importedTexts(zip: Blob): Promise<string[]> {
  const found: string[] = [];
  await readExport(zip, 'export.zip', async (batch) => {
    found.push(...batch.flatMap((c) => c.turns.map((t) => t.text)));
  });
  return found;
}

describe('the history import reads only the conversations entries of an export zip', () => {
  it("reads a split export part by part, in the parts' order", async () => {
    const zip = archive([
      { name: 'conversations-010.json', data: text(chatGpt('ten')) },
      { name: 'conversations-002.json', data: text(chatGpt('two', 'two more')) },
      { name: 'conversations-000.json', data: text(chatGpt('zero')) },
      { name: 'user.json', data: text('{}') },
    ]);
    expect(await importedTexts(zip)).toEqual(['zero', 'two', 'two more', 'ten']);
  });

  it('reads none of the other entries, however large', async () => {
    const conversations = chatGpt('I keep bees');
    const image = Buffer.alloc(8 * 1024 * 1024, 3);
    const zip = archive([
      { name: 'file-1-photo.png', data: image, method: 0 },
      { name: 'conversations.json', data: text(conversations) },
    ]);
    let sliced = 0;
    const watched = new Proxy(zip, {
      get(target, prop) {
        if (prop === 'slice')
          return (from: number, to: number) => {
            sliced += to - from;
            return target.slice(from, to);
          };
        const v = Reflect.get(target, prop, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    expect(await importedTexts(watched)).toEqual(['I keep bees']);
    expect(sliced).toBeLessThan(image.length / 8);
  });
});
