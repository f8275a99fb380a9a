// An input that fails its method's schema. Its own module, so a host can
// recognise it without loading the contract (and zod).
export class ApiInputError extends Error {
  override name = 'ApiInputError';
}
