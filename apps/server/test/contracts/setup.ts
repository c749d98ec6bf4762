import { afterEach, expect } from 'vitest';
import { takeViolations } from './violations';

// Every request a local fake received must conform to the service's published API description:
// the test that made a nonconforming request fails, naming the operation and what was wrong.
afterEach(() => {
  const violations = takeViolations();
  expect(violations, 'requests outside the published API description').toEqual([]);
});
