// The edge functions' copy of the project's rules (supabase/functions/_shared/rules.ts) is what
// backend/scripts/gen-function-rules.ts makes of shared/src/rules today.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { FUNCTION_RULES_FILE, functionRules } from '../scripts/gen-function-rules.ts';

it('the functions charge by the rules the page shows: _shared/rules.ts is regenerated from shared/src/rules', () => {
  expect(
    readFileSync(FUNCTION_RULES_FILE, 'utf8'),
    'stale copy: run `pnpm --filter backend gen:function-rules`',
  ).toBe(functionRules());
});
