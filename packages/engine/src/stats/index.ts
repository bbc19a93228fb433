// Statistics: the definitions (rates, classes, causes), the fold of engine events that defines
// every count, and the time buckets of their charts.
export * from './buckets';
export * from './definitions';
export * from './fold';
