import { describe, expect, it } from 'vitest';
import { greetingKey } from './today';

describe('greetingKey', () => {
  it('welcomes a student without any study plan and welcomes back one with plans', () => {
    expect(greetingKey({ data: [], isError: false })).toBe('dashboard.greetingNew');
    expect(greetingKey({ data: [{ id: 1 }], isError: false })).toBe('dashboard.greeting');
  });

  it('says nothing while the plans load and welcomes back when they cannot be loaded', () => {
    expect(greetingKey({ data: undefined, isError: false })).toBeNull();
    expect(greetingKey({ data: undefined, isError: true })).toBe('dashboard.greeting');
  });
});
