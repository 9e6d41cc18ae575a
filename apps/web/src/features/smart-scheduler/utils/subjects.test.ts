import { describe, expect, it } from 'vitest';
import {
  addFiles,
  formatFileSize,
  newSubject,
  type SubjectDraft,
  stillMissing,
  validateSubjects,
} from './subjects';

const topics = 'Cell structure, mitosis and meiosis, DNA replication, protein synthesis.';
const subject = (patch: Partial<SubjectDraft> = {}): SubjectDraft => ({
  ...newSubject(),
  name: 'Biology',
  keyTopics: topics,
  ...patch,
});
const period = { start: '2026-03-02', end: '2026-03-29' };
const file = (name: string, size: number) => new File(['x'.repeat(size)], name);

describe('validateSubjects', () => {
  it('passes complete subjects', () => {
    expect(validateSubjects([subject(), subject({ name: 'Chemistry' })], period)).toBeNull();
  });

  it('names the first failing subject with the spec texts', () => {
    expect(validateSubjects([subject(), subject({ name: '  ' })], period)).toEqual({
      index: 1,
      field: 'name',
      message: 'Subject 2: Name is required.',
    });
    expect(
      validateSubjects(
        [subject({ keyTopics: `  ${'a'.repeat(49)}   ` }), subject({ name: '' })],
        period,
      ),
    ).toEqual({
      index: 0,
      field: 'keyTopics',
      message: 'Subject 1: Key topics must be at least 50 characters.',
    });
    expect(validateSubjects([subject({ keyTopics: 'a'.repeat(50) })], period)).toBeNull();
  });

  it('wants at least one subject', () => {
    expect(validateSubjects([], period)?.message).toBe('Add at least one subject.');
  });

  it('keeps a deadline after the start and inside the period', () => {
    expect(validateSubjects([subject({ deadline: '2026-03-29' })], period)).toBeNull();
    expect(validateSubjects([subject({ deadline: '2026-03-02' })], period)).toMatchObject({
      field: 'deadline',
      message: 'Subject 1: The deadline must be after the start date and inside the period.',
    });
    expect(validateSubjects([subject({ deadline: '2026-03-30' })], period)?.field).toBe('deadline');
  });

  it('refuses two subjects that would share a file part name, naming both', () => {
    expect(
      validateSubjects(
        [subject({ name: 'Organic chemistry' }), subject({ name: 'organic_Chemistry' })],
        period,
      ),
    ).toEqual({
      index: 1,
      field: 'name',
      message:
        'Subject 2: Each subject needs its own name ("Organic chemistry" and "organic_Chemistry" count as the same).',
    });
    expect(
      validateSubjects(
        [subject({ name: 'Math A' }), subject({ name: 'Physics' }), subject({ name: 'Math_A' })],
        period,
      ),
    ).toMatchObject({
      index: 2,
      message:
        'Subject 3: Each subject needs its own name ("Math A" and "Math_A" count as the same).',
    });
    expect(
      validateSubjects([subject({ name: 'Math A' }), subject({ name: 'Math B' })], period),
    ).toBeNull();
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

  it('refuses other types and empty files with a reason', () => {
    const { files, problems } = addFiles(
      [],
      [file('slides.pptx', 5), file('empty.txt', 0), file('a.PDF', 4)],
    );
    expect(files.map((f) => f.name)).toEqual(['a.PDF']);
    expect(problems).toEqual([
      'slides.pptx: only PDF, DOCX, TXT and Markdown files can be used.',
      'empty.txt: the file is empty.',
    ]);
  });

  it('stops at ten files a subject', () => {
    const many = Array.from({ length: 11 }, (_, i) => file(`n${i}.txt`, 1));
    const { files, problems } = addFiles([], many);
    expect(files).toHaveLength(10);
    expect(problems).toEqual(['n10.txt: a subject can have at most 10 files.']);
  });

  it('writes sizes for people', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});

describe('files forgotten by a reload', () => {
  it('asks for them again until they are chosen or left out', () => {
    const missing = [{ name: 'notes.md', size: 10 }];
    expect(validateSubjects([subject({ missingFiles: missing })], period)).toEqual({
      index: 0,
      field: 'files',
      message: 'Subject 1: Choose its files again after the page reload, or leave them out.',
    });
  });

  it('drops a missing file once the same name and size is chosen again', () => {
    const missing = [
      { name: 'notes.md', size: 10 },
      { name: 'lab.txt', size: 3 },
    ];
    expect(stillMissing(missing, [file('notes.md', 10)])).toEqual([{ name: 'lab.txt', size: 3 }]);
    expect(stillMissing(missing, [file('notes.md', 10), file('lab.txt', 3)])).toBeUndefined();
  });
});
