// The FullCalendar time grid (SPEC §2 "Calendar", §9), in a chunk of its own: loaded when the calendar opens.
import type { DatesSetArg, EventClickArg, EventMountArg } from '@fullcalendar/core';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import {
  BUSINESS_HOURS,
  CALENDAR_HEIGHT,
  type CalendarEvent,
  type CalendarMode,
  opensNewWindow,
  SCROLL_TIME,
} from './calendar-logic';

export type CalendarGridProps = {
  mode: CalendarMode;
  /** The date shown first (the grid is rebuilt, keyed by mode, when the mode changes). */
  initialDate: Date;
  events: CalendarEvent[];
  /** The visible range's first day, on the first render and on each prev / next / Today. */
  onRange: (start: Date) => void;
  onOpenTask: (url: string, newWindow: boolean) => void;
};

const PLUGINS = [timeGridPlugin];
const TOOLBAR = { left: 'prev,next today', center: 'title', right: '' };
const BUTTON_TEXT = { today: 'Today' };

export default function CalendarGrid(props: CalendarGridProps) {
  const { onRange, onOpenTask } = props;
  return (
    <FullCalendar
      plugins={PLUGINS}
      initialView={props.mode === 'week' ? 'timeGridWeek' : 'timeGridDay'}
      initialDate={props.initialDate}
      firstDay={1}
      weekends
      allDaySlot={false}
      editable={false}
      eventStartEditable={false}
      eventDurationEditable={false}
      slotEventOverlap={false}
      eventOverlap={false}
      businessHours={BUSINESS_HOURS}
      height={CALENDAR_HEIGHT[props.mode]}
      scrollTime={SCROLL_TIME}
      nowIndicator
      headerToolbar={TOOLBAR}
      buttonText={BUTTON_TEXT}
      events={props.events}
      datesSet={(arg: DatesSetArg) => onRange(arg.start)}
      eventDidMount={(arg: EventMountArg) => {
        arg.el.title = String(arg.event.extendedProps.hover ?? '');
      }}
      eventClick={(arg: EventClickArg) => {
        arg.jsEvent.preventDefault();
        if (arg.event.url) onOpenTask(arg.event.url, opensNewWindow(arg.jsEvent));
      }}
    />
  );
}
