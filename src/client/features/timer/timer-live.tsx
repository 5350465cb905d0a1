// The timer's navigation widget, as a lazily loaded chunk (timer-shell.tsx).
export { TimerWidget } from './timer-widget';
