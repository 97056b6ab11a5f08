import { describe, expect, it } from 'vitest';
import { definedRequirementIds, requirementIdsIn } from './requirement-ids';

describe('requirement ids named by tests (issue 28)', () => {
  it('reads single ids and expands ranges written with … or ...', () => {
    expect([...requirementIdsIn("it('ACC-01…03 NAV-67 and DEP-15...17, KYC-27')")].sort()).toEqual([
      'ACC-01',
      'ACC-02',
      'ACC-03',
      'DEP-15',
      'DEP-16',
      'DEP-17',
      'KYC-27',
      'NAV-67',
    ]);
    expect([...requirementIdsIn('HIST-07…HIST-09')]).toEqual(['HIST-07', 'HIST-08', 'HIST-09']);
  });

  it('takes a backwards or absurd range as its first id only, and ignores what is not an id', () => {
    expect([...requirementIdsIn('ACC-30…12 UTF-8 X-1 a-12')]).toEqual(['ACC-30']);
  });

  it('reads the ids a requirements table defines', () => {
    expect(definedRequirementIds('| BOOT-01 | text | src |\n| BOOT-02 | more |\nnot a row ACC-01\n')).toEqual(['BOOT-01', 'BOOT-02']);
  });
});
