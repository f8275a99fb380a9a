// The seeded demo generator: the workspace the app loads when its store is
// empty, and the inputs of the tests and the bench. Everything else in this
// folder is internal.
export type { GeneratedWorkspace, GenerateOptions } from './generate';
export { DEMO_OPTIONS, generateWorkspace, systemNames } from './generate';
export { writeDemoWorkspace } from './demo-workspace';
