export { Calendar, type BookedRange, type CalendarChange, type CalendarProps } from './Calendar';
