import { describe, expect, it } from 'vitest';
import { standIn18Migration } from './018-stand-in-for-another-branch-18';

describe('stand-in migration 18 (drop when merging)', () => {
  it('holds version 18', () => expect(standIn18Migration.version).toBe(18));
});
