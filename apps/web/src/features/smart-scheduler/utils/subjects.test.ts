import { WIZARD } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { addFiles, formatFileSize, newSubject, stillMissing } from './subjects';

const file = (name: string, size: number) => new File(['x'.repeat(size)], name);

describe('newSubject', () => {
  it('starts empty, with an id of its own', () => {
    const [a, b] = [newSubject(), newSubject()];
    expect(a).toMatchObject({ name: '', keyTopics: '', deadline: '', priority: '', files: [] });
    expect(a.id).not.toBe(b.id);
  });
});

describe('addFiles', () => {
  it('skips a file with the same name and size, keeps one with another size', () => {
    const a = file('notes.md', 10);
    const { files, problems } = addFiles(
      [a],
      [file('notes.md', 10), file('notes.md', 11), file('b.txt', 3)],
    );
    expect(files.map((f) => `${f.name}:${f.size}`)).toEqual([
      'notes.md:10',
      'notes.md:11',
      'b.txt:3',
    ]);
    expect(problems).toEqual([]);
  });

  it('refuses other types and empty files, naming each with its reason', () => {
    const { files, problems } = addFiles(
      [],
      [file('slides.pptx', 5), file('empty.txt', 0), file('a.PDF', 4)],
    );
    expect(files.map((f) => f.name)).toEqual(['a.PDF']);
    expect(problems).toEqual([
      { file: 'slides.pptx', reason: 'type' },
      { file: 'empty.txt', reason: 'empty' },
    ]);
  });

  it('refuses a file over 20 MB', () => {
    const big = { name: 'big.pdf', size: WIZARD.fileSizeMax + 1 } as File;
    expect(addFiles([], [big]).problems).toEqual([{ file: 'big.pdf', reason: 'tooLarge' }]);
  });

  it('stops at ten files a subject', () => {
    const many = Array.from({ length: 11 }, (_, i) => file(`n${i}.txt`, 1));
    const { files, problems } = addFiles([], many);
    expect(files).toHaveLength(10);
    expect(problems).toEqual([{ file: 'n10.txt', reason: 'tooMany' }]);
  });

  it('writes sizes for people', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});

describe('stillMissing', () => {
  it('drops a missing file once the same name and size is chosen again', () => {
    const missing = [
      { name: 'notes.md', size: 10 },
      { name: 'lab.txt', size: 3 },
    ];
    expect(stillMissing(missing, [file('notes.md', 10)])).toEqual([{ name: 'lab.txt', size: 3 }]);
    expect(stillMissing(missing, [file('notes.md', 10), file('lab.txt', 3)])).toBeUndefined();
  });
});
