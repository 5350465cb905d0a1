// The SPEC §5 formatting and validation rules, shared by client and server.
export * from './date.js';
export * from './duration.js';
export * from './number.js';
export * from './slip-display.js';
export * from './stamp.js';
export * from './time-of-day.js';
export * from './title-case.js';
export * from './validators.js';
