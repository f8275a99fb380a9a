// The gold error-rate audit's pure part (design.md §10): sampling, the
// stratified estimate with Wilson's interval, sample sizes, the card sentence.
export * from './types';
export * from './wilson';
export * from './estimate';
export * from './random';
export * from './sample';
export * from './sample-size';
export * from './sentence';
export * from './views';
