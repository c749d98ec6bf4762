/**
 * The requests outside a published API description that the local fakes received (validator.ts
 * records them; setup.ts fails the running test on any). Kept apart from the validator so that the
 * setup file, which every test file loads, does not compile the descriptions' schemas: only a suite
 * that starts a fake does.
 */
export interface ContractViolation {
  service: 'openai' | 'replicate';
  operation: string;
  problems: string[];
}

const recorded: ContractViolation[] = [];

export function recordViolation(violation: ContractViolation): void {
  recorded.push(violation);
}

/** The violations seen since the last call, which are then forgotten. */
export function takeViolations(): ContractViolation[] {
  return recorded.splice(0);
}
