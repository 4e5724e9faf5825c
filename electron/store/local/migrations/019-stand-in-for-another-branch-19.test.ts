import { describe, expect, it } from 'vitest';
import { standIn19Migration } from './019-stand-in-for-another-branch-19';

describe('stand-in migration 19 (drop when merging)', () => {
  it('holds version 19', () => expect(standIn19Migration.version).toBe(19));
});
